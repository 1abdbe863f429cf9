import type { Db } from '../../db/connection';

export function createAdminRepository(db: Db) {
  const count = async (table: 'users'): Promise<number> => {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  };

  return {
    /** Every account, admins included. */
    countUsers: () => count('users'),

    /** Accounts created at or after `since` (epoch ms). */
    async countUsersSince(since: number): Promise<number> {
      const row = await db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('created_at', '>=', since)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** Every plan in its order, with its subscriptions that are active and not yet past their end. */
    async activeSubscriptionsByPlan(now: number) {
      const rows = await db
        .selectFrom('plans')
        .leftJoin('subscriptions', (join) =>
          join
            .onRef('subscriptions.plan_id', '=', 'plans.id')
            .on('subscriptions.status', '=', 'active')
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

    /** The jobs whose last attempt failed, most recent first. */
    async recentJobFailures(limit: number) {
      return db
        .selectFrom('jobs')
        .select(['id', 'type', 'last_error', 'attempts', 'updated_at'])
        .where('status', '=', 'failed')
        .orderBy('updated_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },
  };
}
