import { sql, type SelectQueryBuilder } from 'kysely';
import type { RowName } from '@reeltime/contract';
import type { Db, Dialect } from '../../db/connection';
import type { Database } from '../../db/database';
import type { Page } from '../../lib/page';
import { CARD_COLUMNS, type CardRow } from './card.mapper';
import { castOfTitle, genresOfTitles } from './title-credits';
import { inPage } from '../../db/sql-helpers';
import { withinRating, type RatingFilter } from './rating-filter';

export interface ListFilter {
  genreId?: number | undefined;
  actorId?: number | undefined;
}

type TitlesQuery = SelectQueryBuilder<Database, 'titles', CardRow>;

export function createCatalogRepository(db: Db, dialect: Dialect) {
  /** Published titles with the card columns, within the reader's ratings. */
  const cards = (rating: RatingFilter): TitlesQuery =>
    db
      .selectFrom('titles')
      .select(CARD_COLUMNS)
      .where('titles.is_published', '=', 1)
      .$call(withinRating(rating));

  /**
   * Newest first; undated titles last on both dialects. SQLite already sorts NULL last when
   * descending, and saying nothing lets it walk the (type, release_date) index backwards.
   */
  const newestFirst = <Q extends TitlesQuery>(query: Q): Q =>
    (dialect === 'postgres'
      ? query.orderBy('titles.release_date', (order) => order.desc().nullsLast())
      : query.orderBy('titles.release_date', 'desc')
    ).orderBy('titles.id', 'desc') as Q;

  /** Titles by their views over the days since `sinceDay` (inclusive), most first. */
  const byRecentViews = (query: TitlesQuery, sinceDay: string) =>
    query
      .leftJoin(
        db
          .selectFrom('title_daily_views')
          .select((eb) => [
            'title_daily_views.title_id',
            eb.fn.sum<number>('title_daily_views.views').as('recent'),
          ])
          .where('title_daily_views.day', '>=', sinceDay)
          .groupBy('title_daily_views.title_id')
          .as('recent_views'),
        'recent_views.title_id',
        'titles.id',
      )
      .orderBy(sql`coalesce(recent_views.recent, 0)`, 'desc');

  return {
    /** One of the browse rows. */
    row(name: RowName, page: Page, sinceDay: string, rating: RatingFilter): Promise<CardRow[]> {
      let query: TitlesQuery;
      switch (name) {
        case 'popular':
          query = byRecentViews(cards(rating), sinceDay)
            .orderBy('titles.view_count', 'desc')
            .orderBy('titles.id', 'desc');
          break;
        case 'popularMovies':
          // All-time likes and views together: a different ranking from the Top 10's recent views.
          query = cards(rating)
            .where('titles.type', '=', 'movie')
            .orderBy(sql`titles.like_count + titles.view_count`, 'desc')
            .orderBy('titles.id', 'desc');
          break;
        case 'topChannels':
          query = byRecentViews(cards(rating).where('titles.type', '=', 'tvshow'), sinceDay)
            .orderBy('titles.imdb_rating', 'desc')
            .orderBy('titles.id', 'desc');
          break;
        case 'latest':
          query = newestFirst(cards(rating).where('titles.type', '=', 'movie'));
          break;
        case 'free':
          query = newestFirst(cards(rating).where('titles.is_free', '=', 1));
          break;
        case 'mostLiked':
          query = cards(rating).orderBy('titles.like_count', 'desc').orderBy('titles.id', 'desc');
          break;
        case 'mostViewed':
          query = cards(rating).orderBy('titles.view_count', 'desc').orderBy('titles.id', 'desc');
          break;
      }
      return query.$call(inPage(page)).execute();
    },

    tvShows(page: Page, rating: RatingFilter): Promise<CardRow[]> {
      return newestFirst(cards(rating).where('titles.type', '=', 'tvshow'))
        .$call(inPage(page))
        .execute();
    },

    /** Titles of a genre and/or a cast member (both types); with no filter, every movie. Newest first. */
    list(filter: ListFilter, page: Page, rating: RatingFilter): Promise<CardRow[]> {
      let query = cards(rating);
      if (filter.genreId !== undefined) {
        const genreId = filter.genreId;
        query = query.where(
          'titles.id',
          'in',
          db
            .selectFrom('title_genres')
            .select('title_genres.title_id')
            .where('title_genres.genre_id', '=', genreId),
        );
      }
      if (filter.actorId !== undefined) {
        const actorId = filter.actorId;
        query = query.where(
          'titles.id',
          'in',
          db
            .selectFrom('title_cast')
            .select('title_cast.title_id')
            .where('title_cast.person_id', '=', actorId),
        );
      }
      if (filter.genreId === undefined && filter.actorId === undefined)
        query = query.where('titles.type', '=', 'movie');
      return newestFirst(query).$call(inPage(page)).execute();
    },

    /** Published cards of these ids, in no particular order. */
    cardsByIds(ids: readonly number[], rating: RatingFilter): Promise<CardRow[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return cards(rating).where('titles.id', 'in', ids).execute();
    },

    /** True when the episode belongs to a season of this title. */
    async episodeOfTitle(episodeId: number, titleId: number): Promise<boolean> {
      const row = await db
        .selectFrom('episodes')
        .innerJoin('seasons', 'seasons.id', 'episodes.season_id')
        .select('episodes.id')
        .where('episodes.id', '=', episodeId)
        .where('seasons.title_id', '=', titleId)
        .executeTakeFirst();
      return Boolean(row);
    },

    /** Published, and within the reader's ratings. */
    async isPublished(id: number, rating: RatingFilter): Promise<boolean> {
      const row = await db
        .selectFrom('titles')
        .select('titles.id')
        .where('titles.id', '=', id)
        .where('titles.is_published', '=', 1)
        .$call(withinRating(rating))
        .executeTakeFirst();
      return row !== undefined;
    },

    genres(): Promise<{ id: number; name: string }[]> {
      return db
        .selectFrom('genres')
        .select(['genres.id', 'genres.name'])
        .orderBy('genres.name')
        .orderBy('genres.id')
        .execute();
    },

    genresOfTitles: (titleIds: readonly number[]) => genresOfTitles(db, titleIds),

    /** Active banners of published titles within the reader's ratings, by position. */
    banners(rating: RatingFilter) {
      return db
        .selectFrom('banners')
        .innerJoin('titles', 'titles.id', 'banners.title_id')
        .select([
          'banners.poster_url',
          'titles.id',
          'titles.name',
          'titles.description',
          'titles.release_date',
          'titles.language',
          'titles.duration_minutes',
          'titles.imdb_rating',
          'titles.trailer_url',
          'titles.trailer_url_type',
        ])
        .where('banners.is_active', '=', 1)
        .where('titles.is_published', '=', 1)
        .$call(withinRating(rating))
        .orderBy('banners.position')
        .orderBy('banners.id')
        .execute();
    },

    /** Ready trailer videos of several titles, first by position; used when a title has no trailer_url. */
    trailersOfTitles(titleIds: readonly number[]) {
      if (titleIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('videos')
        .select(['videos.title_id', 'videos.type', 'videos.url'])
        .where('videos.title_id', 'in', titleIds)
        .where('videos.kind', '=', 'trailer')
        .where('videos.status', '=', 'ready')
        .orderBy('videos.position')
        .orderBy('videos.id')
        .execute();
    },

    /** A published title within the reader's ratings. */
    findPublishedTitle(id: number, rating: RatingFilter) {
      return db
        .selectFrom('titles')
        .select([
          'titles.id',
          'titles.name',
          'titles.type',
          'titles.description',
          'titles.release_date',
          'titles.language',
          'titles.duration_minutes',
          'titles.imdb_rating',
          'titles.content_rating',
          'titles.poster_image',
          'titles.thumbnail_image',
          'titles.trailer_url',
          'titles.trailer_url_type',
          'titles.like_count',
          'titles.is_free',
        ])
        .where('titles.id', '=', id)
        .where('titles.is_published', '=', 1)
        .$call(withinRating(rating))
        .executeTakeFirst();
    },

    cast: (titleId: number) => castOfTitle(db, titleId),

    /** Every episode of a TV show with its season, by season then episode number. */
    episodesOfTitle(titleId: number) {
      return db
        .selectFrom('seasons')
        .leftJoin('episodes', 'episodes.season_id', 'seasons.id')
        .select([
          'seasons.id as season_id',
          'seasons.season_number',
          'seasons.name as season_name',
          'episodes.id as episode_id',
          'episodes.episode_number',
          'episodes.name as episode_name',
          'episodes.description',
          'episodes.duration_minutes',
          'episodes.thumbnail_image',
        ])
        .where('seasons.title_id', '=', titleId)
        .orderBy('seasons.season_number')
        .orderBy('episodes.episode_number')
        .execute();
    },

    /**
     * Up to `limit` other published titles sharing the most of these genres, then the most
     * viewed. Counting runs on the genre index alone; only candidates at or above the share
     * count of the (2 x limit)th best are looked up in titles, and when hidden titles leave the
     * page short the full ranking is asked for instead.
     */
    async related(
      titleId: number,
      genreIds: readonly number[],
      limit: number,
      rating: RatingFilter,
    ): Promise<CardRow[]> {
      if (genreIds.length === 0) return [];
      const ranked = (withFloor: boolean) =>
        db
          .with(
            (cte) => cte('shared_genres').materialized(),
            (qb) =>
              qb
                .selectFrom('title_genres')
                .select((eb) => ['title_genres.title_id', eb.fn.countAll<number>().as('shared')])
                .where('title_genres.genre_id', 'in', genreIds)
                .where('title_genres.title_id', '<>', titleId)
                .groupBy('title_genres.title_id'),
          )
          .selectFrom('shared_genres')
          .innerJoin('titles', 'titles.id', 'shared_genres.title_id')
          .select(CARD_COLUMNS)
          .where('titles.is_published', '=', 1)
          .$call(withinRating(rating))
          .$if(withFloor, (qb) =>
            qb.where('shared_genres.shared', '>=', (eb) =>
              eb.fn.coalesce(
                eb
                  .selectFrom('shared_genres as best')
                  .select('best.shared')
                  .orderBy('best.shared', 'desc')
                  .limit(1)
                  .offset(2 * limit - 1),
                eb.lit(1),
              ),
            ),
          )
          .orderBy('shared_genres.shared', 'desc')
          .orderBy('titles.view_count', 'desc')
          .orderBy('titles.id', 'desc')
          .limit(limit)
          .execute();
      const rows = await ranked(true);
      return rows.length < limit ? ranked(false) : rows;
    },

    /** Ready full videos of a title and of some episodes, by position. */
    mainVideos(titleId: number, episodeIds: readonly number[]) {
      return db
        .selectFrom('videos')
        .select([
          'videos.id',
          'videos.title_id',
          'videos.episode_id',
          'videos.type',
          'videos.url',
          'videos.quality',
        ])
        .where((eb) =>
          episodeIds.length > 0
            ? eb.or([eb('videos.title_id', '=', titleId), eb('videos.episode_id', 'in', episodeIds)])
            : eb('videos.title_id', '=', titleId),
        )
        .where('videos.kind', '=', 'main')
        .where('videos.status', '=', 'ready')
        .orderBy('videos.position')
        .orderBy('videos.id')
        .execute();
    },
  };
}
export type CatalogRepository = ReturnType<typeof createCatalogRepository>;
