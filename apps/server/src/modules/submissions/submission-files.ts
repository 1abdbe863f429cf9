import { Messages, ServerMessages, SubmissionFileLimits } from '@reeltime/contract';
import type { ImageStore } from '../../adapters/storage/images';
import { PayloadTooLarge, Validation } from '../../lib/errors';

/** A file as received, still in its temporary place. */
export interface LocalFile {
  path: string;
  size: number;
}

export interface SubmissionUploads {
  thumbnail: LocalFile | undefined;
  /** By cast index: the image sent as `cast[i][image]`. */
  castImages: (LocalFile | undefined)[];
  /** Indices of cast images sent for no cast member. */
  strayCastIndices: number[];
}

export interface StoredSubmissionImages {
  thumbnail: string;
  castImages: string[];
}

/** Where submission images are stored: thumbnails, then cast images. */
export const SUBMISSION_IMAGE_FOLDERS = ['submissions', 'submission-cast'] as const;

interface ImageKind {
  folder: string;
  size: { width: number; height: number };
}

const THUMBNAIL: ImageKind = { folder: SUBMISSION_IMAGE_FOLDERS[0], size: { width: 1280, height: 1280 } };
/** Shown at 400x400 (the recommended size), kept at twice that for dense screens. */
const CAST_IMAGE: ImageKind = { folder: SUBMISSION_IMAGE_FOLDERS[1], size: { width: 800, height: 800 } };

/** Every missing file at once, as field errors named like the form fields. */
export function missingFileErrors(uploads: SubmissionUploads): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  if (!uploads.thumbnail) errors.thumnail = [Messages.thumbnailRequired];
  uploads.castImages.forEach((image, index) => {
    if (!image) errors[`cast.${index}.image`] = [Messages.profileImageRequired];
  });
  for (const index of uploads.strayCastIndices) {
    errors[`cast.${index}`] = [ServerMessages.castImageWithoutMember];
  }
  return errors;
}

function checkPresent(uploads: SubmissionUploads): void {
  const errors = missingFileErrors(uploads);
  const first = Object.values(errors)[0]?.[0];
  if (first) throw new Validation(first, errors);
}

function checkSizes(uploads: SubmissionUploads): void {
  if (uploads.thumbnail && uploads.thumbnail.size > SubmissionFileLimits.thumbnailBytes) {
    throw new PayloadTooLarge(ServerMessages.thumbnailTooLarge);
  }
  if (uploads.castImages.some((image) => image && image.size > SubmissionFileLimits.castImageBytes)) {
    throw new PayloadTooLarge(ServerMessages.castImageTooLarge);
  }
}

/**
 * Checks that every file is there and within its limit before any is read, then checks each by
 * its bytes, re-encodes and stores it under a new name. If any is refused, the ones already
 * stored are deleted, so a refused submission leaves no file behind.
 */
export async function storeSubmissionImages(
  images: ImageStore,
  uploads: SubmissionUploads,
): Promise<StoredSubmissionImages> {
  checkPresent(uploads);
  checkSizes(uploads);
  const stored: string[] = [];
  try {
    const save = async (file: LocalFile, kind: ImageKind) => {
      const url = await images.saveImage(file.path, kind.folder, kind.size);
      stored.push(url);
      return url;
    };
    const thumbnail = await save(uploads.thumbnail!, THUMBNAIL);
    const castImages: string[] = [];
    for (const image of uploads.castImages) castImages.push(await save(image!, CAST_IMAGE));
    return { thumbnail, castImages };
  } catch (error) {
    await deleteSubmissionImages(images, stored);
    throw error;
  }
}

export async function deleteSubmissionImages(images: ImageStore, urls: string[]): Promise<void> {
  await Promise.allSettled(urls.map((url) => images.deleteImage(url)));
}
