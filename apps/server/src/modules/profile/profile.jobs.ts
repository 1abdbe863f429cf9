import type { AppContext } from '../../context';
import type { JobHandlers } from '../../jobs/job-map';
import { createProfileService } from './profile.service';

/** Profile's jobs: the repeatable sweep of avatar files no member points to. */
export function profileJobHandlers(ctx: AppContext): Pick<JobHandlers, 'profile.sweep-avatars'> {
  return {
    'profile.sweep-avatars': {
      async run() {
        const deleted = await createProfileService(ctx).sweepUnusedAvatars();
        if (deleted > 0) ctx.log.info({ deleted }, 'deleted unused avatar files');
      },
    },
  };
}
