import type { FastifyInstance } from 'fastify';
import { ServerMessages, WatchlistEndpoints } from '@reeltime/contract';
import { ok } from '../../lib/envelope';
import { registerEndpoints } from '../../lib/endpoints';
import { ratingFilterFor } from '../catalog/rating-scale';
import { createWatchlistService } from './watchlist.service';

/** The watch list of the profile the token acts as, without the titles above its maturity limit. */
export async function watchlistRoutes(app: FastifyInstance): Promise<void> {
  const watchlist = createWatchlistService(app.ctx);

  registerEndpoints(app, WatchlistEndpoints, {
    toggle: async (request) => {
      const rating = await ratingFilterFor(request);
      const isWatchList = await watchlist.toggle(request.user!, request.body.entertainment_id, rating);
      return ok(
        { is_watch_list: isWatchList },
        isWatchList ? ServerMessages.addedToWatchList : ServerMessages.removedFromWatchList,
      );
    },
    list: async (request) =>
      ok(await watchlist.list(request.user!.profile.id, request.query, await ratingFilterFor(request))),
  });
}
