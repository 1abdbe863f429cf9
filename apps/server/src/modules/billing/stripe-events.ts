import type {
  StripeEventSummary,
  StripeGateway,
  StripeSubscriptionState,
} from '../../adapters/payment/stripe';
import type { RecurringPayment } from '../../adapters/payment/gateway';
import type { AppContext } from '../../context';
import type { Db } from '../../db/connection';
import { isoDay } from '../../lib/time';
import { createUserRepository } from '../users/user.repository';
import { paymentFailedMail, receiptMail } from './billing-mail';
import { createBillingRepository, type CheckoutRow } from './billing.repository';
import { createEntitlementService } from './entitlement.service';
import { fulfilCheckoutWithin, RENEWAL_GRACE_MS } from './fulfilment';
import type { Breakdown } from './money';
import { siteIdentity } from '../site-settings/site-settings.service';

const CHECKOUT_PAID = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);
const INVOICE = new Set(['invoice.paid', 'invoice.payment_failed']);
const SUBSCRIPTION = new Set(['customer.subscription.updated', 'customer.subscription.deleted']);

/** Stripe statuses after which the member has no access. */
const ENDED = new Set(['canceled', 'unpaid', 'incomplete_expired']);
/** Stripe statuses of a paid period. */
const PAID = new Set(['active', 'trialing']);

/** A Stripe subscription, our checkout that started it, and the fulfilment still owed for it. */
interface SubscriptionContext {
  sub: StripeSubscriptionState;
  checkout: CheckoutRow;
  unfulfilled: RecurringPayment | undefined;
}

/**
 * Handles Stripe's webhook events. Each handler reads the object again from Stripe (so the order of
 * deliveries does not matter), then, in one transaction, records the event id and applies the
 * change: a redelivered event finds its id and does nothing. Events about objects that are not
 * ours, and types we do not use, are acknowledged and ignored.
 */
