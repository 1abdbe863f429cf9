import type { AppContext } from '../../context';
import type { JobHandlers } from '../../jobs/job-map';
import { createRecommendationsService } from './recommendations.service';

/** Gives the event loop a turn between slices of the work, and stops once the job is cancelled. */
const pauseFor = (signal: AbortSignal) => async () => {
  await new Promise((resolve) => setImmediate(resolve));
  signal.throwIfAborted();
};

/** The repeatable job that recomputes title similarities and the trending list. */
export function recommendationsJobHandlers(ctx: AppContext): Pick<JobHandlers, 'recommendations.compute'> {
  return {
    'recommendations.compute': {
      async run(_payload, job) {
        const result = await createRecommendationsService(ctx).compute(pauseFor(job.signal));
        ctx.log.info(result, 'recomputed recommendations');
      },
    },
  };
}
