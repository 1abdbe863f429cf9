import { mkdirSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { FileStore } from '@tus/file-store';
import type { DataStore, Locker } from '@tus/server';

/**
 * Where the console's resumable video uploads live while they arrive, and what becomes of them
 * once finished: tus's datastore, the locker that keeps two requests from writing one upload at
 * once (Redis's, shared by every process, decision 0022, or tus's in-process one), and the moves
 * a finished upload needs. The composition root chooses: a local folder, or the media bucket.
 */
export interface UploadStorage {
  kind: 'local' | 's3';
  store: DataStore;
  locker: Locker;
  /** An upload started longer ago than this is deleted, finished or not. */
  expiryMs: number;
  /** What every upload id starts with before the part its URL shows ('' when the URL shows it all). */
  idPrefix: string;
  /** Where ffprobe reads a finished upload: a local path, or a URL valid for a short while. */
  probeInput(id: string): Promise<string>;
  /**
   * Makes a finished upload a video's source named `name` (`<id><ext>`) and drops its tus record;
   * returns what the video row keeps as its source: an absolute path, or a file store key.
   */
  keepAsSource(id: string, name: string): Promise<string>;
  /** Deletes an upload's bytes and record, whatever its state; an upload already gone is no error. */
  discard(id: string): Promise<void>;
  /** Deletes uploads (finished or not) started longer ago than the expiry; returns how many. */
  sweepExpired(now?: number): Promise<number>;
}

export interface LocalUploadStorage extends UploadStorage {
  kind: 'local';
  directory: string;
}

/** tus's file store in `directory`, created if missing. */
export function createUploadFileStore(directory: string, expiryMs: number): FileStore {
  mkdirSync(directory, { recursive: true });
  return new FileStore({ directory, expirationPeriodInMilliseconds: expiryMs });
}

/**
 * Uploads in `directory` (one file and its `.json` record each); a finished one is renamed into
 * `sourcesDir` on the same disk.
 */
export function createLocalUploadStorage(options: {
  directory: string;
  sourcesDir: string;
  expiryMs: number;
  locker: Locker;
}): LocalUploadStorage {
  const { directory, sourcesDir, expiryMs, locker } = options;
  const fileOf = (id: string) => path.join(directory, id);
  return {
    kind: 'local',
    directory,
    store: createUploadFileStore(directory, expiryMs),
    locker,
    expiryMs,
    idPrefix: '',
    probeInput: async (id) => fileOf(id),
    async keepAsSource(id, name) {
      await mkdir(sourcesDir, { recursive: true });
      const source = path.join(sourcesDir, name);
      await rename(fileOf(id), source);
      await rm(`${fileOf(id)}.json`, { force: true });
      return source;
    },
    async discard(id) {
      await rm(fileOf(id), { force: true });
      await rm(`${fileOf(id)}.json`, { force: true });
    },
    sweepExpired: (now) => sweepExpiredFiles(directory, expiryMs, now),
  };
}

/** Deletes uploads (finished or not) started longer ago than the expiry; returns how many. */
export const sweepExpiredUploads = (storage: Pick<UploadStorage, 'sweepExpired'>, now = Date.now()) =>
  storage.sweepExpired(now);

async function sweepExpiredFiles(directory: string, expiryMs: number, now = Date.now()): Promise<number> {
  let removed = 0;
  const names = await readdir(directory).catch(() => [] as string[]);
  for (const name of names) {
    const file = path.join(directory, name);
    const id = name.endsWith('.json') ? name.slice(0, -5) : name;
    let started: number | undefined;
    try {
      const info = JSON.parse(await readFile(path.join(directory, `${id}.json`), 'utf8')) as {
        creation_date?: string;
      };
      started = info.creation_date ? Date.parse(info.creation_date) : undefined;
    } catch {
      // An upload without its record: judge it by the file's age.
    }
    started ??= (await stat(file).catch(() => undefined))?.mtimeMs;
    if (started !== undefined && now - started > expiryMs) {
      await rm(file, { force: true });
      if (!name.endsWith('.json')) removed++;
    }
  }
  return removed;
}
