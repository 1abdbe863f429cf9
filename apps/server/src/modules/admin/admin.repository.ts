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
