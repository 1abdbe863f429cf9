import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { ServerMessages } from '@reeltime/contract';
import { Forbidden, NotFound } from '../lib/errors';
import { bearerToken } from './auth';
import { isDirectLoopback, tokensMatch } from './metrics-access';

/**
 * Prometheus metrics at /metrics: process defaults and a request-duration histogram by route.
 * Only for requests from this machine, or with METRICS_TOKEN as bearer token. To anyone else the
 * path does not exist, except that a wrong token is told so (403) once a token is configured.
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance) => {
    const { metricsToken } = app.ctx.config;
    const refuseOutsiders = (request: FastifyRequest) => {
      if (isDirectLoopback(request)) return;
      const token = bearerToken(request);
      if (metricsToken === undefined || token === null) throw new NotFound(ServerMessages.notFound);
      if (!tokensMatch(token, metricsToken)) throw new Forbidden(ServerMessages.forbidden);
    };
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    const duration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request duration by method, route and status code',
      labelNames: ['method', 'route', 'status_code'],
      buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    });
    // Callback hooks: an async hook costs a promise per request on every route.
    app.addHook('onResponse', (request, reply, done) => {
      duration.observe(
        {
          method: request.method,
          route: request.routeOptions.url ?? 'unmatched',
          status_code: reply.statusCode,
        },
        reply.elapsedTime / 1000,
      );
      done();
    });
    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      refuseOutsiders(request);
      reply.type(registry.contentType);
      return registry.metrics();
    });
  },
  { name: 'metrics', dependencies: ['context'] },
);
