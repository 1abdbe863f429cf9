import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Config } from '../config';
import type { Db } from '../db/connection';
import type { Database } from '../db/database';
import type { FileStore } from '../adapters/storage/file-store';
import type { JobQueue } from '../jobs/queue';
import type { VideoRow } from './media.repository';
import { PRIVATE_VIDEOS_PREFIX } from './signed-url';

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

/** What a removal freed, for the operator and the audit log. */
export interface RemovedVideo {
  /** Bytes of stream files deleted from the file store. */
  freedBytes: number;
  /** Whether the stream stayed because other videos still play it. */
  streamKept: boolean;
}

async function folderUsers(db: Kysely<Database>, folderId: number): Promise<number> {
  const row = await db
    .selectFrom('videos')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('url', 'like', `${PRIVATE_VIDEOS_PREFIX}/${folderId}/%`)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/**
 * Deletes a video and frees what nothing else uses (docs/decisions/0013 and 0015): its transcode
 * is cancelled, its row, captions and source record go in one transaction (with `alsoInTransaction`,
 * such as the audit entry), and then its stream folder is deleted from the file store unless
 * another row still plays it, and its uploaded source file unless another video waits for it.
 */
export async function removeVideo(
  deps: VideoRemovalDeps,
  video: VideoRow,
  alsoInTransaction?: (trx: Kysely<Database>) => Promise<void>,
): Promise<RemovedVideo> {
  if (video.job_id !== null) await deps.jobs.cancel(video.job_id);
  await deps.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('video_captions').where('video_id', '=', video.id).execute();
    await trx.deleteFrom('video_sources').where('video_id', '=', video.id).execute();
    await trx.deleteFrom('videos').where('id', '=', video.id).execute();
    await alsoInTransaction?.(trx);
  });

  // The folder named by its own id holds the tree a transcode of this video made (or is making).
  const folders = new Set([video.id]);
  const playing = streamFolderId(video.url);
  if (playing !== null) folders.add(playing);
  let freedBytes = 0;
  let streamKept = false;
  for (const folderId of folders) {
    if ((await folderUsers(deps.db, folderId)) > 0) {
      streamKept = true;
      continue;
    }
    for (const entry of await deps.files.list(`private/videos/${folderId}`)) {
      await deps.files.delete(entry.key);
      freedBytes += entry.size;
    }
  }
  await rm(path.join(deps.config.dataDir, 'tmp', 'transcode', String(video.id)), {
    recursive: true,
    force: true,
  });
  if (video.source_path) {
    const waiting = await deps.db
      .selectFrom('videos')
      .select('id')
      .where('source_path', '=', video.source_path)
      .executeTakeFirst();
    if (!waiting && isUploadedSource(deps.config, video.source_path))
      await rm(video.source_path, { force: true });
  }
  return { freedBytes, streamKept };
}

/** Where uploaded sources wait for their transcode; files elsewhere are an operator's own (media:import). */
export const uploadedSourcesDir = (config: Pick<Config, 'dataDir'>) => path.join(config.dataDir, 'sources');

const isUploadedSource = (config: Pick<Config, 'dataDir'>, file: string) =>
  path.dirname(path.resolve(file)) === uploadedSourcesDir(config);
