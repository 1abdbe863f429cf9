import { randomBytes } from 'node:crypto';
import { AdminLibraryLimits, AdminLibraryMessages } from '@reeltime/contract';
import type { FileStore } from '../../adapters/storage/file-store';
import type { ImageStore } from '../../adapters/storage/images';
import { PayloadTooLarge } from '../../lib/errors';

/** A file of a multipart request, still in its temporary place. */
export interface UploadedImage {
  path: string;
  size: number;
}

interface ImageKind {
  folder: string;
  size: { width: number; height: number };
}

/** Shown at 400x400 on the details page; kept at twice that for dense screens. */
export const PERSON_PHOTO: ImageKind = { folder: 'people', size: { width: 800, height: 800 } };
/** The browse hero is full width. */
export const BANNER_ART: ImageKind = { folder: 'banners', size: { width: 1920, height: 800 } };
/** Where an approved submission's thumbnail is copied for its draft title. */
export const DRAFT_POSTER_FOLDER = 'posters';
export const DRAFT_THUMBNAIL_FOLDER = 'thumbnails';

/** Checks the upload by its bytes, re-encodes it and stores it; returns its public URL. */
export async function saveLibraryImage(
  images: ImageStore,
  file: UploadedImage,
  kind: ImageKind,
): Promise<string> {
  if (file.size > AdminLibraryLimits.imageBytes)
    throw new PayloadTooLarge(AdminLibraryMessages.imageTooLarge);
  return images.saveImage(file.path, kind.folder, kind.size);
}

const UPLOADS_URL = '/media/uploads/';
const STORED_IMAGE = /^\/media\/uploads\/[a-z0-9-]+\/[0-9a-f]{32}\.webp$/;

/**
 * Copies an image of the image store (a submission's thumbnail or cast photo) to a new name in
 * `folder`, so the copy and the original can each be replaced or deleted on their own. Returns
 * the copy's URL, or '' when `url` is not an image of the store (nothing to copy).
 */
export async function copyStoredImage(files: FileStore, url: string, folder: string): Promise<string> {
  if (!STORED_IMAGE.test(url)) return '';
  const source = `uploads/${url.slice(UPLOADS_URL.length)}`;
  const name = `${randomBytes(16).toString('hex')}.webp`;
  await files.write(`uploads/${folder}/${name}`, await files.read(source));
  return `${UPLOADS_URL}${folder}/${name}`;
}

/** Deletes images, logging instead of failing: a file left behind costs space, not correctness. */
export async function deleteImagesQuietly(
  images: ImageStore,
  urls: string[],
  log: { warn: (details: object, message: string) => void },
): Promise<void> {
  const results = await Promise.allSettled(urls.filter(Boolean).map((url) => images.deleteImage(url)));
  for (const result of results) {
    if (result.status === 'rejected') log.warn({ err: result.reason }, 'could not delete a library image');
  }
}
