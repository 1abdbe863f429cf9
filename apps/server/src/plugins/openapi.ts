import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { API_BASE } from '@reeltime/contract';

/** OpenAPI document generated from the contract's schemas: JSON at /api/docs/json, UI at /api/docs. */
export const openapiPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(swagger, {
      openapi: {
        info: {
          title: `${app.ctx.config.appName} API`,
          version: '1.0.0',
          description:
            'Every response is an envelope: `{ status: true, message?, data }` on success, ' +
            '`{ status: false, message, errors? }` on failure (`errors` by field, only for 422).',
        },
        servers: [{ url: '/' }],
        components: {
          securitySchemes: {
            bearer: { type: 'http', scheme: 'bearer', description: 'api_token from /login' },
          },
        },
      },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
    app.log.debug({ base: API_BASE }, 'openapi ready');
  },
  { name: 'openapi', dependencies: ['context'] },
);
