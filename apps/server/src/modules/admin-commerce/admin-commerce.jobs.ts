import type { StripeCatalog } from '../../adapters/payment/stripe-catalog';
import type { AppContext } from '../../context';
import type { JobHandlers } from '../../jobs/job-map';
import { recordStripeSyncFailure, syncPlanToStripe } from './stripe-plan-sync';

/**
 * The console's commerce jobs: a plan's change reaches Stripe. `catalog` is null when Stripe is
 * not configured; the job is then never queued, and a leftover one does nothing.
 */
export function adminCommerceJobHandlers(
  ctx: AppContext,
  catalog: StripeCatalog | null,
): Pick<JobHandlers, 'admin-commerce.sync-stripe-plan'> {
  return {
    'admin-commerce.sync-stripe-plan': {
      async run({ planId }) {
        if (!catalog) return;
        await syncPlanToStripe(ctx, catalog, planId);
      },
      async onFailed({ planId }, error) {
        await recordStripeSyncFailure(ctx, planId, error);
      },
    },
  };
}
