import { randomBytes } from 'node:crypto';
import {
  ServerMessages,
  type Payment,
  type PaymentDetails,
  type Plan,
  type PlanChange,
  type Receipt,
  type Subscription,
} from '@reeltime/contract';
import type { AppContext } from '../../context';
import { Conflict, Forbidden, NotFound, PaymentRequired } from '../../lib/errors';
import { DAY_MS, isoDay } from '../../lib/time';
import { createUserRepository } from '../users/user.repository';
import { cancellationMail } from './billing-mail';
import { createBillingRepository, type BillingRepository, type PaymentRow } from './billing.repository';
import { createEntitlementService } from './entitlement.service';
import { createPlansRepository, type PlanRow } from './plans.repository';
import { fulfilCheckout, planPeriodEnd, type FulfilledSubscription } from './fulfilment';
import { percentOf, priceBreakdown, toMajor, toMinor, toPaymentDetails, type Breakdown } from './money';
import { planLimitations } from './plan-limitations';
import { siteIdentity } from '../site-settings/site-settings.service';

type CurrentSubscription = NonNullable<Awaited<ReturnType<BillingRepository['currentSubscription']>>>;

/** The plan's price after its discount, per month: what upgrade and downgrade compare. */
const monthlyPrice = (plan: PlanRow) =>
  (plan.price_minor - percentOf(plan.price_minor, plan.discount_percent)) /
  (plan.duration === 'year' ? 12 * plan.duration_value : plan.duration_value);

/** Subscriptions as members see them. Those this site's gateway does not renew by itself can be extended by paying for another period. */
function createSubscriptionView(payments: AppContext['payments']) {
  const canExtend = (row: Pick<FulfilledSubscription, 'gateway_subscription_id'>) =>
    payments.name === 'builtin' && row.gateway_subscription_id === null;
  const toSubscription = (row: FulfilledSubscription): Subscription => ({
    id: row.id,
    plan_id: row.plan_id,
    name: row.plan_name,
    status: row.status,
    start_date: row.start_date,
    end_date: row.end_date,
    renews_automatically: row.gateway_subscription_id !== null && row.status === 'active',
    can_extend: canExtend(row),
  });
  return { canExtend, toSubscription };
}

const toPayment = (row: PaymentRow & { plan_name: string }): Payment => ({
  id: row.id,
  plan_id: row.plan_id,
  plan_name: row.plan_name,
  amount: toMajor(row.amount_minor),
  currency: row.currency,
  paid_at: new Date(row.paid_at).toISOString(),
  card_brand: row.card_brand,
  card_last4: row.card_last4,
});

