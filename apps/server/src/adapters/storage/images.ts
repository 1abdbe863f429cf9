import { randomBytes } from 'node:crypto';
import { mkdir, readdir, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { UnsupportedMedia } from '../../lib/errors';

/** What the product accepts (the web form's `accept` and the refusal message say the same), by sharp's name. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif']);

const UPLOADS_URL = '/media/uploads/';
/** Only names this store gives, so nothing else under media is ever listed or deleted. */
const STORED_NAME = /^[0-9a-f]{32}\.webp$/;
const FOLDER_NAME = /^[a-z0-9-]+$/;

export interface ImageStore {
  /**
   * Checks the bytes are an image of an accepted format (never the name or the declared type),
   * re-encodes it to WebP within `maxSize` pixels and stores it under a new random name.
   * Returns its public URL.
   */
  saveImage(bytes: Buffer, folder: string, maxSize: { width: number; height: number }): Promise<string>;
  /** Deletes an image this store saved, by its public URL; any other URL, or a file already gone, is ignored. */
  deleteImage(url: string): Promise<void>;
  /** Public URLs of the images saved in `folder` whose file was last written before `before` (ms). */
  listImages(folder: string, before: number): Promise<string[]>;
}

async function formatOf(bytes: Buffer): Promise<string | undefined> {
  try {
    return (await sharp(bytes).metadata()).format;
  } catch {
    return undefined;
  }
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

export function createLocalImageStore(mediaDir: string, unsupportedMessage: string): ImageStore {
  const uploadsDir = path.join(mediaDir, 'uploads');

  /** The file behind a URL of this store, or undefined for any other URL. */
  function fileOf(url: string): string | undefined {
    if (!url.startsWith(UPLOADS_URL)) return undefined;
    const [folder, name, ...rest] = url.slice(UPLOADS_URL.length).split('/');
    if (rest.length > 0 || !folder || !name || !FOLDER_NAME.test(folder) || !STORED_NAME.test(name)) {
      return undefined;
    }
    return path.join(uploadsDir, folder, name);
  }

  return {
    async saveImage(bytes, folder, maxSize) {
      const format = await formatOf(bytes);
      if (!format || !ACCEPTED_FORMATS.has(format)) throw new UnsupportedMedia(unsupportedMessage);
      let encoded: Buffer;
      try {
        encoded = await sharp(bytes)
          .rotate()
          .resize({ ...maxSize, fit: 'inside', withoutEnlargement: true })
          .webp({ quality: 82 })
          .toBuffer();
      } catch {
        throw new UnsupportedMedia(unsupportedMessage);
      }
      const name = `${randomBytes(16).toString('hex')}.webp`;
      const dir = path.join(uploadsDir, folder);
      await mkdir(dir, { recursive: true });
      await writeFile(path.join(dir, name), encoded);
      return `${UPLOADS_URL}${folder}/${name}`;
    },

    async deleteImage(url) {
      const file = fileOf(url);
      if (!file) return;
      try {
        await unlink(file);
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
    },

    async listImages(folder, before) {
      const dir = path.join(uploadsDir, folder);
      let names: string[];
      try {
        names = await readdir(dir);
      } catch (error) {
        if (isMissing(error)) return [];
        throw error;
      }
      const urls: string[] = [];
      for (const name of names.filter((candidate) => STORED_NAME.test(candidate))) {
        const written = await stat(path.join(dir, name)).then(
          (info) => info.mtimeMs,
          () => undefined,
        );
        if (written !== undefined && written < before) urls.push(`${UPLOADS_URL}${folder}/${name}`);
      }
      return urls;
    },
  };
}
