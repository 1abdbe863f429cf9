import type { AppContext } from '../../context';
import type { JobHandlers } from '../../jobs/job-map';
import { sweepExpiredUploads } from './upload-storage';

/** The console's media jobs: the repeatable sweep of video uploads past their expiry. */
export function adminMediaJobHandlers(ctx: AppContext): Pick<JobHandlers, 'admin-media.sweep-uploads'> {
  return {
    'admin-media.sweep-uploads': {
      async run() {
        const removed = await sweepExpiredUploads(ctx.uploads);
        if (removed > 0) ctx.log.info({ removed }, 'deleted expired video uploads');
      },
    },
  };
}
