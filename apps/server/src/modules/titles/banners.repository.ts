import type { Db } from '../../db/connection';

export interface BannerRow {
  id: number;
  title_id: number;
  title_name: string;
  title_published: number;
  poster_url: string;
  position: number;
  is_active: number;
}

export interface BannerChanges {
  title_id: number;
  poster_url: string;
  is_active: number;
}

/** SQL over banners and the titles they link to. */
export function createBannersRepository(db: Db) {
  const withTitles = () =>
    db
      .selectFrom('banners')
      .innerJoin('titles', 'titles.id', 'banners.title_id')
      .select([
        'banners.id',
        'banners.title_id',
        'titles.name as title_name',
        'titles.is_published as title_published',
        'banners.poster_url',
        'banners.position',
        'banners.is_active',
      ]);

  return {
    /** In the order members see them. */
    list: (): Promise<BannerRow[]> =>
      withTitles().orderBy('banners.position').orderBy('banners.id').execute(),

    find: (id: number): Promise<BannerRow | undefined> =>
      withTitles().where('banners.id', '=', id).executeTakeFirst(),

    /** After the last banner. */
    async insert(banner: BannerChanges): Promise<number> {
      const last = await db
        .selectFrom('banners')
        .select((eb) => eb.fn.max('position').as('position'))
        .executeTakeFirst();
      const position =
        last?.position === null || last?.position === undefined ? 0 : Number(last.position) + 1;
      const { id } = await db
        .insertInto('banners')
        .values({ ...banner, position })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },

    update: (id: number, changes: BannerChanges) =>
      db.updateTable('banners').set(changes).where('id', '=', id).execute(),

    setPosition: (id: number, position: number) =>
      db.updateTable('banners').set({ position }).where('id', '=', id).execute(),

    delete: (id: number) => db.deleteFrom('banners').where('id', '=', id).execute(),
  };
}
