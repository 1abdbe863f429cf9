import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Config } from '../config';
import type { FileStore } from '../adapters/storage/file-store';

/**
 * A video's source (`videos.source_path`) is either an absolute path on the machine that
 * transcodes (media:import, uploads kept in DATA_DIR/sources) or, with the media bucket, a file
 * store key (uploads kept under `private/sources/`), which any worker fetches.
 */
export const SOURCES_PREFIX = 'private/sources/';

/** Whether a source is a file store key rather than a local file. */
export const isStoredSource = (source: string) => !path.isAbsolute(source);

export async function sourceExists(files: FileStore, source: string): Promise<boolean> {
  return isStoredSource(source) ? (await files.stat(source)) !== undefined : existsSync(source);
}

/** Deletes a source, local or stored; one already gone is no error. */
export async function deleteSource(files: FileStore, source: string): Promise<void> {
  if (isStoredSource(source)) await files.delete(source);
  else await rm(source, { force: true });
}

/** The scratch folder a worker fetches a stored source of a video into, under DATA_DIR/tmp. */
export const sourceScratchDir = (config: Pick<Config, 'dataDir'>, videoId: number) =>
  path.join(config.dataDir, 'tmp', 'sources', String(videoId));

/**
 * A source as a local file ffmpeg can read: a local source as it is, a stored one downloaded into
 * `scratchDir` (which the caller deletes when done, whatever happens).
 */
export async function localSource(files: FileStore, source: string, scratchDir: string): Promise<string> {
  if (!isStoredSource(source)) return source;
  await rm(scratchDir, { recursive: true, force: true });
  await mkdir(scratchDir, { recursive: true });
  const file = path.join(scratchDir, path.posix.basename(source));
  await pipeline(await files.read(source), createWriteStream(file));
  return file;
}
