/**
 * The BullMQ processor file of the media lane: each child process the worker forks for it builds
 * the site's runtime from the environment (as `npm run worker` does) and runs transcodes and
 * the lane's other jobs (intro suggestions), so a crash or a leak in ffmpeg's orchestration ends this
 * child, never the worker.
 */
import { createRuntime } from '../app-context';
import { loadConfig } from '../config';
import { mediaJobHandlers } from '../media/media.jobs';
import { introSuggestionJobHandlers } from '../modules/intro-suggestions/intro-suggestions.service';
import { sandboxedProcessor } from './bullmq-sandbox';
import type { JobHandler } from './job-map';

export default sandboxedProcessor(async () => {
  const { ctx } = await createRuntime(loadConfig());
  return {
    db: ctx.db,
    handlers: { ...mediaJobHandlers(ctx), ...introSuggestionJobHandlers(ctx) } as Record<
      string,
      JobHandler<never>
    >,
    log: ctx.log,
  };
});
