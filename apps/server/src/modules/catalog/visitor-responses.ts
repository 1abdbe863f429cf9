import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../context';
import { ok } from '../../lib/envelope';
import { CatalogNamespaces } from './catalog-invalidation';

/**
 * Every visitor gets the same bytes for a catalog read, so the response is serialized once per
 * catalog cache period (same prefix and lifetime as the catalog's own cache) and written as is:
 * no cache lookups of parts, no serializing per request. Members are never served from it: their
 * watch list, likes and progress are laid over per request.
 */
export function createVisitorResponses(ctx: AppContext) {
  return async function sendToVisitor(
    reply: FastifyReply,
    key: string,
    load: () => Promise<unknown>,
  ): Promise<FastifyReply> {
    const body = await ctx.cache.getOrLoad(
      `${CatalogNamespaces.catalog}:visitor-response:${key}`,
      ctx.config.catalogCacheSeconds,
      async () =>
        // reply.serialize uses the route's own response serializer, contract check included.
        reply.serialize(ok(await load())),
    );
    return reply.type('application/json; charset=utf-8').send(body);
  };
}
