import type { AppContext } from '../../context';
import type { JobHandlers } from '../../jobs/job-map';
import { createSubmissionsService } from './submissions.service';

/** Submissions' jobs: the repeatable sweep of images no submission points to. */
export function submissionsJobHandlers(ctx: AppContext): Pick<JobHandlers, 'submissions.sweep-images'> {
  return {
    'submissions.sweep-images': {
      async run() {
        const deleted = await createSubmissionsService(ctx).sweepUnusedImages();
        if (deleted > 0) ctx.log.info({ deleted }, 'deleted unused submission images');
      },
    },
  };
}
