import type { AppContext } from '../../context';
import type { JobHandlers } from '../../jobs/job-map';
import { createHouseholdService } from '../household/household.service';
import { createProfileService } from './profile.service';

/** Profile's jobs: the repeatable sweep of avatar files no member or household profile points to. */
export function profileJobHandlers(ctx: AppContext): Pick<JobHandlers, 'profile.sweep-avatars'> {
  return {
    'profile.sweep-avatars': {
      async run() {
        const deleted = await createProfileService(ctx).sweepUnusedAvatars();
        const deletedOfProfiles = await createHouseholdService(ctx).sweepUnusedAvatars();
        if (deleted + deletedOfProfiles > 0) {
          ctx.log.info({ deleted, deletedOfProfiles }, 'deleted unused avatar files');
        }
      },
    },
  };
}
