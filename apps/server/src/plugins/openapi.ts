import swagger, { type SwaggerTransform } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { API_BASE } from '@reeltime/contract';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * File fields of a multipart body, by name, with what each holds. Files go to
     * `request.uploads`, not to the validated body, so only the OpenAPI document lists them.
     */
    fileFields?: Record<string, string>;
  }
}

interface ObjectSchema {
  properties?: Record<string, unknown>;
  [keyword: string]: unknown;
}

/** The body per media type: JSON as validated, multipart with the file fields added as binary strings. */
function bodyWithFileFields(body: ObjectSchema, fileFields: Record<string, string>) {
  const files = Object.fromEntries(
    Object.entries(fileFields).map(([name, description]) => [
      name,
      { type: 'string', format: 'binary', description },
    ]),
  );
  return {
    content: {
      'multipart/form-data': { schema: { ...body, properties: { ...body.properties, ...files } } },
      'application/json': { schema: body },
    },
  };
}

const transform: SwaggerTransform = (input) => {
  const result = jsonSchemaTransform(input);
  const fileFields = input.route.config?.fileFields;
  const body = result.schema.body as ObjectSchema | undefined;
  if (!fileFields || !body) return result;
  return { ...result, schema: { ...result.schema, body: bodyWithFileFields(body, fileFields) } };
};

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
      transform,
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
    app.log.debug({ base: API_BASE }, 'openapi ready');
  },
  { name: 'openapi', dependencies: ['context'] },
);
