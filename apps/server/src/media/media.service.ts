import { open, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { ServerMessages } from '@reeltime/contract';
import type { Config } from '../config';
import type { Db } from '../db/connection';
import { NotFound, UnsupportedMedia, Validation } from '../lib/errors';
import type { JobHandler, JobPayload } from '../jobs/job-map';
import type { JobQueue } from '../jobs/queue';
import type { Cache } from '../adapters/cache/cache';
import type { FileStore } from '../adapters/storage/file-store';
import { invalidateCatalog } from '../modules/catalog/catalog-invalidation';
import { transcodeToHls, MEDIA_FILES } from './pipeline';
import { NotAVideoError, probe, type MediaInfo } from './probe';
import { createCatalogRepository } from '../modules/titles/catalog.repository';
import { createTitlesRepository } from '../modules/titles/titles.repository';
import { createVideosRepository } from '../modules/titles/videos.repository';
import { PRIVATE_VIDEOS_PREFIX } from './signed-url';
import { publishToStore } from './store-publisher';
import { publishVideoTracks, takeSourceAudioTracks } from './audio-track-media';
import { removeVideo } from './video-removal';
import { deleteSource, localSource, sourceScratchDir } from './video-source';

export const MediaMessages = {
  notAVideo: 'The file is not a video that can be played.',
  notVtt: 'Captions must be a WebVTT (.vtt) file.',
  fileMissing: 'The file does not exist.',
  episodeNotFound: ServerMessages.episodeNotFound,
} as const;

export type TranscodePayload = JobPayload<'transcode'>;

/** The video was deleted while its transcode ran. */
class VideoGone extends Error {
  constructor(videoId: number) {
    super(`video ${videoId} was deleted during its transcode`);
  }
}

export interface ImportVideoInput {
  /** Path of the source file on this machine; it must stay there until the job is done. */
  file: string;
  titleId: number;
  /** For an episode of a TV show; it must belong to `titleId`. */
  episodeId?: number | undefined;
  /** `main` (private, signed URLs; default) or `trailer` (public). */
  kind?: 'main' | 'trailer';
  /** A WebVTT caption file. */
  captions?: string | undefined;
  captionsLanguage?: string | undefined;
  captionsName?: string | undefined;
  /** Further caption tracks (WebVTT text), stored with the video as if uploaded in the console. */
  captionTracks?: ReadonlyArray<{ language: string; label: string; body: string }> | undefined;
  /**
   * The server made the source itself (the demo seed): delete it, and the captions, once the
   * stream is ready and no other video waits for the same file. An operator's files are never
   * touched.
   */
  discardSourceWhenReady?: boolean;
}

export interface ImportedVideo {
  videoId: number;
  jobId: number;
  source: MediaInfo;
}

export interface MediaDeps {
  config: Config;
  db: Db;
  jobs: JobQueue;
  cache: Cache;
  files: FileStore;
  log?: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'> | undefined;
}

/** The file store folder of a video's HLS tree and the URL stored for it: private for full videos, public for trailers. */
export function videoOutput(videoId: number, kind: 'main' | 'trailer'): { prefix: string; url: string } {
  return kind === 'main'
    ? {
        prefix: `private/videos/${videoId}`,
        url: `${PRIVATE_VIDEOS_PREFIX}/${videoId}/${MEDIA_FILES.master}`,
      }
    : {
        prefix: `trailers/${videoId}`,
        url: `/media/trailers/${videoId}/${MEDIA_FILES.master}`,
      };
}

/**
 * ffmpeg writes into a local folder; finished trees are handed to the file store from there. Under
 * DATA_DIR, so with the local store the hand-over is a rename on the same disk.
 */
const transcodeDir = (config: Pick<Config, 'dataDir'>, videoId: number) =>
  path.join(config.dataDir, 'tmp', 'transcode', String(videoId));

async function regularFile(file: string): Promise<string> {
  const absolute = path.resolve(file);
  const info = await stat(absolute).catch(() => undefined);
  if (!info?.isFile()) throw new Validation(MediaMessages.fileMissing, { file: [MediaMessages.fileMissing] });
  return absolute;
}

/** Checks the first bytes of a caption file say WebVTT (after an optional byte order mark). */
async function assertWebVtt(file: string): Promise<void> {
  const handle = await open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(16), 0, 16, 0);
    const head = buffer
      .subarray(0, bytesRead)
      .toString('utf8')
      .replace(/^\uFEFF/, '');
    if (!/^WEBVTT(?:[ \t\r\n]|$)/.test(head)) throw new UnsupportedMedia(MediaMessages.notVtt);
  } finally {
    await handle.close();
  }
}