export function createStripeEventHandler(ctx: AppContext, stripe: StripeGateway) {
  const repo = createBillingRepository(ctx.db);
  const entitlement = createEntitlementService(ctx);

  async function once(
    event: StripeEventSummary,
    checkoutId: string,
    payload: string,
    effects: (trx: Db) => Promise<number | null>,
  ): Promise<void> {
    const changedMember = await ctx.db.transaction().execute(async (trx) => {
      const recorded = await createBillingRepository(trx).recordEvent({
        id: event.id,
        type: event.type,
        checkoutId,
        payload,
      });
      return recorded ? effects(trx) : null;
    });
    if (changedMember !== null) await entitlement.forget(changedMember);
  }

  async function subscriptionContext(subscriptionId: string): Promise<SubscriptionContext | null> {
    const sub = await stripe.subscription(subscriptionId);
    const row = await repo.subscriptionOfGateway(sub.id);
    const checkout = row?.checkout_session_id
      ? await repo.checkout(row.checkout_session_id)
      : sub.checkoutRef
        ? await repo.checkoutByReference(sub.checkoutRef)
        : undefined;
    if (!checkout) return null;
    // An event about the subscription may come before the one about its checkout.
    const status = row ? undefined : await stripe.checkoutStatus(checkout.id);
    return { sub, checkout, unfulfilled: status?.state === 'paid' ? status.recurring : undefined };
  }

  /**
   * Brings our subscription in line with Stripe's; returns the member when their access changed.
   * The end moves only with `paidUntil`, the period a paid invoice covers: Stripe starts a new
   * period before its invoice is paid, and an unpaid renewal keeps the period already paid for.
   */
  async function applySubscription(trx: Db, context: SubscriptionContext, paidUntil?: number) {
    const { sub, checkout, unfulfilled } = context;
    const trxRepo = createBillingRepository(trx);
    const fulfilled = unfulfilled ? await fulfilCheckoutWithin(ctx, trx, checkout.id, unfulfilled) : null;
    const row = await trxRepo.subscriptionOfGateway(sub.id);
    if (!row) return fulfilled;
    if (ENDED.has(sub.status)) return (await trxRepo.end(row.id)) ? row.user_id : fulfilled;
    if (!PAID.has(sub.status) && sub.status !== 'past_due') return fulfilled;
    const now = Date.now();
    const accessUntil = paidUntil === undefined ? undefined : paidUntil + RENEWAL_GRACE_MS;
    const extended = accessUntil !== undefined && accessUntil > row.ends_at;
    const changes = {
      status: sub.cancelAtPeriodEnd ? ('cancelled' as const) : ('active' as const),
      cancelled_at: sub.cancelAtPeriodEnd ? (row.cancelled_at ?? now) : null,
      past_due_at: PAID.has(sub.status) ? null : (row.past_due_at ?? now),
      ...(extended ? { ends_at: accessUntil, end_date: isoDay(paidUntil!) } : {}),
    };
    const changed =
      (await trxRepo.updateCurrent(row.id, changes)) ||
      // A renewal paid after access ended (Stripe retried late) gives it back, unless another plan began.
      (extended && (await trxRepo.reactivate(row.id, row.user_id, changes)));
    if (changed && extended) {
      await ctx.jobs.enqueue(
        'billing.expire-subscription',
        { subscriptionId: row.id },
        { runAt: accessUntil, within: trx },
      );
    }
    return changed ? row.user_id : fulfilled;
  }

  async function recordRenewal(
    trx: Db,
    invoice: { id: string; amountPaid: number; paidAt: number | null },
    context: SubscriptionContext,
    paidUntil: number,
  ): Promise<void> {
    const trxRepo = createBillingRepository(trx);
    const row = await trxRepo.subscriptionOfGateway(context.sub.id);
    if (!row || (await trxRepo.paymentOfInvoice(invoice.id))) return;
    const { checkout, sub } = context;
    const { id: paymentId } = await trxRepo.insertPayment({
      user_id: row.user_id,
      plan_id: row.plan_id,
      subscription_id: row.id,
      checkout_session_id: null,
      amount_minor: invoice.amountPaid,
      currency: checkout.currency,
      breakdown_json: checkout.breakdown_json,
      card_brand: null,
      card_last4: null,
      period_start: Math.min(sub.periodStart, paidUntil),
      period_end: paidUntil,
      paid_at: invoice.paidAt ?? Date.now(),
      gateway_invoice_id: invoice.id,
    });
    const member = (await createUserRepository(trx).findById(row.user_id))!;
    const breakdown = JSON.parse(checkout.breakdown_json) as Breakdown;
    await ctx.mail.send(
      receiptMail(await siteIdentity(ctx, trx), member, {
        planName: row.plan_name,
        breakdown,
        paymentId,
        periodEnd: paidUntil,
      }),
      trx,
    );
  }

  async function onCheckout(event: StripeEventSummary, payload: string): Promise<void> {
    const checkout = await repo.checkout(event.objectId);
    if (!checkout) return;
    const status = await stripe.checkoutStatus(checkout.id);
    await once(event, checkout.id, payload, (trx) =>
      status.state === 'paid'
        ? fulfilCheckoutWithin(ctx, trx, checkout.id, status.recurring)
        : Promise.resolve(null),
    );
  }

  async function onInvoice(event: StripeEventSummary, payload: string): Promise<void> {
    const invoice = await stripe.invoice(event.objectId);
    if (!invoice.subscriptionId) return;
    const context = await subscriptionContext(invoice.subscriptionId);
    if (!context) return;
    // The first invoice is the checkout's own payment, recorded by the fulfilment.
    const renewal =
      event.type === 'invoice.paid' && invoice.paid && invoice.billingReason !== 'subscription_create';
    const paidUntil = renewal ? (invoice.periodEnd ?? context.sub.periodEnd) : undefined;
    await once(event, context.checkout.id, payload, async (trx) => {
      const changed = await applySubscription(trx, context, paidUntil);
      if (paidUntil !== undefined) await recordRenewal(trx, invoice, context, paidUntil);
      if (event.type === 'invoice.paid') return changed;
      // A failed attempt that a later one has since paid is old news.
      if (invoice.paid) return changed;
      return (await markPastDue(trx, context.sub.id)) ?? changed;
    });
  }

  /** Marks the subscription past due and tells the member; access stays until its end. */
  async function markPastDue(trx: Db, subscriptionId: string): Promise<number | null> {
    const trxRepo = createBillingRepository(trx);
    const row = await trxRepo.subscriptionOfGateway(subscriptionId);
    if (!row || row.status === 'expired') return null;
    if (row.past_due_at === null) await trxRepo.updateCurrent(row.id, { past_due_at: Date.now() });
    const member = (await createUserRepository(trx).findById(row.user_id))!;
    await ctx.mail.send(paymentFailedMail(ctx.config, member, row.plan_name, Date.parse(row.end_date)), trx);
    return row.user_id;
  }

  async function onSubscription(event: StripeEventSummary, payload: string): Promise<void> {
    const context = await subscriptionContext(event.objectId);
    if (!context) return;
    await once(event, context.checkout.id, payload, (trx) => applySubscription(trx, context));
  }

  return async function handle(event: StripeEventSummary, payload: string): Promise<void> {
    // A redelivery is answered without asking Stripe again; the transaction below still decides.
    if (await repo.eventRecorded(event.id)) return;
    if (CHECKOUT_PAID.has(event.type)) return onCheckout(event, payload);
    if (INVOICE.has(event.type)) return onInvoice(event, payload);
    if (SUBSCRIPTION.has(event.type)) return onSubscription(event, payload);
  };
}
