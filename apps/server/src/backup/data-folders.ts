import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { errorCode } from './backup-error';

/**
 * The folders of DATA_DIR a backup holds: the file store (avatars, artwork, HLS ladders, captions,
 * submissions' images), unfinished resumable uploads, uploaded sources waiting for their transcode,
 * and the generated secrets. DATA_DIR/tmp is scratch space and is left out, as is the SQLite file,
 * which is copied through its backup API instead.
 */
export const BACKED_UP_FOLDERS = ['media', 'uploads', 'sources', 'secrets'] as const;

/** A file of DATA_DIR by its path under it, with `/` between segments (`media/posters/p.webp`). */
export type DataFile = string;

/**
 * Every file under the backed-up folders. Names starting with a dot are files being written (the
 * store's partial files) and are skipped.
 */
export async function listDataFiles(dataDir: string): Promise<DataFile[]> {
  const files: DataFile[] = [];
  for (const folder of BACKED_UP_FOLDERS) {
    let entries;
    try {
      entries = await readdir(path.join(dataDir, folder), { recursive: true, withFileTypes: true });
    } catch (error) {
      if (errorCode(error) === 'ENOENT') continue;
      throw error;
    }
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const relative = path.relative(dataDir, path.join(entry.parentPath, entry.name)).split(path.sep);
      if (relative.some((part) => part.startsWith('.'))) continue;
      files.push(relative.join('/'));
    }
  }
  return files.sort();
}
