import { randomBytes } from 'node:crypto';
import { createReadStream, stat as statCallback, type Stats } from 'node:fs';
import { cp, mkdir, open, readdir, rename, rm, unlink } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { ByteLimit } from './byte-limit';
import { keySegments, type FileStore, type StoredEntry } from './file-store';

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** The callback form: fs.promises.stat costs measurably more per media request. */
const statOrUndefined = (file: string) =>
  new Promise<Stats | undefined>((resolve) =>
    statCallback(file, (error, info) => resolve(error ? undefined : info)),
  );

/** A hidden name next to `file`, for building it before it is moved into place. */
const partialSibling = (file: string) =>
  path.join(path.dirname(file), `.${path.basename(file)}.partial-${randomBytes(6).toString('hex')}`);

/** rename(), or copy and delete when the two paths are on different disks. */
async function move(from: string, to: string): Promise<void> {
  try {
    await rename(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    await cp(from, to, { recursive: true, errorOnExist: false, force: true });
    await rm(from, { recursive: true, force: true });
  }
}

/** `uploads/avatars/` and `uploads/avatars` name the same folder. */
const folderSegments = (prefix: string) => keySegments(prefix.replace(/\/$/, ''));

/** As folderSegments, and `''` for the store's root. */
const listedSegments = (prefix: string) => (prefix === '' ? [] : folderSegments(prefix));

/** Files under `root` (DATA_DIR/media), one file per key. */
export function createLocalFileStore(rootDir: string): FileStore {
  const root = path.resolve(rootDir);
  const fileOf = (key: string) => path.join(root, ...keySegments(key));

  return {
    async write(key, body, options = {}) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      const partial = partialSibling(file);
      // Opened before any byte flows, so a refused write can never race the file's creation.
      const out = (await open(partial, 'wx')).createWriteStream();
      try {
        if (options.maxBytes === undefined) await pipeline(body, out);
        else await pipeline(body, new ByteLimit(options.maxBytes), out);
        await rename(partial, file);
        return out.bytesWritten;
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    },

    async read(key, range) {
      return createReadStream(fileOf(key), range ? { start: range.start, end: range.end } : {});
    },

    async stat(key) {
      const info = await statOrUndefined(fileOf(key));
      return info?.isFile() ? { size: info.size, modifiedAt: info.mtime } : undefined;
    },

    async delete(key) {
      try {
        await unlink(fileOf(key));
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
    },

    async list(prefix) {
      const folder = listedSegments(prefix);
      const dir = path.join(root, ...folder);
      let names: string[];
      try {
        names = await readdir(dir, { recursive: true });
      } catch (error) {
        if (isMissing(error)) return [];
        throw error;
      }
      const entries: StoredEntry[] = [];
      for (const name of names) {
        const relative = name.split(path.sep);
        // Partial files and anything else a key cannot name are not the store's.
        if (relative.some((part) => part.startsWith('.'))) continue;
        const info = await statOrUndefined(path.join(dir, name));
        if (info?.isFile()) {
          entries.push({ key: [...folder, ...relative].join('/'), size: info.size, modifiedAt: info.mtime });
        }
      }
      return entries;
    },

    async putFile(localPath, key) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      const partial = partialSibling(file);
      try {
        await move(localPath, partial);
        await rename(partial, file);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    },

    async importDirectory(localDir, prefix) {
      const target = path.join(root, ...folderSegments(prefix));
      await mkdir(path.dirname(target), { recursive: true });
      const incoming = partialSibling(target);
      const previous = partialSibling(target);
      let steppedAside = false;
      try {
        await move(localDir, incoming);
        // The old tree steps aside and the new one takes its place: two renames, no gap to speak of.
        steppedAside = await rename(target, previous).then(
          () => true,
          (error: unknown) => {
            if (isMissing(error)) return false;
            throw error;
          },
        );
        await rename(incoming, target);
      } catch (error) {
        if (steppedAside) await rename(previous, target).catch(() => undefined);
        throw error;
      } finally {
        await rm(incoming, { recursive: true, force: true });
        await rm(previous, { recursive: true, force: true });
      }
    },
  };
}
