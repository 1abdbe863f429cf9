import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { UnsupportedMedia } from '../../lib/errors';

/** What the product accepts (the web form's `accept` and the refusal message say the same), by sharp's name. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif']);

export interface ImageStore {
  /**
   * Checks the bytes are an image (never the name or the declared type), re-encodes it to WebP
   * within `maxSize` pixels and stores it under a new random name. Returns its public URL.
   */
  saveImage(bytes: Buffer, folder: string, maxSize: { width: number; height: number }): Promise<string>;
}

export function createLocalImageStore(mediaDir: string, unsupportedMessage: string): ImageStore {
  return {
    async saveImage(bytes, folder, maxSize) {
      let format: string | undefined;
      try {
        format = (await sharp(bytes).metadata()).format;
      } catch {
        format = undefined;
      }
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
      const dir = path.join(mediaDir, 'uploads', folder);
      await mkdir(dir, { recursive: true });
      await writeFile(path.join(dir, name), encoded);
      return `/media/uploads/${folder}/${name}`;
    },
  };
}
