import type { AppContext } from '../../context';
import type { JobHandlers } from '../../jobs/job-map';
import { recordStripeSyncFailure, syncPlanToStripe } from './stripe-plan-sync';

/**
 * The console's commerce jobs: a plan's change reaches Stripe. Without a Stripe catalog (Stripe
 * is not the gateway) the job is never queued, and a leftover one does nothing.
 */
export function adminCommerceJobHandlers(
  ctx: AppContext,
): Pick<JobHandlers, 'admin-commerce.sync-stripe-plan'> {
  return {
    'admin-commerce.sync-stripe-plan': {
      async run({ planId }) {
        const catalog = ctx.stripeCatalog;
        if (!catalog) return;
        await syncPlanToStripe(ctx, catalog, planId);
      },
      async onFailed({ planId }, error) {
        await recordStripeSyncFailure(ctx, planId, error);
      },
    },
  };
}
