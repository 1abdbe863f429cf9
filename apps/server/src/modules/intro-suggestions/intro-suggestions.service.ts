import { rm } from 'node:fs/promises';
import path from 'node:path';
import {
  IntroSuggestionMessages,
  type EpisodeIntroSuggestion,
  type IntroSuggestions,
} from '@reeltime/contract';
import type { AppContext } from '../../context';
import type { Db } from '../../db/connection';
import type { JobContext, JobHandlers } from '../../jobs/job-map';
import { Conflict, NotFound } from '../../lib/errors';
import { MEDIA_FILES } from '../../media/pipeline';
import { streamFolderId } from '../../media/video-removal';
import { decodeAudio, fetchStreamHead } from './episode-audio';
import { breather, fingerprints, samplesOf, suggestIntros, type Fingerprints } from './intro-detection';

/** How much of each episode is listened to: intros come early. */
export const LISTEN_SECONDS = 5 * 60;

/** An episode of the season with its ready video of our own stream. */
interface EpisodeVideo {
  episodeId: number;
  videoId: number;
  /** The video whose folder holds the stream (itself, or the one it shares). */
  streamId: number;
}

/**
 * Each episode's ready main video whose stream is ours (an HLS tree under private/videos), by
 * episode number: the first of an episode's videos by position.
 */
async function episodeVideos(db: Db, seasonId: number): Promise<EpisodeVideo[]> {
  const rows = await db
    .selectFrom('videos')
    .innerJoin('episodes', 'episodes.id', 'videos.episode_id')
    .select(['videos.id', 'videos.url', 'videos.episode_id', 'videos.position', 'episodes.episode_number'])
    .where('episodes.season_id', '=', seasonId)
    .where('videos.kind', '=', 'main')
    .where('videos.status', '=', 'ready')
    .orderBy('episodes.episode_number')
    .orderBy('videos.position')
    .orderBy('videos.id')
    .execute();
  const byEpisode = new Map<number, EpisodeVideo>();
  for (const row of rows) {
    const streamId = streamFolderId(row.url);
    if (streamId === null || row.episode_id === null || byEpisode.has(row.episode_id)) continue;
    byEpisode.set(row.episode_id, { episodeId: row.episode_id, videoId: row.id, streamId });
  }
  return [...byEpisode.values()];
}

const distinctStreams = (videos: readonly EpisodeVideo[]) =>
  new Set(videos.map((video) => video.streamId)).size;

