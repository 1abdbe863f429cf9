import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database';
import { publishedCards } from '../titles/card.mapper';
import type { RatingFilter } from '../titles/rating-filter';

/** Works on the database or inside a transaction. */
type Executor = Kysely<Database>;

/** How many rows of recent viewing the console's member page shows. */
export const RECENT_VIEWING_ROWS = 20;

export function createPlaybackRepository(db: Executor) {
  return {
    /** One row per member, title and episode (0 for a movie): the newest report wins. */
    async upsertProgress(row: {
      userId: number;
      titleId: number;
      episodeId: number;
      positionSeconds: number;
      durationSeconds: number;
      finished: boolean;
      now: number;
    }): Promise<void> {
      await db
        .insertInto('playback_progress')
        .values({
          user_id: row.userId,
          title_id: row.titleId,
          episode_id: row.episodeId,
          position_seconds: row.positionSeconds,
          duration_seconds: row.durationSeconds,
          finished: row.finished ? 1 : 0,
          updated_at: row.now,
        })
        .onConflict((oc) =>
          oc.columns(['user_id', 'title_id', 'episode_id']).doUpdateSet((eb) => ({
            position_seconds: eb.ref('excluded.position_seconds'),
            duration_seconds: eb.ref('excluded.duration_seconds'),
            finished: eb.ref('excluded.finished'),
            updated_at: eb.ref('excluded.updated_at'),
          })),
        )
        .execute();
    },

    /** Records the member's view of the title for the day; false when it was already counted. */
    async insertView(userId: number, titleId: number, day: string, now: number): Promise<boolean> {
      const inserted = await db
        .insertInto('views')
        .values({ user_id: userId, title_id: titleId, day, created_at: now })
        .onConflict((oc) => oc.columns(['user_id', 'title_id', 'day']).doNothing())
        .returning('title_id')
        .executeTakeFirst();
      return inserted !== undefined;
    },

    /**
     * The member's latest progress in each title not finished yet, within the ratings, newest
     * first, with card columns.
     */
    continueWatching(userId: number, limit: number, rating: RatingFilter) {
      const latest = db
        .selectFrom('playback_progress')
        .select([
          'playback_progress.id',
          'playback_progress.title_id',
          'playback_progress.episode_id',
          'playback_progress.position_seconds',
          'playback_progress.duration_seconds',
          'playback_progress.finished',
          'playback_progress.updated_at',
          sql<number>`row_number() over (partition by playback_progress.title_id order by playback_progress.updated_at desc, playback_progress.id desc)`.as(
            'rank',
          ),
        ])
        .where('playback_progress.user_id', '=', userId)
        .as('p');
      return db
        .selectFrom(latest)
        .innerJoin(publishedCards(db, rating), 'cards.id', 'p.title_id')
        .selectAll('cards')
        .select(['p.episode_id', 'p.position_seconds', 'p.duration_seconds'])
        .where('p.rank', '=', 1)
        .where('p.finished', '=', 0)
        .where('p.position_seconds', '>', 0)
        .orderBy('p.updated_at', 'desc')
        .orderBy('p.id', 'desc')
        .limit(limit)
        .execute();
    },

    /** Where the member stopped in each episode of a show they have played. */
    episodeProgress(userId: number, titleId: number) {
      return db
        .selectFrom('playback_progress')
        .select(['episode_id', 'position_seconds', 'duration_seconds'])
        .where('user_id', '=', userId)
        .where('title_id', '=', titleId)
        .where('episode_id', '!=', 0)
        .execute();
    },

    /**
     * In one query: the like count, whether the member likes the title, and their latest playback
     * position in it (any episode). Undefined for an unknown title.
     */
    titleState(userId: number, titleId: number) {
      return db
        .selectFrom('titles')
        .leftJoin('playback_progress as progress', (join) =>
          join.on((eb) =>
            eb(
              'progress.id',
              '=',
              eb
                .selectFrom('playback_progress')
                .select('playback_progress.id')
                .where('playback_progress.user_id', '=', userId)
                .where('playback_progress.title_id', '=', titleId)
                .orderBy('playback_progress.updated_at', 'desc')
                .orderBy('playback_progress.id', 'desc')
                .limit(1),
            ),
          ),
        )
        .select((eb) => [
          'titles.like_count',
          eb
            .exists(
              eb
                .selectFrom('likes')
                .select('likes.title_id')
                .where('likes.user_id', '=', userId)
                .where('likes.title_id', '=', titleId),
            )
            .as('is_liked'),
          'progress.position_seconds',
          'progress.duration_seconds',
          'progress.episode_id',
          'progress.finished',
        ])
        .where('titles.id', '=', titleId)
        .executeTakeFirst();
    },

    async deleteLike(userId: number, titleId: number): Promise<boolean> {
      const result = await db
        .deleteFrom('likes')
        .where('user_id', '=', userId)
        .where('title_id', '=', titleId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async insertLike(userId: number, titleId: number, now: number): Promise<boolean> {
      const inserted = await db
        .insertInto('likes')
        .values({ user_id: userId, title_id: titleId, created_at: now })
        .onConflict((oc) => oc.columns(['user_id', 'title_id']).doNothing())
        .returning('title_id')
        .executeTakeFirst();
      return inserted !== undefined;
    },

    /** What a member played last, newest first, with the names of titles and episodes (for the console). */
    recentProgressOf: (userId: number) =>
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

    /** The member's latest counted views, newest first, with the titles' names (for the console). */
    recentViewsOf: (userId: number) =>
      db
        .selectFrom('views')
        .innerJoin('titles', 'titles.id', 'views.title_id')
        .select(['views.title_id', 'titles.name as title_name', 'views.day', 'views.created_at'])
        .where('views.user_id', '=', userId)
        .orderBy('views.created_at', 'desc')
        .limit(RECENT_VIEWING_ROWS)
        .execute(),

    /** Where members stopped in episodes that are going away (progress rows name episodes by id only). */
    async deleteProgressInEpisodes(episodeIds: readonly number[]): Promise<void> {
      if (episodeIds.length === 0) return;
      await db.deleteFrom('playback_progress').where('episode_id', 'in', episodeIds).execute();
    },
  };
}
export type PlaybackRepository = ReturnType<typeof createPlaybackRepository>;
