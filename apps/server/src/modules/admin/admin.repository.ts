import type { Db } from '../../db/connection';
import type { VideosTable } from '../../db/database';

export function createAdminRepository(db: Db) {
  const count = async (table: 'titles' | 'users'): Promise<number> => {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  };

  return {
    /** Every title, published or not. */
    countTitles: () => count('titles'),

    /** Every account, admins included. */
    countUsers: () => count('users'),

    /** Videos per status; a status no video has is left out. */
    async countVideosByStatus(): Promise<Array<{ status: VideosTable['status']; count: number }>> {
      const rows = await db
        .selectFrom('videos')
        .select((eb) => ['videos.status', eb.fn.countAll<number | string>().as('count')])
        .groupBy('videos.status')
        .execute();
      return rows.map((row) => ({ status: row.status, count: Number(row.count) }));
    },
  };
}