export function createIntroSuggestionService(ctx: Pick<AppContext, 'config' | 'db' | 'files' | 'jobs'>) {
  const { config, db, files, jobs } = ctx;

  async function assertSeason(seasonId: number): Promise<void> {
    const season = await db.selectFrom('seasons').select('id').where('id', '=', seasonId).executeTakeFirst();
    if (!season) throw new NotFound(IntroSuggestionMessages.seasonNotFound);
  }

  async function setRow(
    seasonId: number,
    change: { status: 'running' | 'done' | 'failed'; result?: string; error?: string },
  ) {
    await db
      .updateTable('intro_suggestions')
      .set({ ...change, updated_at: Date.now() })
      .where('season_id', '=', seasonId)
      .execute();
  }

  /** Listens to each stream once (episodes may share one) and suggests from those that differ. */
  async function run(seasonId: number, job: JobContext): Promise<void> {
    await setRow(seasonId, { status: 'running' });
    const videos = await episodeVideos(db, seasonId);
    const streamIds = [...new Set(videos.map((video) => video.streamId))];
    const scratch = path.join(config.dataDir, 'tmp', 'intro-suggestions', String(job.id));
    const heard: Fingerprints[] = [];
    const pause = breather(job.signal);
    try {
      for (const [index, streamId] of streamIds.entries()) {
        const head = await fetchStreamHead(
          files,
          `private/videos/${streamId}/${MEDIA_FILES.master}`,
          LISTEN_SECONDS,
          scratch,
        );
        const pcm = await decodeAudio(config.mediaTools, head, LISTEN_SECONDS, job.signal);
        await rm(head, { force: true });
        heard.push(await fingerprints(samplesOf(pcm), pause));
        job.progress(Math.round(((index + 1) / streamIds.length) * 60));
      }
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
    const suggestions = await suggestIntros(heard, {
      onPair: (done, total) => job.progress(60 + Math.round((done / total) * 40)),
      pause,
    });
    const byStream = new Map(streamIds.map((streamId, index) => [streamId, suggestions[index] ?? null]));
    const episodes: EpisodeIntroSuggestion[] = videos.map((video) => ({
      episode_id: video.episodeId,
      video_id: video.videoId,
      suggestion: byStream.get(video.streamId) ?? null,
    }));
    await setRow(seasonId, { status: 'done', result: JSON.stringify(episodes) });
  }

  return {
    /** The latest run of a season, with its job's progress while it runs. */
    async latest(seasonId: number): Promise<IntroSuggestions> {
      await assertSeason(seasonId);
      const row = await db
        .selectFrom('intro_suggestions')
        .selectAll()
        .where('season_id', '=', seasonId)
        .executeTakeFirst();
      if (!row)
        return {
          season_id: seasonId,
          state: 'none',
          job_id: null,
          episode_count: 0,
          progress: 0,
          episodes: [],
          error: null,
          updated_at: null,
        };
      let state: IntroSuggestions['state'] = row.status;
      let error = row.error;
      let progress = row.status === 'done' ? 100 : 0;
      if (row.status === 'pending' || row.status === 'running') {
        const job = await jobs.get(row.job_id);
        progress = job?.progress ?? 0;
        // A job that ended without writing its result (cancelled, or its worker gone for good).
        if (!job || job.state === 'failed' || job.state === 'cancelled') {
          state = 'failed';
          error = job?.lastError ?? 'The job was stopped before it finished.';
        }
      }
      return {
        season_id: seasonId,
        state,
        job_id: row.job_id,
        episode_count: row.episode_count,
        progress,
        episodes: row.result ? (JSON.parse(row.result) as EpisodeIntroSuggestion[]) : [],
        error,
        updated_at: row.updated_at,
      };
    },

    /** Queues a run for the season, unless one is queued or running (that one is answered). */
    async start(seasonId: number): Promise<IntroSuggestions> {
      await assertSeason(seasonId);
      const current = await this.latest(seasonId);
      if (current.state === 'pending' || current.state === 'running') return current;
      const videos = await episodeVideos(db, seasonId);
      if (distinctStreams(videos) < 2) throw new Conflict(IntroSuggestionMessages.tooFewEpisodes);
      // The row and the job commit together, so the job always finds the row it reports to.
      await db.transaction().execute(async (trx) => {
        const job = await jobs.enqueue('media.suggest-intros', { seasonId }, { within: trx });
        const row = {
          job_id: job.id,
          status: 'pending' as const,
          episode_count: videos.length,
          result: null,
          error: null,
          updated_at: Date.now(),
        };
        await trx
          .insertInto('intro_suggestions')
          .values({ season_id: seasonId, ...row })
          .onConflict((oc) => oc.column('season_id').doUpdateSet(row))
          .execute();
      });
      return this.latest(seasonId);
    },

    handlers: {
      'media.suggest-intros': {
        run: (payload, job) => run(payload.seasonId, job),
        async onFailed(payload, error) {
          await setRow(payload.seasonId, { status: 'failed', error });
        },
      },
    } satisfies Pick<JobHandlers, 'media.suggest-intros'>,
  };
}

/** The job handler, for the composition root and the media lane's sandboxed processor. */
export function introSuggestionJobHandlers(
  ctx: Pick<AppContext, 'config' | 'db' | 'files' | 'jobs'>,
): Pick<JobHandlers, 'media.suggest-intros'> {
  return createIntroSuggestionService(ctx).handlers;
}
