import type { AppContext } from '../../context';
import { freeVideoFiles, type RemovableVideo } from '../../media/video-removal';
import { createTitlesRepository } from '../titles/titles.repository';

/** A video row about to be deleted: what it points to and the job that may still be making it. */
export type DeletedVideo = RemovableVideo & { status: string };

/**
 * Frees the files of deleted titles, seasons and episodes once their rows are gone: stops the
 * transcodes still making their videos, frees their files as the Media section's delete does
 * (media/video-removal.ts: trees no remaining row plays, scratch folders, uploaded sources) and
 * deletes each uploaded image nothing else shows. Files are
 * never deleted before the rows, so a failed transaction loses nothing; a failure here is logged
 * and leaves an orphan file, never a broken title.
 */
export function createTitleFiles(ctx: AppContext) {
  const repo = createTitlesRepository(ctx.db, ctx.dialect);

  async function freeVideo(video: DeletedVideo): Promise<void> {
    if (video.job_id !== null && (video.status === 'pending' || video.status === 'processing')) {
      await ctx.jobs.cancel(video.job_id);
    }
    await freeVideoFiles(ctx, video);
  }

  async function freeImage(url: string): Promise<void> {
    if (!url || (await repo.imageInUse(url))) return;
    await ctx.images.deleteImage(url);
  }

  return {
    async free(videos: readonly DeletedVideo[], images: readonly string[]): Promise<void> {
      for (const video of videos) {
        await freeVideo(video).catch((error: unknown) =>
          ctx.log.warn({ err: error, videoId: video.id }, 'could not free the files of a deleted video'),
        );
      }
      for (const url of new Set(images)) {
        await freeImage(url).catch((error: unknown) =>
          ctx.log.warn({ err: error, url }, 'could not delete the image of a deleted title'),
        );
      }
    },
    /** Deletes images replaced by new uploads, unless something else still shows them. */
    freeImages: (urls: readonly string[]) =>
      Promise.all(
        urls.map((url) =>
          freeImage(url).catch((error: unknown) =>
            ctx.log.warn({ err: error, url }, 'could not delete a replaced image'),
          ),
        ),
      ),
  };
}
export type TitleFiles = ReturnType<typeof createTitleFiles>;