/** Plans, prices, checkouts, subscriptions and the billing history of a member. */
export function createBillingService(ctx: AppContext) {
  const repo = createBillingRepository(ctx.db);
  const planRepo = createPlansRepository(ctx.db);
  const entitlement = createEntitlementService(ctx);
  const { currency } = ctx.config;
  const { canExtend, toSubscription } = createSubscriptionView(ctx.payments);

  async function activePlan(planId: number): Promise<PlanRow> {
    const plan = await repo.plan(planId);
    if (!plan || plan.is_active !== 1) throw new NotFound(ServerMessages.planNotFound);
    return plan;
  }

  /**
   * The unused whole days of the current plan, as a credit on the price of a new one: each payment
   * of the subscription is credited for the days of its period still to come.
   */
  async function creditFor(current: CurrentSubscription, now: number) {
    const payments = await repo.paymentsOfSubscription(current.id);
    let amountMinor = 0;
    let unusedDays = 0;
    for (const paid of payments) {
      const periodDays = Math.max(1, Math.round((paid.period_end - paid.period_start) / DAY_MS));
      const unused = Math.min(
        periodDays,
        Math.max(0, Math.floor((paid.period_end - Math.max(now, paid.period_start)) / DAY_MS)),
      );
      amountMinor += Math.floor((paid.amount_minor * unused * 2 + periodDays) / (2 * periodDays));
      unusedDays += unused;
    }
    if (unusedDays < 1) return null;
    return { description: `Credit for ${unusedDays} unused days of ${current.plan_name}`, amountMinor };
  }

  /**
   * What paying for `plan` now would do and cost. The current plan cannot be bought again: it is
   * extended by one period (a plan the gateway does not renew by itself) or refused.
   */
  async function quoteFor(userId: number, plan: PlanRow, now: number) {
    const [taxes, current] = await Promise.all([
      planRepo.activeTaxes(),
      repo.currentSubscription(userId, now),
    ]);
    let change: PlanChange = 'new';
    let credit: Awaited<ReturnType<typeof creditFor>> = null;
    let periodStart = now;
    if (current && current.plan_id === plan.id) {
      if (!canExtend(current)) {
        throw new Conflict(
          current.gateway_subscription_id !== null && current.status === 'active'
            ? ServerMessages.planRenewsAutomatically(plan.name, current.end_date)
            : ServerMessages.planAlreadyYours(plan.name, current.end_date),
        );
      }
      change = 'extend';
      periodStart = current.ends_at;
    } else if (current) {
      const currentPlan = await repo.plan(current.plan_id);
      change = currentPlan && monthlyPrice(plan) < monthlyPrice(currentPlan) ? 'downgrade' : 'upgrade';
      credit = await creditFor(current, now);
    }
    const breakdown: Breakdown = priceBreakdown(
      { priceMinor: plan.price_minor, discountPercent: plan.discount_percent },
      taxes,
      credit,
    );
    return {
      breakdown,
      change,
      newEndDate: isoDay(planPeriodEnd(plan, periodStart)),
      // An upgrade or downgrade replaces the current plan; an extension keeps it running.
      replaces: change === 'upgrade' || change === 'downgrade' ? current!.id : null,
    };
  }

  return {
    async plans(): Promise<Plan[]> {
      const plans = await planRepo.activePlans();
      return plans.map((plan) => ({
        plan_id: plan.id,
        name: plan.name,
        total_price: toMajor(plan.price_minor - percentOf(plan.price_minor, plan.discount_percent)),
        currency,
        duration_value: plan.duration_value,
        duration: plan.duration,
        profiles: plan.profiles,
        plan_type: planLimitations(plan),
      }));
    },

    async current(userId: number): Promise<Subscription[]> {
      const row = await repo.currentSubscription(userId, Date.now());
      return row ? [toSubscription(row)] : [];
    },

    async paymentDetails(userId: number, planId: number): Promise<PaymentDetails> {
      const plan = await activePlan(planId);
      const quote = await quoteFor(userId, plan, Date.now());
      return {
        ...toPaymentDetails(plan.id, currency, quote.breakdown),
        change: quote.change,
        new_end_date: quote.newEndDate,
      };
    },

    /** Opens a checkout for the server's own total; a client whose price differs is told to look again. */
    async startCheckout(userId: number, planId: number, clientPrice: number) {
      const plan = await activePlan(planId);
      const now = Date.now();
      const { breakdown, replaces } = await quoteFor(userId, plan, now);
      if (toMinor(clientPrice) !== breakdown.totalMinor) throw new Conflict(ServerMessages.priceChanged);
      const member = (await createUserRepository(ctx.db).findById(userId))!;
      const reference = `co_${randomBytes(16).toString('base64url')}`;
      const { sessionId, url, expiresAt } = await ctx.payments.createCheckout({
        memberId: userId,
        email: member.email,
        checkoutRef: reference,
        planId: plan.id,
        planName: plan.name,
        amountMinor: breakdown.totalMinor,
        currency,
        interval: { unit: plan.duration, count: plan.duration_value },
        successUrl: `${ctx.config.publicUrl}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${ctx.config.publicUrl}/plans`,
        idempotencyKey: `checkout:${userId}:${plan.id}:${now}`,
      });
      await repo.insertCheckout({
        id: sessionId,
        user_id: userId,
        plan_id: plan.id,
        amount_minor: breakdown.totalMinor,
        currency,
        gateway: ctx.payments.name,
        status: 'open',
        created_at: now,
        paid_at: null,
        expires_at: expiresAt,
        breakdown_json: JSON.stringify(breakdown),
        replaces_subscription_id: replaces,
        card_brand: null,
        card_last4: null,
        fulfilled_at: null,
        reference,
      });
      return { redirect_url: url, session_id: sessionId };
    },

    /** The return from a checkout: the subscription once the gateway says it is paid. Idempotent. */
    async confirm(userId: number, checkoutId: string): Promise<Subscription> {
      const checkout = await repo.checkout(checkoutId);
      if (!checkout || checkout.user_id !== userId) throw new NotFound(ServerMessages.checkoutNotFound);
      const done = await repo.subscriptionPaidBy(checkoutId);
      if (done) return toSubscription(done);
      const status = await ctx.payments.checkoutStatus(checkoutId);
      if (status.state !== 'paid') throw new PaymentRequired(ServerMessages.paymentNotCompleted);
      const fulfilled = await fulfilCheckout(ctx, checkoutId, status.recurring);
      if (!fulfilled) throw new PaymentRequired(ServerMessages.paymentNotCompleted);
      return toSubscription(fulfilled);
    },

    /** Cancels at the end of the period: access stays until end_date, and nothing renews. */
    async cancel(userId: number, subscriptionId: number): Promise<Subscription> {
      const row = await repo.subscription(subscriptionId);
      if (!row) throw new NotFound(ServerMessages.subscriptionNotFound);
      if (row.user_id !== userId) throw new Forbidden(ServerMessages.forbidden);
      if (row.status === 'expired' || row.ends_at <= Date.now()) {
        throw new Conflict(ServerMessages.subscriptionEnded);
      }
      if (row.status === 'active') {
        if (row.gateway_subscription_id) await ctx.payments.cancelAtPeriodEnd(row.gateway_subscription_id);
        await ctx.db.transaction().execute(async (trx) => {
          if (!(await createBillingRepository(trx).cancel(row.id, Date.now()))) return;
          const member = (await createUserRepository(trx).findById(userId))!;
          await ctx.mail.send(
            cancellationMail(await siteIdentity(ctx, trx), member, row.plan_name, Date.parse(row.end_date)),
            trx,
          );
        });
      }
      await entitlement.forget(userId);
      return toSubscription((await repo.subscription(subscriptionId))!);
    },

    async payments(userId: number, page: { limit: number; offset: number }): Promise<Payment[]> {
      return (await repo.paymentsOf(userId, page)).map(toPayment);
    },

    async receipt(userId: number, paymentId: number): Promise<Receipt> {
      const row = await repo.payment(paymentId);
      if (!row || row.user_id !== userId) throw new NotFound(ServerMessages.paymentNotFound);
      const breakdown = JSON.parse(row.breakdown_json) as Breakdown;
      return {
        ...toPayment(row),
        receipt_number: `R-${isoDay(row.paid_at).replaceAll('-', '')}-${String(row.id).padStart(6, '0')}`,
        site_name: (await siteIdentity(ctx)).appName,
        member_name: `${row.first_name} ${row.last_name}`,
        member_email: row.email,
        period_start: isoDay(row.period_start),
        period_end: isoDay(row.period_end),
        details: toPaymentDetails(row.plan_id, row.currency, breakdown),
      };
    },
  };
}
export type BillingService = ReturnType<typeof createBillingService>;
