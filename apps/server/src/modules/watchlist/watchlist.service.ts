import { ServerMessages, type MovieCard, type PageQuery } from '@reeltime/contract';
import type { AppContext } from '../../context';
import { NotFound } from '../../lib/errors';
import { toPage } from '../../lib/page';
import { overlayWatchList, toMovieCard } from '../titles/card.mapper';
import { createTitlesService } from '../catalog/titles.service';
import type { RatingFilter } from '../titles/rating-filter';
import { createWatchlistRepository } from './watchlist.repository';

/**
 * A member's watch list is remembered this long (at most the catalog cache lifetime) so browsing
 * rows do not each ask the database; toggling a title forgets it at once.
 */
const WATCH_LIST_CACHE_SECONDS = 5;
const watchListKey = (userId: number) => `member:${userId}:watch-list`;

export function createWatchlistService(ctx: AppContext) {
  const repo = createWatchlistRepository(ctx.db);
  const titles = createTitlesService(ctx);

  /** The ids on the member's watch list. */
  async function titleIds(userId: number): Promise<Set<number>> {
    const ttl = Math.min(ctx.config.catalogCacheSeconds, WATCH_LIST_CACHE_SECONDS);
    return new Set(await ctx.cache.getOrLoad(watchListKey(userId), ttl, () => repo.titleIds(userId)));
  }

  return {
    titleIds,

    /** Lays the member's watch list over shared cards; visitors get the cards as they are. */
    async withWatchList(cards: MovieCard[], userId: number | null): Promise<MovieCard[]> {
      if (userId === null || cards.length === 0) return cards;
      return overlayWatchList(cards, await titleIds(userId));
    },

    /**
     * Adds the title when it is not on the list, removes it when it is; returns the new state. A
     * title rated above the filter is NotFound before anything changes, on the list or not, so the
     * answer never tells whether it exists; an unpublished one can still be taken off.
     */
    async toggle(userId: number, titleId: number, rating: RatingFilter): Promise<boolean> {
      try {
        if (rating !== null && !(await titles.isPublished(titleId, rating))) {
          throw new NotFound(ServerMessages.titleNotFound);
        }
        if (await repo.remove(userId, titleId)) return false;
        if (!(await titles.isPublished(titleId, null))) throw new NotFound(ServerMessages.titleNotFound);
        await repo.add(userId, titleId, Date.now());
        return true;
      } finally {
        await ctx.cache.delete(watchListKey(userId));
      }
    },

    async list(userId: number, query: PageQuery, rating: RatingFilter): Promise<MovieCard[]> {
      const rows = await repo.pageOfCards(userId, toPage(query), rating);
      return rows.map((row) => toMovieCard(row, true));
    },
  };
}
export type WatchlistService = ReturnType<typeof createWatchlistService>;
