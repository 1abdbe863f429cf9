import { sql, type Expression, type ExpressionBuilder, type SqlBool, type Updateable } from 'kysely';
import type { TitleSort, VideoState } from '@reeltime/contract';
import type { Db, Dialect } from '../../db/connection';
import type { Database, NewTitle, TitlesTable } from '../../db/database';
import type { Page } from '../../lib/page';
import { castOfTitle, genresOfTitles } from './title-credits';
import { containing, inPage } from '../../db/sql-helpers';

/** The list's filters once parsed. */
export interface TitleFilter {
  search?: string | undefined;
  type?: 'movie' | 'tvshow' | undefined;
  genreId?: number | undefined;
  published?: boolean | undefined;
  hasVideo?: boolean | undefined;
}

export interface TitleOrder {
  sort: TitleSort;
  order: 'asc' | 'desc';
}

type TitleUpdate = Omit<Updateable<TitlesTable>, 'id' | 'created_at' | 'like_count' | 'view_count'> & {
  updated_at: number;
};

type Eb = ExpressionBuilder<Database, 'titles'>;

/** A full video members can play, of the title itself or of one of its episodes. */
function hasReadyVideo(eb: Eb): Expression<SqlBool> {
  return eb.exists(
    eb
      .selectFrom('videos')
      .select('videos.id')
      .where('videos.kind', '=', 'main')
      .where('videos.status', '=', 'ready')
      .where((inner) =>
        inner.or([
          inner('videos.title_id', '=', eb.ref('titles.id')),
          inner(
            'videos.episode_id',
            'in',
            inner
              .selectFrom('episodes')
              .innerJoin('seasons', 'seasons.id', 'episodes.season_id')
              .select('episodes.id')
              .whereRef('seasons.title_id', '=', 'titles.id'),
          ),
        ]),
      ),
  );
}

/** The best state among a set of video rows: one playable video makes the whole ready. */
export function videoStateOf(statuses: readonly string[]): VideoState {
  if (statuses.includes('ready')) return 'ready';
  if (statuses.some((status) => status === 'pending' || status === 'processing')) return 'processing';
  if (statuses.includes('failed')) return 'failed';
  return 'none';
}

/**
 * All SQL of titles with their seasons, episodes, genres and cast, for the site and the console:
 * the catalog's reads live in catalog.repository.ts, videos in videos.repository.ts.
 */
