import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'kysely';

/**
 * Liveness (/healthz) and readiness (/readyz: the database answers). With REDIS_URL set it also
 * says whether Redis answers; without Redis the process still serves (reads from the database),
 * so it stays ready and reports itself `degraded` rather than leaving every process unready.
 */
export const healthPlugin = fp(
  async (app: FastifyInstance) => {
    app.get('/healthz', { schema: { hide: true } }, async () => ({ status: true, data: { status: 'ok' } }));
    app.get('/readyz', { schema: { hide: true } }, async (request, reply) => {
      const redis = app.ctx.redis;
      const redisUp = redis ? redis.ping() : null;
      try {
        await sql`select 1`.execute(app.ctx.db);
      } catch (error) {
        request.log.error({ err: error }, 'database not ready');
        return reply.status(503).send({ status: false, message: 'The database is not reachable.' });
      }
      if (redisUp === null) return { status: true, data: { status: 'ready', database: app.ctx.dialect } };
      const up = await redisUp;
      return {
        status: true,
        data: { status: up ? 'ready' : 'degraded', database: app.ctx.dialect, redis: up ? 'up' : 'down' },
      };
    });
  },
  { name: 'health', dependencies: ['context'] },
);
