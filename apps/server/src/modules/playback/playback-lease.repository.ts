import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../../db/connection';
import type { Database } from '../../db/database';

/** Works on the database or inside a transaction. */
type Executor = Kysely<Database>;

export interface LeaseTarget {
  userId: number;
  titleId: number;
  episodeId: number | null;
}

export function createPlaybackLeaseRepository(db: Executor, dialect: Dialect) {
  return {
    /**
     * Holds the member's row until the transaction ends, so two players starting at once count
     * each other (SQLite serialises writers already).
     */
    async lockMember(userId: number): Promise<void> {
      if (dialect === 'postgres') await sql`select id from users where id = ${userId} for update`.execute(db);
    },

    async deleteExpired(userId: number, now: number): Promise<void> {
      await db
        .deleteFrom('playback_leases')
        .where('user_id', '=', userId)
        .where('expires_at', '<=', now)
        .execute();
    },

    async countLive(userId: number, now: number): Promise<number> {
      const row = await db
        .selectFrom('playback_leases')
        .select((eb) => eb.fn.countAll().as('count'))
        .where('user_id', '=', userId)
        .where('expires_at', '>', now)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** Extends a live lease of the member; false when there is none with this token. */
    async renew(token: string, target: LeaseTarget, now: number, expiresAt: number): Promise<boolean> {
      const result = await db
        .updateTable('playback_leases')
        .set({ title_id: target.titleId, episode_id: target.episodeId, expires_at: expiresAt })
        .where('token', '=', token)
        .where('user_id', '=', target.userId)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async insert(token: string, target: LeaseTarget, now: number, expiresAt: number): Promise<void> {
      await db
        .insertInto('playback_leases')
        .values({
          user_id: target.userId,
          token,
          title_id: target.titleId,
          episode_id: target.episodeId,
          created_at: now,
          expires_at: expiresAt,
        })
        .execute();
    },

    async delete(userId: number, token: string): Promise<void> {
      await db
        .deleteFrom('playback_leases')
        .where('user_id', '=', userId)
        .where('token', '=', token)
        .execute();
    },
  };
}
