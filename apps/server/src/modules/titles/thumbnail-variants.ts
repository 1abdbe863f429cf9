import { StoreUnavailable } from '../../adapters/storage/file-store';
import { makeImageVariants } from '../../adapters/storage/image-variants';
import type { AppContext } from '../../context';
import { invalidateCatalog } from '../catalog/catalog-invalidation';
import { widthsColumn } from './thumbnail-sources';

const BATCH = 50;

export interface VariantPassResult {
  /** Thumbnails (distinct images) whose copies were made. */
  made: number;
  /** Thumbnails left as they were: file missing, or not an image sharp reads. */
  skipped: number;
}

/**
 * Makes the smaller copies of every title thumbnail of the store whose widths are not known yet
 * (images uploaded before copies were made, or whose copies failed) and records their widths.
 * Idempotent: a thumbnail with widths is never read again, and a row is only written while it
 * still shows the same image with no widths, so a thumbnail replaced meanwhile keeps its own.
 * Each image is read once however many titles show it.
 */
export async function makeMissingThumbnailVariants(
  ctx: Pick<AppContext, 'db' | 'files' | 'cache' | 'log'>,
  signal?: AbortSignal,
): Promise<VariantPassResult> {
  const result: VariantPassResult = { made: 0, skipped: 0 };
  let after = '';
  for (;;) {
    const batch = await ctx.db
      .selectFrom('titles')
      .select('thumbnail_image')
      .distinct()
      .where('thumbnail_widths', '=', '')
      .where('thumbnail_image', 'like', '/media/%')
      .where('thumbnail_image', '>', after)
      .orderBy('thumbnail_image')
      .limit(BATCH)
      .execute();
    if (batch.length === 0) break;
    for (const { thumbnail_image: url } of batch) {
      signal?.throwIfAborted();
      const widths = await makeImageVariants(ctx.files, url).catch((error: unknown) => {
        // An unreachable store fails the run, to be retried; one bad file does not.
        if (error instanceof StoreUnavailable) throw error;
        ctx.log.warn({ err: error, url }, 'could not make the smaller copies of a title thumbnail');
        return undefined;
      });
      if (!widths) {
        result.skipped++;
        continue;
      }
      await ctx.db
        .updateTable('titles')
        .set({ thumbnail_widths: widthsColumn(widths) })
        .where('thumbnail_image', '=', url)
        .where('thumbnail_widths', '=', '')
        .execute();
      result.made++;
    }
    after = batch.at(-1)!.thumbnail_image;
  }
  if (result.made > 0) await invalidateCatalog(ctx.cache);
  return result;
}
