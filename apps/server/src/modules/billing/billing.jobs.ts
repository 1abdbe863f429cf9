import type { AppContext } from '../../context';
import type { JobHandlers } from '../../jobs/job-map';
import { MINUTE_MS } from '../../lib/time';
import { createUserRepository } from '../users/user.repository';
import { renewalReminderMail } from './billing-mail';
import { createJobsRepository } from '../../jobs/jobs.repository';
import { createBillingRepository } from './billing.repository';
import { createEntitlementService } from './entitlement.service';
import { fulfilCheckout } from './fulfilment';

/** A Stripe checkout still open this long after it started is asked about: its webhook may be lost. */
export const RECONCILE_AFTER_MS = 5 * MINUTE_MS;
/** How often the reconciliation runs. */
export const RECONCILE_EVERY_MS = 5 * MINUTE_MS;
const RECONCILE_BATCH = 100;
const RECONCILE_JOB = 'billing.reconcile-stripe';

/** Queues the Stripe reconciliation when Stripe is the gateway and no run is waiting already. */
export async function scheduleStripeReconcile(ctx: AppContext, runAt = Date.now()): Promise<void> {
  if (ctx.payments.name !== 'stripe') return;
  if ((await createJobsRepository(ctx.db).countLive(RECONCILE_JOB)) > 0) return;
  await ctx.jobs.enqueue(RECONCILE_JOB, {}, { runAt });
}

/** Asks Stripe about open checkouts older than a few minutes: fulfils the paid ones, closes the expired ones. */
async function reconcileStripeCheckouts(ctx: AppContext): Promise<void> {
  const repo = createBillingRepository(ctx.db);
  const open = await repo.openCheckouts('stripe', Date.now() - RECONCILE_AFTER_MS, RECONCILE_BATCH);
  for (const { id } of open) {
    try {
      const status = await ctx.payments.checkoutStatus(id);
      if (status.state === 'paid') await fulfilCheckout(ctx, id, status.recurring);
      else if (status.state === 'expired') await repo.markCheckoutExpired(id);
    } catch (error) {
      // One session Stripe cannot answer for does not hold up the others; the next run asks again.
      ctx.log.warn({ err: error, checkoutId: id }, 'could not reconcile a Stripe checkout');
    }
  }
}

/** Billing's jobs: access ends at a subscription's end, a reminder a week before, and Stripe reconciliation. */
export function billingJobHandlers(
  ctx: AppContext,
): Pick<
  JobHandlers,
  'billing.expire-subscription' | 'billing.renewal-reminder' | 'billing.reconcile-stripe'
> {
  const repo = createBillingRepository(ctx.db);
  return {
    [RECONCILE_JOB]: {
      async run() {
        if (ctx.payments.name !== 'stripe') return;
        try {
          await reconcileStripeCheckouts(ctx);
        } finally {
          // This run is still counted as running, so the next one is queued only when none waits.
          if ((await createJobsRepository(ctx.db).countLive(RECONCILE_JOB)) <= 1) {
            await ctx.jobs.enqueue(RECONCILE_JOB, {}, { runAt: Date.now() + RECONCILE_EVERY_MS });
          }
        }
      },
    },
    'billing.expire-subscription': {
      async run({ subscriptionId }) {
        const row = await repo.subscription(subscriptionId);
        // Renewed (its end moved) or already ended: nothing to do.
        if (!row || row.ends_at > Date.now()) return;
        if (await repo.end(subscriptionId)) await createEntitlementService(ctx).forget(row.user_id);
      },
    },
    'billing.renewal-reminder': {
      async run({ subscriptionId }) {
        const row = await repo.subscription(subscriptionId);
        // Only a plan that is still running and will not be replaced or renewed gets a reminder.
        if (!row || row.status !== 'active' || row.ends_at <= Date.now()) return;
        const member = await createUserRepository(ctx.db).findById(row.user_id);
        if (member) await ctx.mail.send(renewalReminderMail(ctx.config, member, row.plan_name, row.ends_at));
      },
    },
  };
}
