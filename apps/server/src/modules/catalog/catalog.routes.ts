import type { FastifyInstance } from 'fastify';
import { CatalogEndpoints, CatalogRowEndpoints, type RowName } from '@reeltime/contract';
import { ok } from '../../lib/envelope';
import { registerEndpoints, type EndpointHandler } from '../../lib/endpoints';
import { catalogKeys, createCatalogService } from './catalog.service';
import { ratingFilterFor } from './rating-scale';
import { createVisitorResponses } from './visitor-responses';

type RowEndpoint = (typeof CatalogRowEndpoints)[RowName];

/**
 * Banners, the browse rows, lists, genres and title details: open to visitors. A visitor gets the
 * bytes shared by every visitor; the state of the profile a member's token acts as is laid over
 * per request, and that profile sees only the titles within its maturity limit.
 */
export async function catalogRoutes(app: FastifyInstance): Promise<void> {
  const catalog = createCatalogService(app.ctx);
  const sendToVisitor = createVisitorResponses(app.ctx);

  const row =
    (name: RowName): EndpointHandler<RowEndpoint> =>
    async (request, reply) => {
      const { user, query } = request;
      if (user) return ok(await catalog.row(name, query, user.profile.id, await ratingFilterFor(request)));
      return sendToVisitor(reply, catalogKeys.row(name, query), () => catalog.row(name, query, null, null));
    };

  registerEndpoints(app, CatalogRowEndpoints, {
    popular: row('popular'),
    popularMovies: row('popularMovies'),
    latest: row('latest'),
    topChannels: row('topChannels'),
    free: row('free'),
    mostLiked: row('mostLiked'),
    mostViewed: row('mostViewed'),
  });

  registerEndpoints(app, CatalogEndpoints, {
    banners: async (request, reply) => {
      const rating = await ratingFilterFor(request);
      if (rating) return ok(await catalog.banners(rating));
      return sendToVisitor(reply, catalogKeys.banners(), () => catalog.banners(null));
    },
    tvShows: async (request, reply) => {
      const { user, query } = request;
      if (user) return ok(await catalog.tvShows(query, user.profile.id, await ratingFilterFor(request)));
      return sendToVisitor(reply, catalogKeys.tvShows(query), () => catalog.tvShows(query, null, null));
    },
    genres: async (_request, reply) => sendToVisitor(reply, catalogKeys.genres, () => catalog.genres()),
    movieList: async (request, reply) => {
      const { query } = request;
      const filter = { genreId: query.genre_id, actorId: query.actor_id };
      if (request.user) {
        return ok(
          await catalog.movieList(filter, query, request.user.profile.id, await ratingFilterFor(request)),
        );
      }
      return sendToVisitor(reply, catalogKeys.list(filter, query), () =>
        catalog.movieList(filter, query, null, null),
      );
    },
    movieDetails: async (request, reply) => {
      const { user, params } = request;
      if (user) return ok(await catalog.details(params.id, user, await ratingFilterFor(request)));
      return sendToVisitor(reply, catalogKeys.detail(params.id), () =>
        catalog.details(params.id, null, null),
      );
    },
  });
}
