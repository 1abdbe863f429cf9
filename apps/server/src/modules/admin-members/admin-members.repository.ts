import { sql } from 'kysely';
import type { MemberStatusFilter } from '@reeltime/contract';
import type { Db, Dialect } from '../../db/connection';
import type { UserRow } from '../../db/database';
import type { Page } from '../../lib/page';
import { containing, inPage } from '../../db/sql-helpers';

/** How many rows of recent viewing the member page shows. */
export const RECENT_VIEWING_ROWS = 20;
/** All SQL of the members console: accounts, their billing and viewing, and the admin rules' counts. */
export function createAdminMembersRepository(db: Db) {
  return {
    /** Members newest first, matching the search in name or email and the status filter. */
    async listMembers(
      filter: { search: string; status: MemberStatusFilter | undefined },
      page: Page,
    ): Promise<{ rows: UserRow[]; total: number }> {
      let query = db.selectFrom('users');
      if (filter.search) {
        const pattern = containing(filter.search);
        query = query.where((eb) =>
          eb.or([
            eb(sql`lower(email)`, 'like', pattern),
            eb(sql`lower(first_name || ' ' || last_name)`, 'like', pattern),
          ]),
        );
      }
      if (filter.status === 'active') query = query.where('disabled_at', 'is', null);
      if (filter.status === 'disabled') query = query.where('disabled_at', 'is not', null);
      if (filter.status === 'admin') query = query.where('is_admin', '=', 1);
      const [rows, count] = await Promise.all([
        query
          .selectAll()
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .$call(inPage(page))
          .execute(),
        query.select((eb) => eb.fn.countAll<number | string>().as('count')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.count) };
    },

    findMember: (id: number): Promise<UserRow | undefined> =>
      db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst(),

    progress: (userId: number) =>
      db
        .selectFrom('playback_progress')
        .innerJoin('titles', 'titles.id', 'playback_progress.title_id')
        .leftJoin('episodes', 'episodes.id', 'playback_progress.episode_id')
        .select([
          'playback_progress.title_id',
          'titles.name as title_name',
          'playback_progress.episode_id',
          'episodes.name as episode_name',
          'playback_progress.position_seconds',
          'playback_progress.duration_seconds',
          'playback_progress.finished',
          'playback_progress.updated_at',
        ])
        .where('playback_progress.user_id', '=', userId)
        .orderBy('playback_progress.updated_at', 'desc')
        .limit(RECENT_VIEWING_ROWS)
        .execute(),

    views: (userId: number) =>
      db
        .selectFrom('views')
        .innerJoin('titles', 'titles.id', 'views.title_id')
        .select(['views.title_id', 'titles.name as title_name', 'views.day', 'views.created_at'])
        .where('views.user_id', '=', userId)
        .orderBy('views.created_at', 'desc')
        .limit(RECENT_VIEWING_ROWS)
        .execute(),

    /**
     * The ids of enabled admins. On PostgreSQL their rows stay locked until the transaction ends,
     * so two admins changing each other at once are decided one after the other (SQLite runs one
     * write transaction at a time anyway).
     */
    async lockEnabledAdmins(dialect: Dialect): Promise<number[]> {
      let query = db
        .selectFrom('users')
        .select('id')
        .where('is_admin', '=', 1)
        .where('disabled_at', 'is', null)
        .orderBy('id');
      if (dialect === 'postgres') query = query.forUpdate();
      return (await query.execute()).map((row) => row.id);
    },

    async updateMember(
      id: number,
      changes: Partial<Pick<UserRow, 'disabled_at' | 'is_admin'>>,
      now: number,
    ): Promise<void> {
      await db
        .updateTable('users')
        .set({ ...changes, updated_at: now })
        .where('id', '=', id)
        .execute();
    },

    /** Reset links not used yet can no longer be used. */
    async spendPasswordResets(userId: number, now: number): Promise<void> {
      await db
        .updateTable('password_resets')
        .set({ used_at: now })
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .execute();
    },
  };
}
export type AdminMembersRepository = ReturnType<typeof createAdminMembersRepository>;