export function createMediaService(deps: MediaDeps) {
  const { config, db, log, jobs, files } = deps;
  const tools = config.mediaTools;
  const videos = createVideosRepository(db);
  const titles = createTitlesRepository(db, config.dialect);
  const catalog = createCatalogRepository(db, config.dialect);

  const transcodeHandler: JobHandler<TranscodePayload> = {
    async run(payload, job) {
      const video = await videos.findById(payload.videoId);
      if (!video) throw new Error(`video ${payload.videoId} does not exist`);
      if (!video.source_path) throw new Error(`video ${payload.videoId} has no source file`);
      await videos.markProcessing(video.id);
      const output = videoOutput(video.id, video.kind);
      const localTree = transcodeDir(config, video.id);
      // A source in the bucket is fetched into this worker's scratch folder, deleted whatever happens.
      const scratch = sourceScratchDir(config, video.id);
      let result: Awaited<ReturnType<typeof transcodeToHls>>;
      try {
        const source = await localSource(files, video.source_path, scratch);
        const info = await probe(tools, source);
        result = await transcodeToHls(tools, {
          source,
          info,
          outDir: localTree,
          captions: payload.captions,
          signal: job.signal,
          onProgress: (percent) => job.progress(percent),
          // Playable from the lowest rendition on; the higher ones join the master as they finish.
          publish: publishToStore(files, output.prefix, async (update, step) => {
            // Deleted while transcoding: stop, and take back what this step published.
            if (!(await videos.findById(video.id))) throw new VideoGone(video.id);
            const durationSeconds = Math.round(update.durationSeconds * 1000) / 1000;
            if (step === 0) {
              await videos.markReady(video.id, output.url, durationSeconds);
              // An upload that replaces a video: the old one played until this one could.
              for (const oldId of payload.supersedes ?? []) {
                const old = await videos.findById(oldId);
                if (old && old.id !== video.id) await removeVideo(deps, old);
              }
              await invalidateCatalog(deps.cache);
              // The source's audio: the first stream's tag names the muxed one, the others become tracks (decision 0047).
              if (video.kind === 'main' && info.audioStreams.length > 0)
                await takeSourceAudioTracks(deps, {
                  videoId: video.id,
                  source,
                  info,
                  durationSeconds,
                  signal: job.signal,
                });
            }
            if (video.kind === 'main')
              await publishVideoTracks(deps, video.id, durationSeconds, output.prefix);
          }),
        });
      } catch (error) {
        await rm(localTree, { recursive: true, force: true });
        if (error instanceof VideoGone || !(await videos.findById(video.id))) {
          for (const entry of await files.list(output.prefix)) await files.delete(entry.key);
          return;
        }
        // Stopped on purpose (shutdown): the job is queued again, so the video waits again.
        if (job.signal.aborted) await videos.markPending(video.id);
        throw error;
      } finally {
        await rm(scratch, { recursive: true, force: true });
      }
      log?.info({ videoId: video.id, renditions: result.renditions.map((r) => r.name) }, 'video ready');
      if (payload.discardSource) {
        for (const file of [video.source_path, payload.captions?.file]) {
          if (file && !(await videos.sourceAwaited(file))) await deleteSource(files, file);
        }
      }
    },
    async onFailed(payload, error) {
      const video = await videos.findById(payload.videoId);
      const { url } = videoOutput(payload.videoId, video?.kind ?? 'main');
      await videos.markFailed(payload.videoId, error, url);
      await invalidateCatalog(deps.cache);
    },
  };

  return {
    /**
     * Checks the file is a video by its bytes, adds a pending videos row for the title (or
     * episode) and queues its transcode. Any worker then makes the HLS tree; the row becomes
     * `ready` with its URL, or `failed` with the reason.
     */
    async importVideo(input: ImportVideoInput): Promise<ImportedVideo> {
      const file = await regularFile(input.file);
      const captions = input.captions ? await regularFile(input.captions) : undefined;
      if (captions) await assertWebVtt(captions);
      if (!(await titles.exists(input.titleId))) throw new NotFound(ServerMessages.titleNotFound);
      if (input.episodeId !== undefined && !(await catalog.episodeOfTitle(input.episodeId, input.titleId))) {
        throw new NotFound(MediaMessages.episodeNotFound);
      }
      let source: MediaInfo;
      try {
        source = await probe(tools, file);
      } catch (error) {
        if (error instanceof NotAVideoError) throw new UnsupportedMedia(MediaMessages.notAVideo);
        throw error;
      }
      const video = await videos.insertPending({
        // An episode's video belongs to the episode only, so it is never listed as the show's own.
        titleId: input.episodeId !== undefined ? null : input.titleId,
        episodeId: input.episodeId ?? null,
        kind: input.kind ?? 'main',
        sourcePath: file,
        now: Date.now(),
      });
      // Stored before the transcode is queued, so its first published master lists them.
      for (const track of input.captionTracks ?? [])
        await videos.insertCaption({ video_id: video.id, ...track, created_at: Date.now() });
      const payload: TranscodePayload = {
        videoId: video.id,
        ...(captions
          ? {
              captions: {
                file: captions,
                ...(input.captionsLanguage ? { language: input.captionsLanguage } : {}),
                ...(input.captionsName ? { name: input.captionsName } : {}),
              },
            }
          : {}),
        ...(input.discardSourceWhenReady ? { discardSource: true as const } : {}),
      };
      const job = await jobs.enqueue('transcode', payload);
      await videos.setJob(video.id, job.id);
      return { videoId: video.id, jobId: job.id, source };
    },

    /** A video's state with its job's progress (for an admin view or a script). */
    status: (videoId: number) => videos.withJob(videoId),

    transcodeHandler,
  };
}
export type MediaService = ReturnType<typeof createMediaService>;
