import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import { watchStoreReachability } from '../adapters/storage/store-reachability';

/**
 * Liveness (/healthz) and readiness (/readyz: the database answers). With REDIS_URL set it also
 * says whether Redis answers, and with MEDIA_STORE=s3 whether the bucket does; without either the
 * process still serves (the catalog from the database; media requests get a 503 until the bucket
 * is back), so it stays ready and reports itself `degraded` rather than leaving every process unready.
 */
export const healthPlugin = fp(
  async (app: FastifyInstance) => {
    const media = watchStoreReachability(app.ctx.files);
    const mediaStore = app.ctx.config.mediaStore.kind;
    app.get('/healthz', { schema: { hide: true } }, async () => ({ status: true, data: { status: 'ok' } }));
    app.get('/readyz', { schema: { hide: true } }, async (request, reply) => {
      const redis = app.ctx.redis;
      const redisUp = redis ? redis.ping() : null;
      const mediaUp = media ? media.isUp() : null;
      try {
        await sql`select 1`.execute(app.ctx.db);
      } catch (error) {
        request.log.error({ err: error }, 'database not ready');
        return reply.status(503).send({ status: false, message: 'The database is not reachable.' });
      }
      const [redisState, mediaState] = await Promise.all([redisUp, mediaUp]);
      const degraded = redisState === false || mediaState === false;
      return {
        status: true,
        data: {
          status: degraded ? 'degraded' : 'ready',
          database: app.ctx.dialect,
          ...(redisState === null ? {} : { redis: redisState ? 'up' : 'down' }),
          ...(mediaState === null ? {} : { media_store: mediaStore, media: mediaState ? 'up' : 'down' }),
        },
      };
    });
  },
  { name: 'health', dependencies: ['context'] },
);
