import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { UnsupportedMedia } from '../../lib/errors';
import type { FileStore } from './file-store';
import { deleteImageVariants, writeImageVariants } from './image-variants';

/** What the product accepts (the web form's `accept` and the refusal message say the same), by sharp's name. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif']);

const UPLOADS_URL = '/media/uploads/';
const UPLOADS_KEY = 'uploads/';
/** Only names this store gives, so nothing else under media is ever listed or deleted. */
const STORED_NAME = /^[0-9a-f]{32}\.webp$/;
const FOLDER_NAME = /^[a-z0-9-]+$/;

export interface ImageStore {
  /**
   * Checks the local file `source` is an image of an accepted format by its bytes (never the name
   * or the declared type), re-encodes it to WebP within `maxSize` pixels and stores it under a new
   * random name. Returns its public URL.
   */
  saveImage(source: string, folder: string, maxSize: { width: number; height: number }): Promise<string>;
  /**
   * As `saveImage`, and also stores its smaller copies (image-variants.ts). Returns its URL and
   * the widths of its copies, the original's last.
   */
  saveImageWithVariants(
    source: string,
    folder: string,
    maxSize: { width: number; height: number },
  ): Promise<{ url: string; widths: number[] }>;
  /**
   * Deletes an image this store saved, with its smaller copies, by its public URL; any other URL,
   * or a file already gone, is ignored.
   */
  deleteImage(url: string): Promise<void>;
  /** Public URLs of the images saved in `folder` whose file was last written before `before` (ms). */
  listImages(folder: string, before: number): Promise<string[]>;
}

async function formatOf(source: string): Promise<string | undefined> {
  try {
    return (await sharp(source).metadata()).format;
  } catch {
    return undefined;
  }
}

/** Images on the file store, under `uploads/<folder>/`, served at `/media/uploads/<folder>/`. */
export function createImageStore(files: FileStore, unsupportedMessage: string): ImageStore {
  /** The key behind a URL of this store, or undefined for any other URL. */
  function keyOf(url: string): string | undefined {
    if (!url.startsWith(UPLOADS_URL)) return undefined;
    const [folder, name, ...rest] = url.slice(UPLOADS_URL.length).split('/');
    if (rest.length > 0 || !folder || !name || !FOLDER_NAME.test(folder) || !STORED_NAME.test(name)) {
      return undefined;
    }
    return `${UPLOADS_KEY}${folder}/${name}`;
  }

  async function encode(source: string, maxSize: { width: number; height: number }): Promise<Buffer> {
    const format = await formatOf(source);
    if (!format || !ACCEPTED_FORMATS.has(format)) throw new UnsupportedMedia(unsupportedMessage);
    try {
      // The re-encoded image is small (maxSize pixels), so it is kept in memory; the upload is not.
      return await sharp(source)
        .rotate()
        .resize({ ...maxSize, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer();
    } catch {
      throw new UnsupportedMedia(unsupportedMessage);
    }
  }

  async function store(encoded: Buffer, folder: string): Promise<string> {
    const name = `${randomBytes(16).toString('hex')}.webp`;
    await files.write(`${UPLOADS_KEY}${folder}/${name}`, Readable.from([encoded]));
    return `${UPLOADS_URL}${folder}/${name}`;
  }

  return {
    async saveImage(source, folder, maxSize) {
      return store(await encode(source, maxSize), folder);
    },

    async saveImageWithVariants(source, folder, maxSize) {
      const encoded = await encode(source, maxSize);
      const url = await store(encoded, folder);
      try {
        return { url, widths: await writeImageVariants(files, url, encoded) };
      } catch (error) {
        await Promise.allSettled([files.delete(keyOf(url)!), deleteImageVariants(files, url)]);
        throw error;
      }
    },

    async deleteImage(url) {
      const key = keyOf(url);
      if (key) await Promise.all([files.delete(key), deleteImageVariants(files, url)]);
    },

    async listImages(folder, before) {
      if (!FOLDER_NAME.test(folder)) return [];
      const prefix = `${UPLOADS_KEY}${folder}/`;
      return (await files.list(prefix))
        .filter(({ key, modifiedAt }) => {
          const name = key.slice(prefix.length);
          return STORED_NAME.test(name) && modifiedAt.getTime() < before;
        })
        .map(({ key }) => `${UPLOADS_URL}${folder}/${path.posix.basename(key)}`);
    },
  };
}
