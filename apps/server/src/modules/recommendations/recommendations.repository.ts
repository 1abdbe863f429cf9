import { sql } from 'kysely';
import type { Db, Dialect } from '../../db/connection';
import { insertMany } from '../../db/seed/batch';
import { CARD_COLUMNS, type CardRow } from '../titles/card.mapper';
import { withinRating, type RatingFilter } from '../titles/rating-filter';
import type { Interaction, Neighbour, TitleFeatures } from './item-similarity';

/** A like says more than a play. */
export const PLAY_WEIGHT = 1;
export const LIKE_WEIGHT = 2;

export type StoredNeighbour = Neighbour;

export function createRecommendationsRepository(db: Db, dialect: Dialect) {
  return {
    /** Every profile's plays (progress and counted views) and likes, as the similarity reads them. */
    async interactions(): Promise<Interaction[]> {
      const [progress, views, likes] = await Promise.all([
        db.selectFrom('playback_progress').select(['profile_id', 'title_id', 'updated_at as at']).execute(),
        db.selectFrom('views').select(['profile_id', 'title_id', 'created_at as at']).execute(),
        db.selectFrom('likes').select(['profile_id', 'title_id', 'created_at as at']).execute(),
      ]);
      const out: Interaction[] = [];
      const add = (rows: { profile_id: number; title_id: number; at: number }[], weight: number) => {
        for (const row of rows) {
          out.push({ profileId: row.profile_id, titleId: row.title_id, weight, at: Number(row.at) });
        }
      };
      add(progress, PLAY_WEIGHT);
      add(views, PLAY_WEIGHT);
      add(likes, LIKE_WEIGHT);
      return out;
    },

    /** Genres, cast and all-time popularity of every published title. */
    async titleFeatures(): Promise<TitleFeatures[]> {
      const [titles, genres, cast] = await Promise.all([
        db
          .selectFrom('titles')
          .select(['id', 'like_count', 'view_count'])
          .where('is_published', '=', 1)
          .execute(),
        db.selectFrom('title_genres').select(['title_id', 'genre_id']).execute(),
        db.selectFrom('title_cast').select(['title_id', 'person_id']).execute(),
      ]);
      const features = new Map<number, TitleFeatures & { genreIds: number[]; castIds: number[] }>();
      for (const title of titles) {
        features.set(title.id, {
          id: title.id,
          genreIds: [],
          castIds: [],
          popularity: Number(title.like_count) + Number(title.view_count),
        });
      }
      for (const row of genres) features.get(row.title_id)?.genreIds.push(row.genre_id);
      for (const row of cast) {
        const castIds = features.get(row.title_id)?.castIds;
        // A person with several roles in one title is one shared cast member.
        if (castIds && !castIds.includes(row.person_id)) castIds.push(row.person_id);
      }
      return [...features.values()];
    },

    /** Titles by views since `sinceDay` (inclusive), most first. */
    trending(sinceDay: string, limit: number) {
      return db
        .selectFrom('title_daily_views')
        .select((eb) => ['title_id', eb.fn.sum<number>('views').as('views')])
        .where('day', '>=', sinceDay)
        .groupBy('title_id')
        .orderBy(sql`sum(views)`, 'desc')
        .orderBy('title_id')
        .limit(limit)
        .execute();
    },

    /** Replaces every title's neighbours and the trending list in one transaction; answers the pairs written. */
    async replace(
      neighbours: ReadonlyMap<number, readonly Neighbour[]>,
      trending: readonly { title_id: number; views: number | string }[],
    ): Promise<number> {
      let pairs = 0;
      const rows = [...neighbours].map(([titleId, list]) => {
        pairs += list.length;
        return {
          title_id: titleId,
          similar_ids: JSON.stringify(list.map((neighbour) => neighbour.id)),
          scores: JSON.stringify(list.map((neighbour) => Math.round(neighbour.score * 1e6) / 1e6)),
          cowatch_count: list.filter((neighbour) => neighbour.source === 'cowatch').length,
        };
      });
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('title_neighbours').execute();
        await trx.deleteFrom('trending_titles').execute();
        await insertMany(trx, dialect, 'title_neighbours', rows);
        await insertMany(
          trx,
          dialect,
          'trending_titles',
          trending.map((row, rank) => ({ rank, title_id: row.title_id, views: Number(row.views) })),
        );
      });
      return pairs;
    },

    /**
     * What the profile has done: every title it played (progress or a counted view) or liked,
     * with the latest time, newest first. Played titles are never recommended back to it.
     */
    async history(profileId: number): Promise<{ titleId: number; at: number; played: boolean }[]> {
      const [progress, views, likes] = await Promise.all([
        db
          .selectFrom('playback_progress')
          .select(['title_id', (eb) => eb.fn.max('updated_at').as('at')])
          .where('profile_id', '=', profileId)
          .groupBy('title_id')
          .execute(),
        db
          .selectFrom('views')
          .select(['title_id', (eb) => eb.fn.max('created_at').as('at')])
          .where('profile_id', '=', profileId)
          .groupBy('title_id')
          .execute(),
        db
          .selectFrom('likes')
          .select(['title_id', 'created_at as at'])
          .where('profile_id', '=', profileId)
          .execute(),
      ]);
      const byTitle = new Map<number, { titleId: number; at: number; played: boolean }>();
      const add = (rows: { title_id: number; at: unknown }[], played: boolean) => {
        for (const row of rows) {
          const at = Number(row.at);
          const seen = byTitle.get(row.title_id);
          if (!seen) byTitle.set(row.title_id, { titleId: row.title_id, at, played });
          else {
            seen.at = Math.max(seen.at, at);
            seen.played ||= played;
          }
        }
      };
      add(progress, true);
      add(views, true);
      add(likes, false);
      return [...byTitle.values()].sort((a, b) => b.at - a.at || b.titleId - a.titleId);
    },

    /** The stored neighbours of these titles, each title's best first. */
    async neighboursOf(titleIds: readonly number[]): Promise<Map<number, StoredNeighbour[]>> {
      const lists = new Map<number, StoredNeighbour[]>();
      if (titleIds.length === 0) return lists;
      const rows = await db
        .selectFrom('title_neighbours')
        .selectAll()
        .where('title_id', 'in', titleIds)
        .execute();
      for (const row of rows) {
        const ids = JSON.parse(row.similar_ids) as number[];
        const scores = JSON.parse(row.scores) as number[];
        lists.set(
          row.title_id,
          ids.map((id, index) => ({
            id,
            score: scores[index] ?? 0,
            source: index < row.cowatch_count ? 'cowatch' : 'content',
          })),
        );
      }
      return lists;
    },

    /** The stored trending list, most viewed first. */
    async trendingIds(limit: number): Promise<number[]> {
      const rows = await db
        .selectFrom('trending_titles')
        .select('title_id')
        .orderBy('rank')
        .limit(limit)
        .execute();
      return rows.map((row) => row.title_id);
    },

    /** Published titles within the ratings, the latest added first (walks titles_created_idx). */
    newest(limit: number, rating: RatingFilter): Promise<CardRow[]> {
      return db
        .selectFrom('titles')
        .select(CARD_COLUMNS)
        .where('titles.is_published', '=', 1)
        .$call(withinRating(rating))
        .orderBy('titles.created_at', 'desc')
        .orderBy('titles.id', 'desc')
        .limit(limit)
        .execute();
    },
  };
}
export type RecommendationsRepository = ReturnType<typeof createRecommendationsRepository>;
