import { buffer } from 'node:stream/consumers';
import type { AppContext } from '../context';
import { isAboveCap, isRenditionFile, masterRenditions, type MasterRendition } from './rendition-cap';

/** The file name of every video's master playlist, at the root of its folder. */
export const MASTER_PLAYLIST = 'master.m3u8';

/** As long as a player may keep a playlist. */
const LADDER_CACHE_SECONDS = 60;

/**
 * Tells whether a file of a private video belongs to a rendition above a cap, from the
 * renditions its master playlist lists. The list is remembered for a minute so segment requests
 * do not read the master each time, and read again for a folder it does not know, since a
 * transcode publishes its higher renditions one by one.
 */
export function createRenditionGuard(ctx: Pick<AppContext, 'cache' | 'files'>) {
  const cacheKey = (videoId: number) => `media:ladder:${videoId}`;

  async function readLadder(videoId: number): Promise<MasterRendition[]> {
    const key = `private/videos/${videoId}/${MASTER_PLAYLIST}`;
    if (!(await ctx.files.stat(key))) return [];
    return masterRenditions((await buffer(await ctx.files.read(key))).toString('utf8'));
  }

  return {
    async isAboveCap(videoId: number, file: string, maxHeight: number): Promise<boolean> {
      let ladder = await ctx.cache.getOrLoad(cacheKey(videoId), LADDER_CACHE_SECONDS, () =>
        readLadder(videoId),
      );
      if (file.includes('/') && !isRenditionFile(file, ladder)) {
        ladder = await readLadder(videoId);
        await ctx.cache.set(cacheKey(videoId), ladder, LADDER_CACHE_SECONDS);
      }
      return isAboveCap(file, ladder, maxHeight);
    },
  };
}
