import { ServerMessages, type MovieCard, type PageQuery } from '@reeltime/contract';
import type { AppContext } from '../../context';
import { NotFound } from '../../lib/errors';
import { createCatalogService, toPage } from '../catalog/catalog.service';
import { createWatchlistRepository } from './watchlist.repository';

export function createWatchlistService(ctx: AppContext) {
  const repo = createWatchlistRepository(ctx.db);
  const catalog = createCatalogService(ctx);
  return {
    /** Adds the title when it is not on the list, removes it when it is; returns the new state. */
    async toggle(userId: number, titleId: number): Promise<boolean> {
      try {
        if (await repo.remove(userId, titleId)) return false;
        if (!(await catalog.isPublished(titleId))) throw new NotFound(ServerMessages.titleNotFound);
        await repo.add(userId, titleId, Date.now());
        return true;
      } finally {
        await catalog.forgetWatchList(userId);
      }
    },

    async list(userId: number, query: PageQuery): Promise<MovieCard[]> {
      const ids = await repo.pageOfIds(userId, toPage(query));
      const cards = await catalog.cardsByIds(ids);
      return cards.map((card) => ({ ...card, is_watch_list: true }));
    },
  };
}
export type WatchlistService = ReturnType<typeof createWatchlistService>;
