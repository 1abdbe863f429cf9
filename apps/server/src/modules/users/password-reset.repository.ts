import type { Db } from '../../db/connection';

export function createPasswordResetRepository(db: Db) {
  return {
    async insert(userId: number, tokenHash: string, expiresAt: number, now: number) {
      await db
        .insertInto('password_resets')
        .values({
          user_id: userId,
          token_hash: tokenHash,
          expires_at: expiresAt,
          used_at: null,
          created_at: now,
        })
        .execute();
    },
    /** Reset links made for a member since `since`. */
    async countSince(userId: number, since: number): Promise<number> {
      const row = await db
        .selectFrom('password_resets')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('user_id', '=', userId)
        .where('created_at', '>=', since)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
    findUsable: (tokenHash: string, now: number) =>
      db
        .selectFrom('password_resets')
        .select(['id', 'user_id'])
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst(),
    /** Marks it used; false when another request used it first. */
    async markUsed(id: number, now: number): Promise<boolean> {
      const result = await db
        .updateTable('password_resets')
        .set({ used_at: now })
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Reset links not used yet can no longer be used. */
    async spendAllOf(userId: number, now: number): Promise<void> {
      await db
        .updateTable('password_resets')
        .set({ used_at: now })
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .execute();
    },
  };
}
