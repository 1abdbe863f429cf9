import type { Selectable } from 'kysely';
import type { Db } from '../../db/connection';
import type { CheckoutSessionsTable, PaymentsTable, SubscriptionsTable } from '../../db/database';
import { CURRENT_STATUSES } from './subscription-status';
import { inPage } from '../../db/sql-helpers';
import { createPlansRepository } from './plans.repository';

export type SubscriptionRow = Selectable<SubscriptionsTable>;
export type CheckoutRow = Selectable<CheckoutSessionsTable>;
export type PaymentRow = Selectable<PaymentsTable>;

export interface CurrentPlanRow {
  user_id: number;
  subscription_id: number;
  plan_id: number;
  name: string;
  status: 'active' | 'cancelled';
  end_date: string;
}

/** SQL of what members buy: checkout sessions, Stripe customers, subscriptions, payments and payment events (plans and taxes: plans.repository.ts). */
export function createBillingRepository(db: Db) {
  const plans = createPlansRepository(db);
  return {
    /** A plan, active or not. */
    plan: (id: number) => plans.plan(id),

    /** The member's current subscription with its plan's name, if any (ended ones are not current). */
    currentSubscription: (userId: number, now: number) =>
      db
        .selectFrom('subscriptions')
        .innerJoin('plans', 'plans.id', 'subscriptions.plan_id')
        .selectAll('subscriptions')
        .select([
          'plans.name as plan_name',
          'plans.max_height',
          'plans.screens',
          'plans.profiles',
          'plans.has_ads',
        ])
        .where('subscriptions.user_id', '=', userId)
        .where('subscriptions.status', 'in', CURRENT_STATUSES)
        .where('subscriptions.ends_at', '>', now)
        .executeTakeFirst(),

    subscription: (id: number) =>
      db
        .selectFrom('subscriptions')
        .innerJoin('plans', 'plans.id', 'subscriptions.plan_id')
        .selectAll('subscriptions')
        .select('plans.name as plan_name')
        .where('subscriptions.id', '=', id)
        .executeTakeFirst(),

    /** The subscription a checkout's payment went to: one it started, or one it extended. */
    subscriptionPaidBy: (checkoutId: string) =>
      db
        .selectFrom('payments')
        .innerJoin('subscriptions', 'subscriptions.id', 'payments.subscription_id')
        .innerJoin('plans', 'plans.id', 'subscriptions.plan_id')
        .selectAll('subscriptions')
        .select('plans.name as plan_name')
        .where('payments.checkout_session_id', '=', checkoutId)
        .executeTakeFirst(),

    /** The payments of a subscription with the periods they paid for (what its credit is worked out from). */
    paymentsOfSubscription: (subscriptionId: number) =>
      db
        .selectFrom('payments')
        .select(['amount_minor', 'period_start', 'period_end'])
        .where('subscription_id', '=', subscriptionId)
        .execute(),

    /** Moves a running subscription's end later; a cancelled one runs again. */
    async extend(id: number, endsAt: number, endDate: string): Promise<void> {
      await db
        .updateTable('subscriptions')
        .set({ ends_at: endsAt, end_date: endDate, status: 'active', cancelled_at: null })
        .where('id', '=', id)
        .execute();
    },

    async cancel(id: number, now: number): Promise<boolean> {
      const result = await db
        .updateTable('subscriptions')
        .set({ status: 'cancelled', cancelled_at: now })
        .where('id', '=', id)
        .where('status', '=', 'active')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Ends a current subscription (replaced by a new plan, or past its end). */
    async end(id: number): Promise<boolean> {
      const result = await db
        .updateTable('subscriptions')
        .set({ status: 'expired' })
        .where('id', '=', id)
        .where('status', 'in', CURRENT_STATUSES)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async endCurrentOf(userId: number): Promise<void> {
      await db
        .updateTable('subscriptions')
        .set({ status: 'expired' })
        .where('user_id', '=', userId)
        .where('status', 'in', CURRENT_STATUSES)
        .execute();
    },

    insertSubscription: (row: Omit<SubscriptionRow, 'id'>) =>
      db.insertInto('subscriptions').values(row).returning('id').executeTakeFirstOrThrow(),

    insertCheckout: async (row: CheckoutRow) => {
      await db.insertInto('checkout_sessions').values(row).execute();
    },
    checkout: (id: string) =>
      db.selectFrom('checkout_sessions').selectAll().where('id', '=', id).executeTakeFirst(),

    /** The member's Stripe customer id, when one was made. */
    async stripeCustomerOf(memberId: number): Promise<string | undefined> {
      const row = await db
        .selectFrom('stripe_customers')
        .select('customer_id')
        .where('user_id', '=', memberId)
        .executeTakeFirst();
      return row?.customer_id;
    },

    async saveStripeCustomer(memberId: number, customerId: string): Promise<void> {
      await db
        .insertInto('stripe_customers')
        .values({ user_id: memberId, customer_id: customerId, created_at: Date.now() })
        .onConflict((conflict) => conflict.column('user_id').doUpdateSet({ customer_id: customerId }))
        .execute();
    },

    /** Records a card payment on an open, unexpired session; false when it was paid or expired meanwhile. */
    async markCheckoutPaid(
      id: string,
      card: { brand: string; last4: string },
      now: number,
    ): Promise<boolean> {
      const result = await db
        .updateTable('checkout_sessions')
        .set({ status: 'paid', paid_at: now, card_brand: card.brand, card_last4: card.last4 })
        .where('id', '=', id)
        .where('status', '=', 'open')
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** A gateway said the session is paid: record it unless it already was. */
    async markCheckoutPaidByGateway(id: string, now: number): Promise<void> {
      await db
        .updateTable('checkout_sessions')
        .set({ status: 'paid', paid_at: now })
        .where('id', '=', id)
        .where('status', '!=', 'paid')
        .execute();
    },

    async markCheckoutExpired(id: string): Promise<void> {
      await db
        .updateTable('checkout_sessions')
        .set({ status: 'expired' })
        .where('id', '=', id)
        .where('status', '=', 'open')
        .execute();
    },

    checkoutByReference: (reference: string) =>
      db.selectFrom('checkout_sessions').selectAll().where('reference', '=', reference).executeTakeFirst(),

    /** Open checkouts of a gateway opened before `before`, oldest first. */
    openCheckouts: (gateway: string, before: number, limit: number) =>
      db
        .selectFrom('checkout_sessions')
        .select('id')
        .where('gateway', '=', gateway)
        .where('status', '=', 'open')
        .where('created_at', '<', before)
        .orderBy('created_at')
        .limit(limit)
        .execute(),

    /** Claims the fulfilment of a paid session; only one caller ever gets true. */
    async claimFulfilment(id: string, now: number): Promise<boolean> {
      const result = await db
        .updateTable('checkout_sessions')
        .set({ fulfilled_at: now })
        .where('id', '=', id)
        .where('status', '=', 'paid')
        .where('fulfilled_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    subscriptionOfGateway: (gatewaySubscriptionId: string) =>
      db
        .selectFrom('subscriptions')
        .innerJoin('plans', 'plans.id', 'subscriptions.plan_id')
        .selectAll('subscriptions')
        .select('plans.name as plan_name')
        .where('subscriptions.gateway_subscription_id', '=', gatewaySubscriptionId)
        .executeTakeFirst(),

    /** Updates a subscription that still gives access (an ended one is never brought back). */
    async updateCurrent(
      id: number,
      changes: Partial<
        Pick<SubscriptionRow, 'status' | 'ends_at' | 'end_date' | 'past_due_at' | 'cancelled_at'>
      >,
    ): Promise<boolean> {
      const result = await db
        .updateTable('subscriptions')
        .set(changes)
        .where('id', '=', id)
        .where('status', 'in', CURRENT_STATUSES)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Gives an ended subscription back its access, when the member has no other current plan. */
    async reactivate(
      id: number,
      userId: number,
      changes: Partial<
        Pick<SubscriptionRow, 'status' | 'ends_at' | 'end_date' | 'past_due_at' | 'cancelled_at'>
      >,
    ): Promise<boolean> {
      const current = await db
        .selectFrom('subscriptions')
        .select('id')
        .where('user_id', '=', userId)
        .where('status', 'in', CURRENT_STATUSES)
        .executeTakeFirst();
      if (current) return false;
      const result = await db
        .updateTable('subscriptions')
        .set(changes)
        .where('id', '=', id)
        .where('status', '=', 'expired')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    paymentOfInvoice: (gatewayInvoiceId: string) =>
      db
        .selectFrom('payments')
        .select('id')
        .where('gateway_invoice_id', '=', gatewayInvoiceId)
        .executeTakeFirst(),

    /**
     * Records a gateway event; false when it was recorded before. Called in the transaction of the
     * event's effects, so a redelivered event finds it and does nothing.
     */
    async recordEvent(event: {
      id: string;
      type: string;
      checkoutId: string;
      payload: string;
    }): Promise<boolean> {
      const result = await db
        .insertInto('payment_events')
        .values({
          event_id: event.id,
          type: event.type,
          checkout_session_id: event.checkoutId,
          payload: event.payload,
          created_at: Date.now(),
        })
        .onConflict((conflict) => conflict.column('event_id').doNothing())
        .returning('id')
        .executeTakeFirst();
      return result !== undefined;
    },

    eventRecorded: async (eventId: string) =>
      (await db
        .selectFrom('payment_events')
        .select('id')
        .where('event_id', '=', eventId)
        .executeTakeFirst()) !== undefined,

    insertPayment: (row: Omit<PaymentRow, 'id'>) =>
      db.insertInto('payments').values(row).returning('id').executeTakeFirstOrThrow(),

    paymentsOf: (userId: number, page: { limit: number; offset: number }) =>
      db
        .selectFrom('payments')
        .innerJoin('plans', 'plans.id', 'payments.plan_id')
        .selectAll('payments')
        .select('plans.name as plan_name')
        .where('payments.user_id', '=', userId)
        .orderBy('payments.paid_at', 'desc')
        .orderBy('payments.id', 'desc')
        .$call(inPage(page))
        .execute(),

    payment: (id: number) =>
      db
        .selectFrom('payments')
        .innerJoin('plans', 'plans.id', 'payments.plan_id')
        .innerJoin('users', 'users.id', 'payments.user_id')
        .selectAll('payments')
        .select(['plans.name as plan_name', 'users.first_name', 'users.last_name', 'users.email'])
        .where('payments.id', '=', id)
        .executeTakeFirst(),

    /** The subscription giving each of these members access now, if any. */
    async currentPlansOf(userIds: readonly number[], now: number): Promise<CurrentPlanRow[]> {
      if (userIds.length === 0) return [];
      const rows = await db
        .selectFrom('subscriptions')
        .innerJoin('plans', 'plans.id', 'subscriptions.plan_id')
        .select([
          'subscriptions.user_id',
          'subscriptions.id as subscription_id',
          'subscriptions.plan_id',
          'plans.name',
          'subscriptions.status',
          'subscriptions.end_date',
        ])
        .where('subscriptions.user_id', 'in', userIds)
        .where('subscriptions.status', 'in', CURRENT_STATUSES)
        .where('subscriptions.ends_at', '>', now)
        .orderBy('subscriptions.ends_at', 'desc')
        .execute();
      return rows as CurrentPlanRow[];
    },

    /** Every subscription of a member, newest first, with its plan's name. */
    subscriptionsOf: (userId: number) =>
      db
        .selectFrom('subscriptions')
        .innerJoin('plans', 'plans.id', 'subscriptions.plan_id')
        .selectAll('subscriptions')
        .select('plans.name as plan_name')
        .where('subscriptions.user_id', '=', userId)
        .orderBy('subscriptions.created_at', 'desc')
        .orderBy('subscriptions.id', 'desc')
        .execute(),

    /** Every payment of a member, newest first, with its plan's name. */
    paymentHistoryOf: (userId: number) =>
      db
        .selectFrom('payments')
        .innerJoin('plans', 'plans.id', 'payments.plan_id')
        .select([
          'payments.id',
          'plans.name as plan_name',
          'payments.amount_minor',
          'payments.currency',
          'payments.paid_at',
          'payments.card_brand',
          'payments.card_last4',
        ])
        .where('payments.user_id', '=', userId)
        .orderBy('payments.paid_at', 'desc')
        .orderBy('payments.id', 'desc')
        .execute(),

    /** Payments made at or after `since`, summed per currency. */
    async revenueSince(since: number) {
      const rows = await db
        .selectFrom('payments')
        .select((eb) => [
          'payments.currency',
          eb.fn.sum<number | string>('payments.amount_minor').as('amount'),
          eb.fn.countAll<number | string>().as('count'),
        ])
        .where('payments.paid_at', '>=', since)
        .groupBy('payments.currency')
        .orderBy('payments.currency')
        .execute();
      return rows.map((row) => ({
        currency: row.currency,
        amountMinor: Number(row.amount),
        payments: Number(row.count),
      }));
    },
  };
}
export type BillingRepository = ReturnType<typeof createBillingRepository>;
