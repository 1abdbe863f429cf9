import type { Selectable } from 'kysely';
import type { Db } from '../../db/connection';
import type { CheckoutSessionsTable, PaymentsTable, PlansTable, SubscriptionsTable } from '../../db/database';

export type PlanRow = Selectable<PlansTable>;
export type SubscriptionRow = Selectable<SubscriptionsTable>;
export type CheckoutRow = Selectable<CheckoutSessionsTable>;
export type PaymentRow = Selectable<PaymentsTable>;

/** Subscriptions that give access until they end: active, or cancelled with time left. */
export const CURRENT_STATUSES = ['active', 'cancelled'] as const;

/** All SQL of billing: plans, taxes, checkout sessions, subscriptions and payments. */
export function createBillingRepository(db: Db) {
  return {
    activePlans: () =>
      db
        .selectFrom('plans')
        .selectAll()
        .where('is_active', '=', 1)
        .orderBy('position')
        .orderBy('id')
        .execute(),
    plan: (id: number) => db.selectFrom('plans').selectAll().where('id', '=', id).executeTakeFirst(),
    activeTaxes: () =>
      db.selectFrom('taxes').select(['name', 'percent']).where('is_active', '=', 1).orderBy('id').execute(),

    /** The member's current subscription with its plan's name, if any (ended ones are not current). */
    currentSubscription: (userId: number, now: number) =>
      db
        .selectFrom('subscriptions')
        .innerJoin('plans', 'plans.id', 'subscriptions.plan_id')
        .selectAll('subscriptions')
        .select(['plans.name as plan_name', 'plans.max_height', 'plans.screens', 'plans.has_ads'])
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

    subscriptionOfCheckout: (checkoutId: string) =>
      db
        .selectFrom('subscriptions')
        .innerJoin('plans', 'plans.id', 'subscriptions.plan_id')
        .selectAll('subscriptions')
        .select('plans.name as plan_name')
        .where('subscriptions.checkout_session_id', '=', checkoutId)
        .executeTakeFirst(),

    /** The payment that started a subscription (what its credit is worked out from). */
    paymentOfSubscription: (subscriptionId: number) =>
      db
        .selectFrom('payments')
        .select(['amount_minor'])
        .where('subscription_id', '=', subscriptionId)
        .orderBy('paid_at', 'desc')
        .executeTakeFirst(),

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
        .limit(page.limit)
        .offset(page.offset)
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
  };
}
export type BillingRepository = ReturnType<typeof createBillingRepository>;
