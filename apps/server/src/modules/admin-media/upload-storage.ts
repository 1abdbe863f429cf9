import { mkdirSync } from 'node:fs';
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { FileStore } from '@tus/file-store';
import type { Locker } from '@tus/server';

/**
 * Where the console's resumable video uploads live while they arrive: tus's file store (one file
 * and its `.json` record per upload) and the locker that keeps two requests from writing one
 * upload at once. The composition root chooses the locker: Redis's, shared by every process
 * (decision 0022), or tus's in-process one.
 */
export interface UploadStorage {
  directory: string;
  store: FileStore;
  locker: Locker;
  /** An upload started longer ago than this is deleted, finished or not. */
  expiryMs: number;
}

/** tus's file store in `directory`, created if missing. */
export function createUploadFileStore(directory: string, expiryMs: number): FileStore {
  mkdirSync(directory, { recursive: true });
  return new FileStore({ directory, expirationPeriodInMilliseconds: expiryMs });
}

/** Deletes uploads (finished or not) started longer ago than the expiry; returns how many. */
export async function sweepExpiredUploads(
  storage: Pick<UploadStorage, 'directory' | 'expiryMs'>,
  now = Date.now(),
): Promise<number> {
  const { directory, expiryMs } = storage;
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
