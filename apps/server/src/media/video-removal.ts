import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Config } from '../config';
import type { Db } from '../db/connection';
import type { Database } from '../db/database';
import type { FileStore } from '../adapters/storage/file-store';
import type { JobQueue } from '../jobs/queue';
import { createVideosRepository, type VideoRow } from '../modules/titles/videos.repository';
import { PRIVATE_VIDEOS_PREFIX } from './signed-url';
import { deleteSource, isStoredSource, SOURCES_PREFIX, sourceScratchDir } from './video-source';

/** The folder id of a private stream URL (`/media/private/videos/7/master.m3u8` -> 7), or null. */
export function streamFolderId(url: string): number | null {
  const match = new RegExp(`^${PRIVATE_VIDEOS_PREFIX}/([1-9][0-9]*)/`).exec(url);
  return match ? Number(match[1]) : null;
}

export interface VideoRemovalDeps {
  config: Pick<Config, 'dataDir'>;
  db: Db;
  jobs: Pick<JobQueue, 'cancel'>;
  files: FileStore;
}

/** Where uploaded audio files of a video wait for their rendition job, in the file store. */
export const audioSourcesFolder = (videoId: number) => `${SOURCES_PREFIX}audio/${videoId}`;

/** What a removal freed, for the operator and the audit log. */
export interface RemovedVideo {
  /** Bytes of stream files deleted from the file store. */
  freedBytes: number;
  /** Whether the stream stayed because other videos still play it. */
  streamKept: boolean;
}

/** A video as deleting it needs it: what it points to, the job making it, its uploaded source. */
export type RemovableVideo = Pick<VideoRow, 'id' | 'url' | 'job_id' | 'source_path'>;

/** File store folders of HLS trees, as their stored URLs name them (see media.service.ts). */
const TREE_URL = /^\/media\/((?:private\/videos|trailers)\/[1-9][0-9]*)\//;

/**
 * Frees what a deleted video row used and nothing else uses (docs/decisions/0013 and 0015): the
 * trees a transcode of it made (or is making) under its own id, the tree it played, its transcode's
 * scratch folder and its uploaded source file. Call it only once the row is gone, so that a failed
 * transaction never loses files.
 */
export async function freeVideoFiles(
  deps: Omit<VideoRemovalDeps, 'jobs'>,
  video: Omit<RemovableVideo, 'job_id'>,
): Promise<RemovedVideo> {
  const folders = new Set([`private/videos/${video.id}`, `trailers/${video.id}`]);
  const playing = TREE_URL.exec(video.url)?.[1];
  if (playing) folders.add(playing);
  let freedBytes = 0;
  let streamKept = false;
  for (const folder of folders) {
    if (await createVideosRepository(deps.db).playsFromFolder(folder)) {
      streamKept = true;
      continue;
    }
    for (const entry of await deps.files.list(folder)) {
      await deps.files.delete(entry.key);
      freedBytes += entry.size;
    }
  }
  // Uploaded audio tracks waiting for their rendition (decision 0047).
  for (const entry of await deps.files.list(audioSourcesFolder(video.id))) await deps.files.delete(entry.key);
  for (const scratch of [
    path.join(deps.config.dataDir, 'tmp', 'transcode', String(video.id)),
    sourceScratchDir(deps.config, video.id),
  ])
    await rm(scratch, { recursive: true, force: true });
  if (video.source_path) {
    const waiting = await createVideosRepository(deps.db).usesSource(video.source_path);
    if (!waiting && isUploadedSource(deps.config, video.source_path))
      await deleteSource(deps.files, video.source_path);
  }
  return { freedBytes, streamKept };
}

/**
 * Deletes a video and frees what nothing else uses: its transcode is cancelled, its row, captions
 * and source record go in one transaction (with `alsoInTransaction`, such as the audit entry), and
 * then {@link freeVideoFiles} frees its files.
 */
export async function removeVideo(
  deps: VideoRemovalDeps,
  video: RemovableVideo,
  alsoInTransaction?: (trx: Kysely<Database>) => Promise<void>,
): Promise<RemovedVideo> {
  if (video.job_id !== null) await deps.jobs.cancel(video.job_id);
  await deps.db.transaction().execute(async (trx) => {
    await createVideosRepository(trx).deleteWithCaptionsAndSource(video.id);
    await alsoInTransaction?.(trx);
  });
  return freeVideoFiles(deps, video);
}

/**
 * Where uploaded sources wait for their transcode on this machine (the bucket's are under
 * `private/sources/`); files elsewhere are an operator's own (media:import).
 */
export const uploadedSourcesDir = (config: Pick<Config, 'dataDir'>) => path.join(config.dataDir, 'sources');

const isUploadedSource = (config: Pick<Config, 'dataDir'>, source: string) =>
  isStoredSource(source)
    ? source.startsWith(SOURCES_PREFIX)
    : path.dirname(path.resolve(source)) === uploadedSourcesDir(config);
