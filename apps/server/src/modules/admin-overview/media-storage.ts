import type { StorageUsage } from '@reeltime/contract';
import type { AppContext } from '../../context';

/** Videos (HLS trees, uploaded sources, captions) live under `private/`; pictures under `uploads/`. */
const VIDEO_PREFIX = 'private';
const IMAGE_PREFIX = 'uploads';
const CACHE_KEY = 'admin-overview:storage';
/** Walking the store costs a stat per file; an overview refreshed often reuses the figure. */
const CACHE_SECONDS = 60;

async function bytesUnder(files: AppContext['files'], prefix: string): Promise<number> {
  const entries = await files.list(prefix);
  return entries.reduce((sum, entry) => sum + entry.size, 0);
}

/** What the media files take on disk, measured at most once a minute. */
export function mediaStorageUsage(ctx: Pick<AppContext, 'files' | 'cache'>): Promise<StorageUsage> {
  return ctx.cache.getOrLoad(CACHE_KEY, CACHE_SECONDS, async () => {
    const [videoBytes, imageBytes] = await Promise.all([
      bytesUnder(ctx.files, VIDEO_PREFIX),
      bytesUnder(ctx.files, IMAGE_PREFIX),
    ]);
    return {
      video_bytes: videoBytes,
      image_bytes: imageBytes,
      total_bytes: videoBytes + imageBytes,
      measured_at: new Date().toISOString(),
    };
  });
}
