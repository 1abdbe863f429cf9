import { sql } from 'kysely';
import type { RecurringPayment } from '../../adapters/payment/gateway';
import type { AppContext } from '../../context';
import type { Db } from '../../db/connection';
import { addMonths, DAY_MS, isoDay, MINUTE_MS } from '../../lib/time';
import { createUserRepository } from '../users/user.repository';
import { receiptMail } from './billing-mail';
import { createBillingRepository, type SubscriptionRow } from './billing.repository';
import type { PlanRow } from './plans.repository';
import { createEntitlementService } from './entitlement.service';
import type { Breakdown } from './money';
import { siteIdentity } from '../site-settings/site-settings.service';

/** Reminders of a plan that does not renew by itself go out this long before it ends. */
export const RENEWAL_REMINDER_MS = 7 * DAY_MS;

/**
 * A plan the gateway renews keeps access this long past its period's end: the gateway charges the
 * next period up to an hour after it starts, and its notification follows.
 */
export const RENEWAL_GRACE_MS = 3 * 60 * MINUTE_MS;

export type FulfilledSubscription = SubscriptionRow & { plan_name: string };

/** The end of one period of a plan that starts at `from`. */
export function planPeriodEnd(plan: Pick<PlanRow, 'duration' | 'duration_value'>, from: number): number {
  return addMonths(from, plan.duration === 'year' ? 12 * plan.duration_value : plan.duration_value);
}

/**
 * Turns a paid checkout into the member's subscription: ends the plan it replaces, starts the new
 * one, records the payment, queues the receipt and the end-of-plan jobs, all in one transaction.
 * The return from the checkout and the gateway's notification both call it; whichever comes
 * second finds the work done and returns the same subscription. `recurring` is what a gateway
 * that renews by itself (Stripe) reported paid: the checkout is marked paid and the subscription
 * ends with the gateway's period.
 */
export async function fulfilCheckout(
  ctx: AppContext,
  checkoutId: string,
  recurring?: RecurringPayment,
): Promise<FulfilledSubscription | null> {
  const created = await ctx.db
    .transaction()
    .execute((trx) => fulfilCheckoutWithin(ctx, trx, checkoutId, recurring));
  if (created !== null) await createEntitlementService(ctx).forget(created);
  return (await createBillingRepository(ctx.db).subscriptionPaidBy(checkoutId)) ?? null;
}

/**
 * fulfilCheckout inside the caller's transaction (a webhook records its event in the same one).
 * Returns the member whose plan changed, or null when there was nothing to do; the caller forgets
 * that member's cached plan once the transaction commits.
 */
export async function fulfilCheckoutWithin(
  ctx: AppContext,
  trx: Db,
  checkoutId: string,
  recurring?: RecurringPayment,
): Promise<number | null> {
  const repo = createBillingRepository(trx);
  const now = Date.now();
  if (recurring) await repo.markCheckoutPaidByGateway(checkoutId, now);
  if (!(await repo.claimFulfilment(checkoutId, now))) return null;
  const checkout = (await repo.checkout(checkoutId))!;
  const plan = (await repo.plan(checkout.plan_id))!;
  // One member's fulfilments run one at a time on PostgreSQL (SQLite runs every write in turn).
  if (ctx.dialect === 'postgres') {
    await sql`select id from users where id = ${checkout.user_id} for update`.execute(trx);
  }
  const current = recurring ? undefined : await repo.currentSubscription(checkout.user_id, now);
  // The same plan, paid without credit for it (an extension, or a checkout opened before it was
  // bought in another tab): the payment adds a period after the current one instead of replacing it.
  const extendsCurrent =
    current !== undefined &&
    current.plan_id === plan.id &&
    current.gateway_subscription_id === null &&
    checkout.replaces_subscription_id !== current.id;
  const periodStart = extendsCurrent ? Math.max(now, current.ends_at) : now;
  const periodEnd = recurring?.periodEnd ?? planPeriodEnd(plan, periodStart);
  const endsAt = recurring ? periodEnd + RENEWAL_GRACE_MS : periodEnd;
  let subscriptionId: number;
  if (extendsCurrent) {
    subscriptionId = current.id;
    await repo.extend(current.id, endsAt, isoDay(periodEnd));
  } else {
    await repo.endCurrentOf(checkout.user_id);
    ({ id: subscriptionId } = await repo.insertSubscription({
      user_id: checkout.user_id,
      plan_id: plan.id,
      checkout_session_id: checkout.id,
      status: 'active',
      start_date: isoDay(now),
      end_date: isoDay(periodEnd),
      starts_at: now,
      ends_at: endsAt,
      created_at: now,
      cancelled_at: null,
      gateway: checkout.gateway,
      gateway_subscription_id: recurring?.gatewaySubscriptionId ?? null,
      past_due_at: null,
    }));
  }
  const breakdown = JSON.parse(checkout.breakdown_json) as Breakdown;
  const { id: paymentId } = await repo.insertPayment({
    user_id: checkout.user_id,
    plan_id: plan.id,
    subscription_id: subscriptionId,
    checkout_session_id: checkout.id,
    amount_minor: checkout.amount_minor,
    currency: checkout.currency,
    breakdown_json: checkout.breakdown_json,
    card_brand: checkout.card_brand,
    card_last4: checkout.card_last4,
    period_start: periodStart,
    period_end: periodEnd,
    paid_at: checkout.paid_at ?? now,
    gateway_invoice_id: recurring?.invoiceId ?? null,
  });
  const member = (await createUserRepository(trx).findById(checkout.user_id))!;
  await ctx.mail.send(
    receiptMail(await siteIdentity(ctx, trx), member, {
      planName: plan.name,
      breakdown,
      paymentId,
      periodEnd,
    }),
    trx,
  );
  await ctx.jobs.enqueue('billing.expire-subscription', { subscriptionId }, { runAt: endsAt, within: trx });
  if (checkout.gateway === 'builtin' && endsAt - RENEWAL_REMINDER_MS > now) {
    await ctx.jobs.enqueue(
      'billing.renewal-reminder',
      { subscriptionId },
      { runAt: endsAt - RENEWAL_REMINDER_MS, within: trx },
    );
  }
  return checkout.user_id;
}
