import { buffer } from 'node:stream/consumers';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { isSafeKey, type FileStore } from './file-store';

/**
 * Widths (px) of the smaller WebP copies kept of a card's image. Cards are drawn 180–240 CSS px
 * wide in grids and up to about 450 in a phone's one-card rows (apps/web/src/components/card-sizes.ts):
 * 320 and 480 cover them on ordinary screens, 640 on screens of two device pixels per CSS pixel.
 */
export const IMAGE_VARIANT_WIDTHS: readonly number[] = [320, 480, 640];

const PUBLIC_MEDIA_PATH = '/media/';
/** Images this can read; never a signed or private key. */
const IMAGE_KEY = /^(?!(?:s|private)\/)(.+)\.(?:webp|jpe?g|png|gif)$/i;
const VARIANT_QUALITY = 80;

/** The store key of a public image URL (`/media/<key>`), with the key minus its extension. */
function imageKeyOf(url: string): { key: string; stem: string } | undefined {
  if (!url.startsWith(PUBLIC_MEDIA_PATH)) return undefined;
  const key = url.slice(PUBLIC_MEDIA_PATH.length);
  const match = IMAGE_KEY.exec(key);
  return match && isSafeKey(key) ? { key, stem: match[1]! } : undefined;
}

/**
 * The URL of the copy of the image at `url` that is `width` pixels wide: beside the original, with
 * the width in its name (`/media/uploads/titles/<name>.320w.webp`). Undefined for a URL that is
 * not one of the store's public images.
 */
export function imageVariantUrl(url: string, width: number): string | undefined {
  const image = imageKeyOf(url);
  return image && `${PUBLIC_MEDIA_PATH}${image.stem}.${width}w.webp`;
}

const variantKey = (stem: string, width: number) => `${stem}.${width}w.webp`;

/** The widths of the copies kept of an image `width` pixels wide, ascending, its own last. */
export const copyWidths = (width: number): number[] => [
  ...IMAGE_VARIANT_WIDTHS.filter((candidate) => candidate < width),
  width,
];

/**
 * Writes the copies of an image narrower than it (of {@link IMAGE_VARIANT_WIDTHS}) beside its
 * `key`, from its bytes. Returns the widths of every copy, ascending, the original's last.
 */
async function writeVariants(files: FileStore, stem: string, bytes: Buffer): Promise<number[]> {
  const { width, height, autoOrient } = await sharp(bytes).metadata();
  // The width as drawn: an EXIF rotation swaps the sides.
  const original = autoOrient?.width ?? width;
  if (!original || !height) throw new Error('not an image with a size');
  const widths = copyWidths(original);
  for (const candidate of widths.slice(0, -1)) {
    const encoded = await sharp(bytes)
      .rotate()
      .resize({ width: candidate })
      .webp({ quality: VARIANT_QUALITY })
      .toBuffer();
    await files.write(variantKey(stem, candidate), Readable.from([encoded]));
  }
  return widths;
}

/**
 * Makes the smaller copies of the stored image at `url` from the image `bytes` just written
 * there. Returns the widths of every copy, the original's last.
 */
export async function writeImageVariants(files: FileStore, url: string, bytes: Buffer): Promise<number[]> {
  const image = imageKeyOf(url);
  if (!image) throw new Error(`not a stored image: ${url}`);
  return writeVariants(files, image.stem, bytes);
}

/**
 * Makes (again: it overwrites) the smaller copies of the stored image at `url`, reading it from
 * the store. Returns the widths of every copy, the original's last; undefined when `url` is not
 * an image of the store or its file is missing.
 */
export async function makeImageVariants(files: FileStore, url: string): Promise<number[] | undefined> {
  const image = imageKeyOf(url);
  if (!image || !(await files.stat(image.key))) return undefined;
  return writeVariants(files, image.stem, await buffer(await files.read(image.key)));
}

/** Deletes every copy of the image at `url` (those never made included: a missing file is no error). */
export async function deleteImageVariants(files: FileStore, url: string): Promise<void> {
  const image = imageKeyOf(url);
  if (!image) return;
  await Promise.all(IMAGE_VARIANT_WIDTHS.map((width) => files.delete(variantKey(image.stem, width))));
}
