import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database';
import { publishedCards } from '../titles/card.mapper';
import type { RatingFilter } from '../titles/rating-filter';

/** Works on the database or inside a transaction. */
type Executor = Kysely<Database>;

/** The account and the profile whose row it is: playback state is a profile's own. */
export interface Owner {
  userId: number;
  profileId: number;
}

/** How many rows of recent viewing the console's member page shows. */
export const RECENT_VIEWING_ROWS = 20;

export function createPlaybackRepository(db: Executor) {
  return {
    /** One row per profile, title and episode (0 for a movie): the newest report wins. */
    async upsertProgress(row: {
      userId: number;
      profileId: number;
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
          profile_id: row.profileId,
          title_id: row.titleId,
          episode_id: row.episodeId,
          position_seconds: row.positionSeconds,
          duration_seconds: row.durationSeconds,
          finished: row.finished ? 1 : 0,
          updated_at: row.now,
        })
        .onConflict((oc) =>
          oc.columns(['profile_id', 'title_id', 'episode_id']).doUpdateSet((eb) => ({
            position_seconds: eb.ref('excluded.position_seconds'),
            duration_seconds: eb.ref('excluded.duration_seconds'),
            finished: eb.ref('excluded.finished'),
            updated_at: eb.ref('excluded.updated_at'),
          })),
        )
        .execute();
    },

    /** Records the profile's view of the title for the day; false when it was already counted. */
    async insertView(owner: Owner, titleId: number, day: string, now: number): Promise<boolean> {
      const inserted = await db
        .insertInto('views')
        .values({
          user_id: owner.userId,
          profile_id: owner.profileId,
          title_id: titleId,
          day,
          created_at: now,
        })
        .onConflict((oc) => oc.columns(['profile_id', 'title_id', 'day']).doNothing())
        .returning('title_id')
        .executeTakeFirst();
      return inserted !== undefined;
    },

    /**
     * The profile's latest progress in each title not finished yet, within the ratings, newest
     * first, with card columns.
     */
    continueWatching(profileId: number, limit: number, rating: RatingFilter) {
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
        .where('playback_progress.profile_id', '=', profileId)
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

    /** Where the profile stopped in each episode of a show it has played. */
    episodeProgress(profileId: number, titleId: number) {
      return db
        .selectFrom('playback_progress')
        .select(['episode_id', 'position_seconds', 'duration_seconds'])
        .where('profile_id', '=', profileId)
        .where('title_id', '=', titleId)
        .where('episode_id', '!=', 0)
        .execute();
    },

    /**
     * In one query: the like count, whether the profile likes the title, and its latest playback
     * position in it (any episode). Undefined for an unknown title.
     */
    titleState(profileId: number, titleId: number) {
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
                .where('playback_progress.profile_id', '=', profileId)
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
                .where('likes.profile_id', '=', profileId)
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

    async deleteLike(profileId: number, titleId: number): Promise<boolean> {
      const result = await db
        .deleteFrom('likes')
        .where('profile_id', '=', profileId)
        .where('title_id', '=', titleId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async insertLike(owner: Owner, titleId: number, now: number): Promise<boolean> {
      const inserted = await db
        .insertInto('likes')
        .values({ user_id: owner.userId, profile_id: owner.profileId, title_id: titleId, created_at: now })
        .onConflict((oc) => oc.columns(['profile_id', 'title_id']).doNothing())
        .returning('title_id')
        .executeTakeFirst();
      return inserted !== undefined;
    },

    /** The titles a profile likes (its likes are taken back when it is deleted). */
    likedTitleIds: async (profileId: number): Promise<number[]> =>
      (await db.selectFrom('likes').select('title_id').where('profile_id', '=', profileId).execute()).map(
        (row) => row.title_id,
      ),

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
