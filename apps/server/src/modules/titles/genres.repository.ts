import { sql } from 'kysely';
import type { Db } from '../../db/connection';

export interface GenreRow {
  id: number;
  name: string;
  title_count: number;
}

/** SQL over genres, with how many titles carry each. */
export function createGenresRepository(db: Db) {
  const withCounts = () =>
    db
      .selectFrom('genres')
      .select((eb) => [
        'genres.id',
        'genres.name',
        eb
          .selectFrom('title_genres')
          .select(eb.fn.countAll<number>().as('count'))
          .whereRef('title_genres.genre_id', '=', 'genres.id')
          .as('title_count'),
      ]);

  return {
    /** By name, as the site lists them. */
    async list(): Promise<GenreRow[]> {
      const rows = await withCounts().orderBy('genres.name').orderBy('genres.id').execute();
      return rows.map((row) => ({ ...row, title_count: Number(row.title_count ?? 0) }));
    },

    async find(id: number): Promise<GenreRow | undefined> {
      const row = await withCounts().where('genres.id', '=', id).executeTakeFirst();
      return row && { ...row, title_count: Number(row.title_count ?? 0) };
    },

    /** The ids among `ids` that are genres. */
    async existingIds(ids: readonly number[]): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const rows = await db.selectFrom('genres').select('id').where('id', 'in', ids).execute();
      return new Set(rows.map((row) => row.id));
    },

    /** Another genre with this name, ignoring case. */
    findByName: (name: string, exceptId?: number) =>
      db
        .selectFrom('genres')
        .select(['id', 'name'])
        .where(sql<string>`lower(name)`, '=', name.toLowerCase())
        .$if(exceptId !== undefined, (qb) => qb.where('id', '<>', exceptId!))
        .executeTakeFirst(),

    insert: async (name: string): Promise<number> =>
      (await db.insertInto('genres').values({ name }).returning('id').executeTakeFirstOrThrow()).id,

    rename: (id: number, name: string) =>
      db.updateTable('genres').set({ name }).where('id', '=', id).execute(),

    delete: (id: number) => db.deleteFrom('genres').where('id', '=', id).execute(),
  };
}
