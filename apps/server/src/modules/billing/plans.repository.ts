import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Db } from '../../db/connection';
import type { PlansTable, StripePlansTable, TaxesTable } from '../../db/database';
import { CURRENT_STATUSES } from './subscription-status';

export type PlanRow = Selectable<PlansTable>;
export type TaxRow = Selectable<TaxesTable>;
export type StripePlanRow = Selectable<StripePlansTable>;

/** All SQL over plans (with their limitations and Stripe products) and taxes, for the site and the console. */
export function createPlansRepository(db: Db) {
  return {
    /** The plans members can buy, in their order. */
    activePlans: () =>
      db
        .selectFrom('plans')
        .selectAll()
        .where('is_active', '=', 1)
        .orderBy('position')
        .orderBy('id')
        .execute(),
    /** The taxes added to every price. */
    activeTaxes: () =>
      db.selectFrom('taxes').select(['name', 'percent']).where('is_active', '=', 1).orderBy('id').execute(),

    plans: () => db.selectFrom('plans').selectAll().orderBy('position').orderBy('id').execute(),
    plan: (id: number) => db.selectFrom('plans').selectAll().where('id', '=', id).executeTakeFirst(),
    /** Another plan with this name, compared without case. */
    planNamed: (name: string, exceptId: number | null) =>
      db
        .selectFrom('plans')
        .select('id')
        .where(sql<string>`lower(name)`, '=', name.toLowerCase())
        .$if(exceptId !== null, (query) => query.where('id', '!=', exceptId!))
        .executeTakeFirst(),
    insertPlan: (row: Insertable<PlansTable>) =>
      db.insertInto('plans').values(row).returningAll().executeTakeFirstOrThrow(),
    updatePlan: (id: number, changes: Updateable<PlansTable>) =>
      db.updateTable('plans').set(changes).where('id', '=', id).returningAll().executeTakeFirstOrThrow(),
    async deletePlan(id: number): Promise<void> {
      await db.deleteFrom('plan_limitations').where('plan_id', '=', id).execute();
      await db.deleteFrom('plans').where('id', '=', id).execute();
    },

    /** Members on each plan now, by plan id. */
    async currentSubscribers(now: number): Promise<Map<number, number>> {
      const rows = await db
        .selectFrom('subscriptions')
        .select(['plan_id', (eb) => eb.fn.countAll<number | string>().as('count')])
        .where('status', 'in', CURRENT_STATUSES)
        .where('ends_at', '>', now)
        .groupBy('plan_id')
        .execute();
      return new Map(rows.map((row) => [row.plan_id, Number(row.count)]));
    },
    currentSubscriberIds: async (planId: number, now: number) =>
      (
        await db
          .selectFrom('subscriptions')
          .select('user_id')
          .where('plan_id', '=', planId)
          .where('status', 'in', CURRENT_STATUSES)
          .where('ends_at', '>', now)
          .execute()
      ).map((row) => row.user_id),

    /** Plans someone has bought or opened a checkout for: they can be deactivated, never deleted. */
    async boughtPlanIds(): Promise<Set<number>> {
      const rows = await db
        .selectFrom('checkout_sessions')
        .select('plan_id')
        .union(db.selectFrom('subscriptions').select('plan_id'))
        .union(db.selectFrom('payments').select('plan_id'))
        .execute();
      return new Set(rows.map((row) => row.plan_id));
    },
    async isBought(planId: number): Promise<boolean> {
      const row = await db
        .selectFrom('checkout_sessions')
        .select('plan_id')
        .where('plan_id', '=', planId)
        .union(db.selectFrom('subscriptions').select('plan_id').where('plan_id', '=', planId))
        .union(db.selectFrom('payments').select('plan_id').where('plan_id', '=', planId))
        .executeTakeFirst();
      return row !== undefined;
    },

    stripePlans: () => db.selectFrom('stripe_plans').selectAll().execute(),
    stripePlan: (planId: number) =>
      db.selectFrom('stripe_plans').selectAll().where('plan_id', '=', planId).executeTakeFirst(),
    /** Marks a plan's change as waiting for Stripe (creating its row on the first change). */
    async markStripePending(planId: number, now: number): Promise<void> {
      await db
        .insertInto('stripe_plans')
        .values({
          plan_id: planId,
          product_id: null,
          price_id: null,
          price_amount_minor: null,
          price_currency: null,
          price_interval: null,
          price_interval_count: null,
          pending_at: now,
          synced_at: null,
          last_error: null,
        })
        .onConflict((conflict) => conflict.column('plan_id').doUpdateSet({ pending_at: now }))
        .execute();
    },
    async updateStripePlan(planId: number, changes: Updateable<StripePlansTable>): Promise<void> {
      await db.updateTable('stripe_plans').set(changes).where('plan_id', '=', planId).execute();
    },
    /** Clears `pending_at` unless a change came after `startedAt` (its own sync will follow). */
    async markStripeSynced(planId: number, startedAt: number): Promise<void> {
      await db
        .updateTable('stripe_plans')
        .set({ synced_at: Date.now(), last_error: null })
        .where('plan_id', '=', planId)
        .execute();
      await db
        .updateTable('stripe_plans')
        .set({ pending_at: null })
        .where('plan_id', '=', planId)
        .where('pending_at', '<=', startedAt)
        .execute();
    },
    async deleteStripePlan(planId: number): Promise<void> {
      await db.deleteFrom('stripe_plans').where('plan_id', '=', planId).execute();
    },

    /**
     * Every plan in its order, with its subscriptions that give access now (active, or cancelled
     * with time left): the same members `currentSubscribers` counts for the plans console.
     */
    async activeSubscriptionsByPlan(now: number) {
      const rows = await db
        .selectFrom('plans')
        .leftJoin('subscriptions', (join) =>
          join
            .onRef('subscriptions.plan_id', '=', 'plans.id')
            .on('subscriptions.status', 'in', CURRENT_STATUSES)
            .on('subscriptions.ends_at', '>', now),
        )
        .select((eb) => [
          'plans.id',
          'plans.name',
          eb.fn.count<number | string>('subscriptions.id').as('active'),
        ])
        .groupBy(['plans.id', 'plans.name', 'plans.position'])
        .orderBy('plans.position')
        .orderBy('plans.id')
        .execute();
      return rows.map((row) => ({ planId: row.id, planName: row.name, active: Number(row.active) }));
    },

    taxes: () => db.selectFrom('taxes').selectAll().orderBy('id').execute(),
    tax: (id: number) => db.selectFrom('taxes').selectAll().where('id', '=', id).executeTakeFirst(),
    taxNamed: (name: string, exceptId: number | null) =>
      db
        .selectFrom('taxes')
        .select('id')
        .where(sql<string>`lower(name)`, '=', name.toLowerCase())
        .$if(exceptId !== null, (query) => query.where('id', '!=', exceptId!))
        .executeTakeFirst(),
    insertTax: (row: Insertable<TaxesTable>) =>
      db.insertInto('taxes').values(row).returningAll().executeTakeFirstOrThrow(),
    updateTax: (id: number, changes: Updateable<TaxesTable>) =>
      db.updateTable('taxes').set(changes).where('id', '=', id).returningAll().executeTakeFirstOrThrow(),
    async deleteTax(id: number): Promise<void> {
      await db.deleteFrom('taxes').where('id', '=', id).execute();
    },
  };
}
export type PlansRepository = ReturnType<typeof createPlansRepository>;
