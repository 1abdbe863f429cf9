import {
  PlaybackQualityMessages,
  type PlayQualityBatchSchema,
  type AdminPlaybackQuality,
} from '@reeltime/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Viewer } from '../auth/auth-user';
import { Validation } from '../../lib/errors';
import { DAY_MS, isoDay } from '../../lib/time';
import { createTitlesService } from '../catalog/titles.service';
import type { RatingFilter } from '../titles/rating-filter';
import { playbackQualityFigures } from './playback-quality.figures';
import { createPlaybackQualityRepository } from './playback-quality.repository';

export type PlayQualityBatchInput = z.output<typeof PlayQualityBatchSchema>;

export function createPlaybackQualityService(ctx: AppContext) {
  const repo = createPlaybackQualityRepository(ctx.db);
  const titles = createTitlesService(ctx);

  /**
   * Every report must name a title the profile may play (and an episode of it): a forged id is
   * refused with the whole batch, so nothing of it is stored.
   */
  async function checkTitles(batch: PlayQualityBatchInput, rating: RatingFilter): Promise<void> {
    const visible = new Map<number, Promise<boolean>>();
    for (const [index, report] of batch.reports.entries()) {
      const titleId = report.entertainment_id;
      if (!visible.has(titleId)) visible.set(titleId, titles.isPublished(titleId, rating));
      const known =
        (await visible.get(titleId)) &&
        (report.episode_id === undefined || (await titles.isEpisodeOf(report.episode_id, titleId)));
      if (!known) {
        const message = PlaybackQualityMessages.unknownTitle(index);
        throw new Validation(message, { [`reports.${index}.entertainment_id`]: [message] });
      }
    }
  }

  return {
    /** Stores a batch whole; returns how many of its plays were not reported before. */
    async record(viewer: Viewer, batch: PlayQualityBatchInput, rating: RatingFilter): Promise<number> {
      await checkTitles(batch, rating);
      const now = Date.now();
      return repo.insert(
        batch.reports.map((report) => ({
          user_id: viewer.id,
          play_id: report.play_id,
          title_id: report.entertainment_id,
          episode_id: report.episode_id ?? null,
          device_class: report.device_class,
          start_ms: report.start_ms,
          failure: report.failure,
          played_ms: report.played_ms,
          stall_count: report.stall_count,
          stall_ms: report.stall_ms,
          average_bitrate_kbps: report.average_bitrate_kbps,
          renditions: report.renditions.join(','),
          day: isoDay(now),
          created_at: now,
        })),
      );
    },

    /** The console's figures over the last `days` UTC days, today included. */
    async figures(days: number, now = Date.now()): Promise<AdminPlaybackQuality> {
      const period = Array.from({ length: days }, (_, index) => isoDay(now - (days - 1 - index) * DAY_MS));
      return playbackQualityFigures(await repo.since(period[0]!), period);
    },
  };
}
