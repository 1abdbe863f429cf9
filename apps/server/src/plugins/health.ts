import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'kysely';

/** Liveness (/healthz) and readiness (/readyz: the database answers). */
export const healthPlugin = fp(
  async (app: FastifyInstance) => {
    app.get('/healthz', { schema: { hide: true } }, async () => ({ status: true, data: { status: 'ok' } }));
    app.get('/readyz', { schema: { hide: true } }, async (request, reply) => {
      try {
        await sql`select 1`.execute(app.ctx.db);
        return { status: true, data: { status: 'ready', database: app.ctx.dialect } };
      } catch (error) {
        request.log.error({ err: error }, 'database not ready');
        return reply.status(503).send({ status: false, message: 'The database is not reachable.' });
      }
    });
  },
  { name: 'health', dependencies: ['context'] },
);
