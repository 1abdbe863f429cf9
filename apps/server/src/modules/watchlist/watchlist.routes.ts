import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApiPaths,
  MovieCardSchema,
  PageQuerySchema,
  SaveWatchListBodySchema,
  ServerMessages,
  SuccessEnvelope,
  WatchListToggleSchema,
} from '@reeltime/contract';
import { ok } from '../../lib/envelope';
import { FORM_OR_JSON } from '../../plugins/content-types';
import { createWatchlistService } from './watchlist.service';

const tags = ['watchlist'];
const security = [{ bearer: [] }];

/** The member's watch list: member scope. */
export async function watchlistRoutes(app: FastifyInstance): Promise<void> {
  const watchlist = createWatchlistService(app.ctx);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    ApiPaths.saveWatchList,
    {
      schema: {
        tags,
        security,
        description: 'Toggles the title on the watch list; the message says whether it was added or removed.',
        consumes: FORM_OR_JSON,
        body: SaveWatchListBodySchema,
        response: { 200: SuccessEnvelope(WatchListToggleSchema) },
      },
    },
    async (request) => {
      const isWatchList = await watchlist.toggle(request.user!.id, request.body.entertainment_id);
      return ok(
        { is_watch_list: isWatchList },
        isWatchList ? ServerMessages.addedToWatchList : ServerMessages.removedFromWatchList,
      );
    },
  );

  api.get(
    ApiPaths.watchList,
    {
      schema: {
        tags,
        security,
        description: 'The watch list, most recently added first.',
        querystring: PageQuerySchema,
        response: { 200: SuccessEnvelope(z.array(MovieCardSchema)) },
      },
    },
    async (request) => ok(await watchlist.list(request.user!.id, request.query)),
  );
}
