import {
  FINISHED_SHARE,
  ServerMessages,
  VIEW_AFTER_SECONDS,
  type ContinueWatchingItem,
  type EpisodeProgress,
  type LikeResult,
  type PlaybackProgressBodySchema,
  type PlaybackProgressResult,
  type Progress,
} from '@reeltime/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Db } from '../../db/connection';
import type { Viewer } from '../auth/auth-user';
import { NotFound } from '../../lib/errors';
import { isoDay } from '../../lib/time';
import { toMovieCard } from '../titles/card.mapper';
import { createTitlesRepository } from '../titles/titles.repository';
import { createTitlesService } from '../catalog/titles.service';
import { createWatchlistService } from '../watchlist/watchlist.service';
import { forgetProfileRows } from '../recommendations/recommendations-cache';
import type { RatingFilter } from '../titles/rating-filter';
import { createPlaybackRepository } from './playback.repository';

export const PlaybackMessages = {
  episodeNotFound: ServerMessages.episodeNotFound,
  progressSaved: 'Progress saved.',
  liked: 'Added to your likes.',
  unliked: 'Removed from your likes.',
} as const;

/** Continue Watching holds at most this many titles. */
export const CONTINUE_WATCHING_LIMIT = 20;

export type ProgressInput = z.output<typeof PlaybackProgressBodySchema>;

/** What one profile has done with one title: like, like count and where it stopped. */
export interface MemberTitleState {
  is_liked: boolean;
  likes: number;
  /** The latest position in the title (any episode); null when never played. */
  progress: (Progress & { finished: boolean }) | null;
}

/** Watched past this share of its length a title (or episode) is finished. */
export const isFinished = (position: number, duration: number) =>
  duration > 0 && position >= duration * FINISHED_SHARE;

/**
 * A view counts once per profile, title and day, when playback passes 30 s (or, for a video
 * shorter than that, when it is finished).
 */
export const passesViewMark = (position: number, duration: number) =>
  position >= Math.min(VIEW_AFTER_SECONDS, duration * FINISHED_SHARE);

export function createPlaybackService(ctx: AppContext) {
  const repo = createPlaybackRepository(ctx.db);
  const titles = createTitlesService(ctx);
  const watchlist = createWatchlistService(ctx);

  /** A title the reader cannot see (unknown, unpublished or rated above the filter) is NotFound. */
  async function requireTitle(titleId: number, rating: RatingFilter): Promise<void> {
    if (!(await titles.isPublished(titleId, rating))) throw new NotFound(ServerMessages.titleNotFound);
  }

  return {
    /**
     * Saves the profile's position (one row per title and episode) and counts the day's view once;
     * the profile's cached personal rows are forgotten, so the title is out of them on the next read.
     */
    async saveProgress(
      viewer: Viewer,
      input: ProgressInput,
      rating: RatingFilter,
    ): Promise<PlaybackProgressResult> {
      const owner = { userId: viewer.id, profileId: viewer.profile.id };
      const titleId = input.entertainment_id;
      await requireTitle(titleId, rating);
      if (input.episode_id !== undefined && !(await titles.isEpisodeOf(input.episode_id, titleId))) {
        throw new NotFound(PlaybackMessages.episodeNotFound);
      }
      const position = Math.min(input.position_seconds, input.duration_seconds);
      const finished = isFinished(position, input.duration_seconds);
      const now = Date.now();
      await ctx.db.transaction().execute(async (trx) => {
        const tx = createPlaybackRepository(trx);
        const txTitles = createTitlesRepository(trx, ctx.dialect);
        await tx.upsertProgress({
          ...owner,
          titleId,
          episodeId: input.episode_id ?? 0,
          positionSeconds: position,
          durationSeconds: input.duration_seconds,
          finished,
          now,
        });
        if (passesViewMark(position, input.duration_seconds)) {
          const day = isoDay(now);
          if (await tx.insertView(owner, titleId, day, now)) await txTitles.countView(titleId, day);
        }
      });
      await forgetProfileRows(ctx.cache, owner.profileId);
      return { position_seconds: position, finished };
    },

    /** Titles the profile started and has not finished, within the ratings, most recently watched first. */
    async continueWatching(profileId: number, rating: RatingFilter): Promise<ContinueWatchingItem[]> {
      const [rows, onList] = await Promise.all([
        repo.continueWatching(profileId, CONTINUE_WATCHING_LIMIT, rating),
        watchlist.titleIds(profileId),
      ]);
      return rows.map((row) => ({
        ...toMovieCard(row, onList.has(row.id)),
        position_seconds: Number(row.position_seconds),
        duration_seconds: Number(row.duration_seconds),
        ...(row.episode_id ? { episode_id: row.episode_id } : {}),
      }));
    },

    /**
     * Likes the title, or takes the like back; the title's like count follows in the same
     * transaction. The profile's cached personal rows are forgotten (a liked title is left out).
     */
    async toggleLike(viewer: Viewer, titleId: number, rating: RatingFilter): Promise<LikeResult> {
      const profileId = viewer.profile.id;
      await requireTitle(titleId, rating);
      const result = await ctx.db.transaction().execute(async (trx) => {
        const tx = createPlaybackRepository(trx);
        const txTitles = createTitlesRepository(trx, ctx.dialect);
        let isLiked: boolean;
        if (await tx.deleteLike(profileId, titleId)) {
          await txTitles.addToLikeCount(titleId, -1);
          isLiked = false;
        } else {
          const liked = await tx.insertLike({ userId: viewer.id, profileId }, titleId, Date.now());
          if (liked) await txTitles.addToLikeCount(titleId, 1);
          isLiked = true;
        }
        return { is_liked: isLiked, likes: await txTitles.likeCount(titleId) };
      });
      await forgetProfileRows(ctx.cache, profileId);
      return result;
    },

    /** The profile's like, the like count and the latest progress of one title (for its details). */
    async titleState(profileId: number, titleId: number): Promise<MemberTitleState> {
      const state = await repo.titleState(profileId, titleId);
      return {
        is_liked: Boolean(state?.is_liked),
        likes: Number(state?.like_count ?? 0),
        progress:
          state && state.position_seconds !== null && state.duration_seconds !== null
            ? {
                position_seconds: Number(state.position_seconds),
                duration_seconds: Number(state.duration_seconds),
                ...(state.episode_id ? { episode_id: state.episode_id } : {}),
                finished: state.finished === 1,
              }
            : null,
      };
    },

    /**
     * Takes back a profile's likes (each title's like count goes down) inside the transaction
     * that deletes the profile; its progress, views and watch list go with it by foreign key.
     */
    async forgetProfile(trx: Db, profileId: number): Promise<void> {
      const txTitles = createTitlesRepository(trx, ctx.dialect);
      for (const titleId of await createPlaybackRepository(trx).likedTitleIds(profileId)) {
        await txTitles.addToLikeCount(titleId, -1);
      }
    },

    /** Where the profile stopped in each episode of a show, by episode id. */
    async episodeProgress(profileId: number, titleId: number): Promise<Map<number, EpisodeProgress>> {
      const rows = await repo.episodeProgress(profileId, titleId);
      return new Map(
        rows.map((row) => [
          row.episode_id,
          { position_seconds: row.position_seconds, duration_seconds: row.duration_seconds },
        ]),
      );
    },
  };
}
export type PlaybackService = ReturnType<typeof createPlaybackService>;
