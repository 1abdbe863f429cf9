import { ServerMessages, type MovieCard, type PageQuery } from '@reeltime/contract';
import type { AppContext } from '../../context';
import type { Viewer } from '../auth/auth-user';
import { NotFound } from '../../lib/errors';
import { toPage } from '../../lib/page';
import { overlayWatchList, toMovieCard } from '../titles/card.mapper';
import { createTitlesService } from '../catalog/titles.service';
import type { RatingFilter } from '../titles/rating-filter';
import { createWatchlistRepository } from './watchlist.repository';

/**
 * A profile's watch list is remembered this long (at most the catalog cache lifetime) so browsing
 * rows do not each ask the database; toggling a title forgets it at once.
 */
const WATCH_LIST_CACHE_SECONDS = 5;
const watchListKey = (profileId: number) => `profile:${profileId}:watch-list`;

export function createWatchlistService(ctx: AppContext) {
  const repo = createWatchlistRepository(ctx.db);
  const titles = createTitlesService(ctx);

  /** The ids on the profile's watch list. */
  async function titleIds(profileId: number): Promise<Set<number>> {
    const ttl = Math.min(ctx.config.catalogCacheSeconds, WATCH_LIST_CACHE_SECONDS);
    return new Set(await ctx.cache.getOrLoad(watchListKey(profileId), ttl, () => repo.titleIds(profileId)));
  }

  return {
    titleIds,

    /** Lays the profile's watch list over shared cards; visitors get the cards as they are. */
    async withWatchList(cards: MovieCard[], profileId: number | null): Promise<MovieCard[]> {
      if (profileId === null || cards.length === 0) return cards;
      return overlayWatchList(cards, await titleIds(profileId));
    },

    /**
     * Adds the title when it is not on the list, removes it when it is; returns the new state. A
     * title rated above the filter is NotFound before anything changes, on the list or not, so the
     * answer never tells whether it exists; an unpublished one can still be taken off.
     */
    async toggle(viewer: Viewer, titleId: number, rating: RatingFilter): Promise<boolean> {
      const profileId = viewer.profile.id;
      try {
        if (rating !== null && !(await titles.isPublished(titleId, rating))) {
          throw new NotFound(ServerMessages.titleNotFound);
        }
        if (await repo.remove(profileId, titleId)) return false;
        if (!(await titles.isPublished(titleId, null))) throw new NotFound(ServerMessages.titleNotFound);
        await repo.add({ userId: viewer.id, profileId }, titleId, Date.now());
        return true;
      } finally {
        await ctx.cache.delete(watchListKey(profileId));
      }
    },

    async list(profileId: number, query: PageQuery, rating: RatingFilter): Promise<MovieCard[]> {
      const rows = await repo.pageOfCards(profileId, toPage(query), rating);
      return rows.map((row) => toMovieCard(row, true));
    },
  };
}
export type WatchlistService = ReturnType<typeof createWatchlistService>;
