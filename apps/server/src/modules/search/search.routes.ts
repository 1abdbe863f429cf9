import type { FastifyInstance } from 'fastify';
import { SearchEndpoints } from '@reeltime/contract';
import { ok } from '../../lib/envelope';
import { registerEndpoints } from '../../lib/endpoints';
import { ratingFilterFor } from '../catalog/rating-scale';
import { createSearchService } from './search.service';

/** Suggestions and search results: member scope, within the profile's maturity limit. */
export async function searchRoutes(app: FastifyInstance): Promise<void> {
  const search = createSearchService(app.ctx);

  registerEndpoints(app, SearchEndpoints, {
    suggestions: async (request) =>
      ok(await search.suggestions(request.query.query, await ratingFilterFor(request))),
    search: async (request) => {
      const { query } = request;
      const rating = await ratingFilterFor(request);
      return ok({ movieList: await search.search(query.search, query, request.user!.profile.id, rating) });
    },
  });
}
