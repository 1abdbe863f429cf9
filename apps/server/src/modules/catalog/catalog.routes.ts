import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApiPaths,
  BannerSchema,
  GenreSchema,
  IdParamsSchema,
  MovieCardSchema,
  MovieDetailSchema,
  MovieListQuerySchema,
  PageQuerySchema,
  RowPaths,
  SuccessEnvelope,
  type RowName,
} from '@reeltime/contract';
import { ok } from '../../lib/envelope';
import { catalogKeys, createCatalogService } from './catalog.service';
import { createVisitorResponses } from './visitor-responses';

const tags = ['catalog'];
/** Public reads also take a token: with a valid one the member's own state is laid over. */
const security: { [scheme: string]: string[] }[] = [{}, { bearer: [] }];
const CardListEnvelope = SuccessEnvelope(z.array(MovieCardSchema));

/** Banners, the browse rows, lists, genres and title details: open to visitors. */
export async function catalogRoutes(app: FastifyInstance): Promise<void> {
  const catalog = createCatalogService(app.ctx);
  const sendToVisitor = createVisitorResponses(app.ctx);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    ApiPaths.banners,
    { schema: { tags, security, response: { 200: SuccessEnvelope(z.array(BannerSchema)) } } },
    async (_request, reply) => sendToVisitor(reply, catalogKeys.banners, () => catalog.banners()),
  );

  for (const [name, path] of Object.entries(RowPaths) as [RowName, string][]) {
    api.get(
      path,
      { schema: { tags, security, querystring: PageQuerySchema, response: { 200: CardListEnvelope } } },
      async (request, reply) => {
        const { user, query } = request;
        if (user) return ok(await catalog.row(name, query, user.id));
        return sendToVisitor(reply, catalogKeys.row(name, query), () => catalog.row(name, query, null));
      },
    );
  }

  api.get(
    ApiPaths.tvShows,
    { schema: { tags, security, querystring: PageQuerySchema, response: { 200: CardListEnvelope } } },
    async (request, reply) => {
      const { user, query } = request;
      if (user) return ok(await catalog.tvShows(query, user.id));
      return sendToVisitor(reply, catalogKeys.tvShows(query), () => catalog.tvShows(query, null));
    },
  );

  api.get(
    ApiPaths.genres,
    { schema: { tags, response: { 200: SuccessEnvelope(z.array(GenreSchema)) } } },
    async (_request, reply) => sendToVisitor(reply, catalogKeys.genres, () => catalog.genres()),
  );

  api.get(
    ApiPaths.movieList,
    {
      schema: {
        tags,
        security,
        description:
          'Titles of a genre (`genre_id`) and/or a cast member (`actor_id`), newest first; with neither, every movie.',
        querystring: MovieListQuerySchema,
        response: { 200: CardListEnvelope },
      },
    },
    async (request, reply) => {
      const { query } = request;
      const filter = { genreId: query.genre_id, actorId: query.actor_id };
      if (request.user) return ok(await catalog.movieList(filter, query, request.user.id));
      return sendToVisitor(reply, catalogKeys.list(filter, query), () =>
        catalog.movieList(filter, query, null),
      );
    },
  );

  api.get(
    ApiPaths.movieDetails,
    {
      schema: {
        tags,
        security,
        description:
          'video_links (and episode video_links) are filled only for members; progress only for members.',
        params: IdParamsSchema,
        response: { 200: SuccessEnvelope(MovieDetailSchema) },
      },
    },
    async (request, reply) => {
      const { user, params } = request;
      if (user) return ok(await catalog.details(params.id, user.id));
      return sendToVisitor(reply, catalogKeys.detail(params.id), () => catalog.details(params.id, null));
    },
  );
}
