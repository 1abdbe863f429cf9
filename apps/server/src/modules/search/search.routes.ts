import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApiPaths,
  SearchQuerySchema,
  SearchResultSchema,
  SuccessEnvelope,
  SuggestionQuerySchema,
  SuggestionSchema,
} from '@reeltime/contract';
import { ok } from '../../lib/envelope';
import { createSearchService } from './search.service';

const tags = ['search'];
const security = [{ bearer: [] }];

/** Suggestions and search results: member scope. */
export async function searchRoutes(app: FastifyInstance): Promise<void> {
  const search = createSearchService(app.ctx);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    ApiPaths.suggestions,
    {
      schema: {
        tags,
        security,
        description:
          'Up to 10 title names for the search box: exact name first, then names starting with the text, then full-text and typo matches.',
        querystring: SuggestionQuerySchema,
        response: { 200: SuccessEnvelope(z.array(SuggestionSchema)) },
      },
    },
    async (request) => ok(await search.suggestions(request.query.query)),
  );

  api.get(
    ApiPaths.search,
    {
      schema: {
        tags,
        security,
        description: 'Titles matching `search`, ranked as the suggestions; the best 1000 results are served.',
        querystring: SearchQuerySchema,
        response: { 200: SuccessEnvelope(SearchResultSchema) },
      },
    },
    async (request) => {
      const { query } = request;
      return ok({ movieList: await search.search(query.search, query, request.user!.id) });
    },
  );
}