export function createTitlesRepository(db: Db, dialect: Dialect) {
  function filtered(filter: TitleFilter) {
    let query = db.selectFrom('titles');
    if (filter.search) {
      query = query.where(sql`lower(titles.name)`, 'like', containing(filter.search));
    }
    if (filter.type) query = query.where('titles.type', '=', filter.type);
    if (filter.genreId !== undefined) {
      const genreId = filter.genreId;
      query = query.where('titles.id', 'in', (eb) =>
        eb
          .selectFrom('title_genres')
          .select('title_genres.title_id')
          .where('title_genres.genre_id', '=', genreId),
      );
    }
    if (filter.published !== undefined)
      query = query.where('titles.is_published', '=', filter.published ? 1 : 0);
    if (filter.hasVideo !== undefined) {
      const wanted = filter.hasVideo;
      query = query.where((eb) => (wanted ? hasReadyVideo(eb) : eb.not(hasReadyVideo(eb))));
    }
    return query;
  }

  return {
    async list(filter: TitleFilter, order: TitleOrder, page: Page) {
      const direction = order.order;
      let query = filtered(filter).selectAll('titles');
      switch (order.sort) {
        case 'name':
          query = query.orderBy(sql`lower(titles.name)`, direction);
          break;
        case 'release_date':
          query =
            dialect === 'postgres'
              ? query.orderBy('titles.release_date', (ob) =>
                  (direction === 'asc' ? ob.asc() : ob.desc()).nullsLast(),
                )
              : query.orderBy(sql`titles.release_date is null`).orderBy('titles.release_date', direction);
          break;
        case 'created':
          query = query.orderBy('titles.created_at', direction);
          break;
        case 'views':
          query = query.orderBy('titles.view_count', direction);
          break;
      }
      const rows = await query.orderBy('titles.id', direction).$call(inPage(page)).execute();
      const { total } = await filtered(filter)
        .select((eb) => eb.fn.countAll<number | string>().as('total'))
        .executeTakeFirstOrThrow();
      return { rows, total: Number(total) };
    },

    findTitle(id: number) {
      return db.selectFrom('titles').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async exists(id: number): Promise<boolean> {
      return Boolean(await db.selectFrom('titles').select('id').where('id', '=', id).executeTakeFirst());
    },

    /** Every title, published or not. */
    async countAll(): Promise<number> {
      const row = await db
        .selectFrom('titles')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** Titles by name to link to, those matching `search` first when given. */
    choices(search: string | undefined, limit: number) {
      return db
        .selectFrom('titles')
        .select(['id', 'name', 'type', 'is_published'])
        .$if(Boolean(search), (qb) => qb.where(sql`lower(name)`, 'like', containing(search!)))
        .orderBy(sql`lower(name)`)
        .orderBy('id')
        .limit(limit)
        .execute();
    },

    /** One more view on the title's total and on its count for the day. */
    async countView(titleId: number, day: string): Promise<void> {
      await db
        .updateTable('titles')
        .set((eb) => ({ view_count: eb('view_count', '+', 1) }))
        .where('id', '=', titleId)
        .execute();
      await db
        .insertInto('title_daily_views')
        .values({ title_id: titleId, day, views: 1 })
        .onConflict((oc) =>
          oc
            .columns(['title_id', 'day'])
            .doUpdateSet((eb) => ({ views: eb('title_daily_views.views', '+', 1) })),
        )
        .execute();
    },

    /** Views per day (`YYYY-MM-DD`) from `sinceDay` on; days without views are left out. */
    async viewsPerDaySince(sinceDay: string): Promise<Map<string, number>> {
      const rows = await db
        .selectFrom('title_daily_views')
        .select((eb) => [
          'title_daily_views.day',
          eb.fn.sum<number | string>('title_daily_views.views').as('views'),
        ])
        .where('title_daily_views.day', '>=', sinceDay)
        .groupBy('title_daily_views.day')
        .execute();
      return new Map(rows.map((row) => [row.day, Number(row.views)]));
    },

    async addToLikeCount(titleId: number, delta: 1 | -1): Promise<void> {
      await db
        .updateTable('titles')
        .set((eb) => ({ like_count: eb('like_count', '+', delta) }))
        .where('id', '=', titleId)
        .$if(delta < 0, (query) => query.where('like_count', '>', 0))
        .execute();
    },

    async likeCount(titleId: number): Promise<number> {
      const row = await db
        .selectFrom('titles')
        .select('like_count')
        .where('id', '=', titleId)
        .executeTakeFirst();
      return Number(row?.like_count ?? 0);
    },

    /** The ids among `ids` that are titles. */
    async existingTitleIds(ids: readonly number[]): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const rows = await db.selectFrom('titles').select('id').where('id', 'in', ids).execute();
      return new Set(rows.map((row) => row.id));
    },

    genresOf: (titleIds: readonly number[]) => genresOfTitles(db, titleIds),

    castOf: (titleId: number) => castOfTitle(db, titleId),

    /** Every full video of these titles and of their episodes, with the title each belongs to. */
    mainVideosOf(titleIds: readonly number[]) {
      if (titleIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('videos')
        .leftJoin('episodes', 'episodes.id', 'videos.episode_id')
        .leftJoin('seasons', 'seasons.id', 'episodes.season_id')
        .select([
          'videos.id',
          'videos.status',
          'videos.episode_id',
          sql<number>`coalesce(videos.title_id, seasons.title_id)`.as('title_id'),
        ])
        .where('videos.kind', '=', 'main')
        .where((eb) => eb.or([eb('videos.title_id', 'in', titleIds), eb('seasons.title_id', 'in', titleIds)]))
        .execute();
    },

    /** Episode counts of these shows. */
    async episodeCounts(titleIds: readonly number[]): Promise<Map<number, number>> {
      if (titleIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('episodes')
        .innerJoin('seasons', 'seasons.id', 'episodes.season_id')
        .select((eb) => ['seasons.title_id', eb.fn.countAll<number | string>().as('count')])
        .where('seasons.title_id', 'in', titleIds)
        .groupBy('seasons.title_id')
        .execute();
      return new Map(rows.map((row) => [row.title_id, Number(row.count)]));
    },

    seasonsOf(titleId: number) {
      return db
        .selectFrom('seasons')
        .selectAll()
        .where('title_id', '=', titleId)
        .orderBy('season_number')
        .orderBy('id')
        .execute();
    },

    episodesOfSeasons(seasonIds: readonly number[]) {
      if (seasonIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('episodes')
        .selectAll()
        .where('season_id', 'in', seasonIds)
        .orderBy('episode_number')
        .orderBy('id')
        .execute();
    },

    async insertTitle(values: NewTitle): Promise<number> {
      const row = await db.insertInto('titles').values(values).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },

    async updateTitle(id: number, values: TitleUpdate): Promise<void> {
      await db.updateTable('titles').set(values).where('id', '=', id).execute();
    },

    async replaceGenres(titleId: number, genreIds: readonly number[]): Promise<void> {
      await db.deleteFrom('title_genres').where('title_id', '=', titleId).execute();
      if (genreIds.length === 0) return;
      await db
        .insertInto('title_genres')
        .values(genreIds.map((genreId) => ({ title_id: titleId, genre_id: genreId })))
        .execute();
    },

    async replaceCast(
      titleId: number,
      cast: readonly { person_id: number; job_title: string }[],
    ): Promise<void> {
      await db.deleteFrom('title_cast').where('title_id', '=', titleId).execute();
      if (cast.length === 0) return;
      await db
        .insertInto('title_cast')
        .values(
          cast.map((entry, position) => ({
            title_id: titleId,
            person_id: entry.person_id,
            job_title: entry.job_title,
            position,
          })),
        )
        .execute();
    },

    /** Credits with their own positions (a submission's cast keeps its order with gaps). */
    async insertCredits(
      rows: readonly { title_id: number; person_id: number; job_title: string; position: number }[],
    ): Promise<void> {
      if (rows.length === 0) return;
      await db
        .insertInto('title_cast')
        .values([...rows])
        .execute();
    },

    async deleteTitle(id: number): Promise<void> {
      await db.deleteFrom('titles').where('id', '=', id).execute();
    },

    publishedStates(ids: readonly number[]) {
      return db.selectFrom('titles').select(['id', 'is_published']).where('id', 'in', ids).execute();
    },

    async setPublished(ids: readonly number[], published: boolean, now: number): Promise<number> {
      const result = await db
        .updateTable('titles')
        .set({ is_published: published ? 1 : 0, updated_at: now })
        .where('id', 'in', ids)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** Video rows of a title and of its episodes (with the files they point to), for freeing them. */
    videosOfTitle(titleId: number) {
      return db
        .selectFrom('videos')
        .select(['videos.id', 'videos.url', 'videos.job_id', 'videos.status', 'videos.source_path'])
        .where((eb) =>
          eb.or([
            eb('videos.title_id', '=', titleId),
            eb(
              'videos.episode_id',
              'in',
              eb
                .selectFrom('episodes')
                .innerJoin('seasons', 'seasons.id', 'episodes.season_id')
                .select('episodes.id')
                .where('seasons.title_id', '=', titleId),
            ),
          ]),
        )
        .execute();
    },

    videosOfEpisodes(episodeIds: readonly number[]) {
      if (episodeIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('videos')
        .select(['videos.id', 'videos.url', 'videos.job_id', 'videos.status', 'videos.source_path'])
        .where('videos.episode_id', 'in', episodeIds)
        .execute();
    },

    /** Whether any title, episode or banner still shows this image. */
    async imageInUse(url: string): Promise<boolean> {
      const [title, episode, banner] = await Promise.all([
        db
          .selectFrom('titles')
          .select('id')
          .where((eb) => eb.or([eb('poster_image', '=', url), eb('thumbnail_image', '=', url)]))
          .limit(1)
          .executeTakeFirst(),
        db.selectFrom('episodes').select('id').where('thumbnail_image', '=', url).limit(1).executeTakeFirst(),
        db.selectFrom('banners').select('id').where('poster_url', '=', url).limit(1).executeTakeFirst(),
      ]);
      return Boolean(title ?? episode ?? banner);
    },

    findSeason(id: number) {
      return db.selectFrom('seasons').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async seasonNumberTaken(titleId: number, seasonNumber: number, exceptId?: number): Promise<boolean> {
      const row = await db
        .selectFrom('seasons')
        .select('id')
        .where('title_id', '=', titleId)
        .where('season_number', '=', seasonNumber)
        .$if(exceptId !== undefined, (query) => query.where('id', '<>', exceptId!))
        .executeTakeFirst();
      return row !== undefined;
    },

    async nextSeasonNumber(titleId: number): Promise<number> {
      const row = await db
        .selectFrom('seasons')
        .select((eb) => eb.fn.max('season_number').as('highest'))
        .where('title_id', '=', titleId)
        .executeTakeFirst();
      return Number(row?.highest ?? 0) + 1;
    },

    async insertSeason(values: { title_id: number; season_number: number; name: string }): Promise<number> {
      const row = await db.insertInto('seasons').values(values).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },

    async updateSeason(id: number, values: { season_number?: number; name?: string }): Promise<void> {
      await db.updateTable('seasons').set(values).where('id', '=', id).execute();
    },

    async deleteSeason(id: number): Promise<void> {
      await db.deleteFrom('seasons').where('id', '=', id).execute();
    },

    /**
     * Numbers the seasons 1, 2, 3... in the order of `ids`. Negative numbers first, so no two
     * rows ever share a number while the unique constraint watches.
     */
    async renumberSeasons(ids: readonly number[]): Promise<void> {
      for (const [index, id] of ids.entries()) {
        await db
          .updateTable('seasons')
          .set({ season_number: -(index + 1) })
          .where('id', '=', id)
          .execute();
      }
      for (const [index, id] of ids.entries()) {
        await db
          .updateTable('seasons')
          .set({ season_number: index + 1 })
          .where('id', '=', id)
          .execute();
      }
    },

    findEpisode(id: number) {
      return db
        .selectFrom('episodes')
        .innerJoin('seasons', 'seasons.id', 'episodes.season_id')
        .selectAll('episodes')
        .select('seasons.title_id')
        .where('episodes.id', '=', id)
        .executeTakeFirst();
    },

    async episodeIdsOfSeason(seasonId: number): Promise<number[]> {
      const rows = await db.selectFrom('episodes').select('id').where('season_id', '=', seasonId).execute();
      return rows.map((row) => row.id);
    },

    async episodeNumberTaken(seasonId: number, episodeNumber: number, exceptId?: number): Promise<boolean> {
      const row = await db
        .selectFrom('episodes')
        .select('id')
        .where('season_id', '=', seasonId)
        .where('episode_number', '=', episodeNumber)
        .$if(exceptId !== undefined, (query) => query.where('id', '<>', exceptId!))
        .executeTakeFirst();
      return row !== undefined;
    },

    async nextEpisodeNumber(seasonId: number): Promise<number> {
      const row = await db
        .selectFrom('episodes')
        .select((eb) => eb.fn.max('episode_number').as('highest'))
        .where('season_id', '=', seasonId)
        .executeTakeFirst();
      return Number(row?.highest ?? 0) + 1;
    },

    async insertEpisode(values: {
      season_id: number;
      episode_number: number;
      name: string;
      description: string;
      duration_minutes: number | null;
      thumbnail_image: string;
    }): Promise<number> {
      const row = await db.insertInto('episodes').values(values).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },

    async updateEpisode(
      id: number,
      values: Partial<{
        episode_number: number;
        name: string;
        description: string;
        duration_minutes: number | null;
        thumbnail_image: string;
      }>,
    ): Promise<void> {
      await db.updateTable('episodes').set(values).where('id', '=', id).execute();
    },

    async deleteEpisodes(ids: readonly number[]): Promise<void> {
      if (ids.length === 0) return;
      await db.deleteFrom('episodes').where('id', 'in', ids).execute();
    },

    async renumberEpisodes(ids: readonly number[]): Promise<void> {
      for (const [index, id] of ids.entries()) {
        await db
          .updateTable('episodes')
          .set({ episode_number: -(index + 1) })
          .where('id', '=', id)
          .execute();
      }
      for (const [index, id] of ids.entries()) {
        await db
          .updateTable('episodes')
          .set({ episode_number: index + 1 })
          .where('id', '=', id)
          .execute();
      }
    },
  };
}
export type TitlesRepository = ReturnType<typeof createTitlesRepository>;
