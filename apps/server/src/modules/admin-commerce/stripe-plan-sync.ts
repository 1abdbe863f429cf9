import type { StripeCatalog } from '../../adapters/payment/stripe-catalog';
import type { AppContext } from '../../context';
import { percentOf } from '../billing/money';
import { createPlansRepository, type PlanRow } from '../billing/plans.repository';

/** The recurring Price a plan stands for at Stripe: its price after discount, per its duration. */
export function stripePriceOf(plan: PlanRow, currency: string) {
  return {
    amountMinor: plan.price_minor - percentOf(plan.price_minor, plan.discount_percent),
    currency: currency.toLowerCase(),
    interval: plan.duration,
    intervalCount: plan.duration_value,
  };
}

/**
 * Brings one plan's Stripe product and Price in step with the plan, from what was last sent
 * (`stripe_plans`), so a retried or repeated run does only what is still missing:
 * - the product is created once (with an idempotency key), then its name, description and
 *   active flag are sent on every run;
 * - when the price, discount or duration changed, a new Price is created (Stripe's Prices never
 *   change), takes over the plan's lookup key, and the old one is archived. The key of the
 *   create names the plan and the Price's number, so a run that failed after Stripe created it
 *   gets the same Price back on retry;
 * - a plan that was deleted has its Price and product archived, and its row removed.
 */
export async function syncPlanToStripe(
  ctx: AppContext,
  catalog: StripeCatalog,
  planId: number,
): Promise<void> {
  const repo = createPlansRepository(ctx.db);
  const startedAt = Date.now();
  const [plan, synced] = await Promise.all([repo.plan(planId), repo.stripePlan(planId)]);

  if (!plan) {
    if (!synced) return;
    if (synced.price_id) await catalog.archivePrice(synced.price_id);
    if (synced.product_id) {
      await catalog.updateProduct(synced.product_id, {
        planId,
        name: `Deleted plan ${planId}`,
        description: null,
        active: false,
      });
    }
    await repo.deleteStripePlan(planId);
    return;
  }

  const product = {
    planId,
    name: plan.name,
    description: plan.description,
    active: plan.is_active === 1,
  };
  let productId = synced?.product_id ?? null;
  if (!productId) {
    if (!synced) await repo.markStripePending(planId, startedAt);
    productId = await catalog.createProduct(product, `reeltime-plan-product:${planId}`);
    await repo.updateStripePlan(planId, { product_id: productId });
  } else {
    await catalog.updateProduct(productId, product);
  }

  const wanted = stripePriceOf(plan, ctx.config.currency);
  const priceMatches =
    synced?.price_id &&
    synced.price_amount_minor === wanted.amountMinor &&
    synced.price_currency === wanted.currency &&
    synced.price_interval === wanted.interval &&
    synced.price_interval_count === wanted.intervalCount;
  if (!priceMatches) {
    const version = (synced?.price_version ?? 0) + 1;
    const priceId = await catalog.createPrice(
      { planId, productId, ...wanted },
      `reeltime-plan-price:${planId}:${version}`,
    );
    // Archived before the new Price is recorded, so a retry after a failed archive does it again.
    if (synced?.price_id && synced.price_id !== priceId) await catalog.archivePrice(synced.price_id);
    await repo.updateStripePlan(planId, {
      price_id: priceId,
      price_amount_minor: wanted.amountMinor,
      price_currency: wanted.currency,
      price_interval: wanted.interval,
      price_interval_count: wanted.intervalCount,
      price_version: version,
    });
  }
  await repo.markStripeSynced(planId, startedAt);
}

/** Records why the last attempt failed, for the console to show. */
export async function recordStripeSyncFailure(ctx: AppContext, planId: number, error: string): Promise<void> {
  await createPlansRepository(ctx.db).updateStripePlan(planId, { last_error: error.slice(0, 1000) });
}
