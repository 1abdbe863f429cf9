import swagger, { type SwaggerTransform } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import {
  API_BASE,
  FormLimits,
  successesOf,
  type EndpointDefinition,
  type FileField,
} from '@reeltime/contract';
import { documentedErrors } from '../lib/endpoints';

interface ObjectSchema {
  properties?: Record<string, unknown>;
  required?: string[];
  [keyword: string]: unknown;
}

const binary = (description: string) => ({ type: 'string', format: 'binary', description });

/**
 * A multipart body as OpenAPI 3 encodes it: the fields as validated, objects and lists as JSON
 * parts (`encoding`, added by {@link withJsonPartEncodings}), and the files as binary strings, required where the endpoint needs them.
 * A file named with `{i}` (one per list item) is listed for each index the list may have.
 */
function multipartSchema(body: ObjectSchema, files: Record<string, FileField>) {
  const properties: Record<string, unknown> = { ...body.properties };
  const required = [...(body.required ?? [])];
  for (const [name, file] of Object.entries(files)) {
    if (!name.includes('{i}')) {
      properties[name] = binary(file.description);
      if (file.required) required.push(name);
      continue;
    }
    for (let index = 0; index < FormLimits.maxListItems; index += 1) {
      properties[name.replace('{i}', String(index))] = binary(file.description);
    }
  }
  return { schema: { ...body, properties, ...(required.length ? { required } : {}) } };
}

function bodyContent(body: ObjectSchema, definition: EndpointDefinition) {
  const encoding = definition.encoding ?? 'json';
  const content: Record<string, unknown> = {};
  if (encoding !== 'json') content['multipart/form-data'] = multipartSchema(body, definition.files ?? {});
  if (encoding !== 'form') content['application/json'] = { schema: body };
  return { content };
}

const headerSchemas = (headers: Readonly<Record<string, string>>) =>
  Object.fromEntries(
    Object.entries(headers).map(([name, description]) => [name, { type: 'string', description }]),
  );

/**
 * Every documented status of an endpoint with its own description (when it happens), its headers,
 * and no content for an answer without a body.
 */
function describeResponses(
  response: Record<string, ObjectSchema>,
  definition: EndpointDefinition,
  rateLimited: boolean,
) {
  const errors = documentedErrors(definition, { rateLimited });
  const described: Record<string, ObjectSchema> = {};
  for (const [status, schema] of Object.entries(response)) {
    described[status] = { ...schema, description: errors[Number(status) as keyof typeof errors] ?? '' };
  }
  for (const success of successesOf(definition)) {
    const schema = described[success.status] ?? { type: 'null' };
    described[success.status] = {
      ...schema,
      description: success.description ?? (success.status === 201 ? 'Created.' : 'Success.'),
      ...(success.headers ? { headers: headerSchemas(success.headers) } : {}),
    };
  }
  return described;
}

/** Request headers an endpoint reads, as header parameters. */
function headersSchema(definition: EndpointDefinition): ObjectSchema | undefined {
  if (!definition.headers) return undefined;
  const entries = Object.entries(definition.headers);
  return {
    type: 'object',
    properties: Object.fromEntries(
      entries.map(([name, header]) => [name, { type: 'string', description: header.description }]),
    ),
    required: entries.filter(([, header]) => header.required).map(([name]) => name),
  };
}

const rawBodyContent = (definition: EndpointDefinition) =>
  definition.rawBody
    ? {
        content: {
          [definition.rawBody.contentType]: {
            schema: { type: 'string', format: 'binary', description: definition.rawBody.description },
          },
        },
      }
    : undefined;

type OpenApiDocument = {
  paths?: Record<string, Record<string, { requestBody?: { content?: Record<string, MediaType> } }>>;
};
type MediaType = { schema?: ObjectSchema; encoding?: Record<string, { contentType: string }> };

/**
 * A multipart field that holds an object or a list travels as a JSON part, the encoding OpenAPI 3
 * gives such properties; the document says so for each (the route generator drops `encoding`).
 */
function withJsonPartEncodings(document: OpenApiDocument): OpenApiDocument {
  for (const operations of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(operations)) {
      const form = operation.requestBody?.content?.['multipart/form-data'];
      if (!form?.schema?.properties) continue;
      const encoding: Record<string, { contentType: string }> = {};
      for (const [name, property] of Object.entries(form.schema.properties)) {
        const type = (property as { type?: unknown }).type;
        if (type === 'object' || type === 'array') encoding[name] = { contentType: 'application/json' };
      }
      if (Object.keys(encoding).length > 0) form.encoding = encoding;
    }
  }
  return document;
}

const transform: SwaggerTransform = (input) => {
  const result = jsonSchemaTransform(input);
  const config = input.route.config;
  const body = result.schema.body as ObjectSchema | undefined;
  const definition = config?.endpoint;
  // Fastify answers HEAD for every GET by itself; only endpoints defined as HEAD are documented.
  if (input.route.method === 'HEAD' && definition?.method !== 'HEAD') {
    return { ...result, schema: { ...result.schema, hide: true } };
  }
  if (definition) {
    const rateLimited = config.rateLimit != null && config.rateLimit !== false;
    const response = (result.schema.response ?? {}) as Record<string, ObjectSchema>;
    const headers = headersSchema(definition);
    const raw = rawBodyContent(definition);
    return {
      ...result,
      schema: {
        ...result.schema,
        ...(body ? { body: bodyContent(body, definition) } : {}),
        ...(raw ? { body: raw } : {}),
        ...(headers ? { headers } : {}),
        response: describeResponses(response, definition, rateLimited),
      },
    };
  }
  return result;
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
      exposeHeadRoutes: true,
      transformObject: (documentObject) =>
        withJsonPartEncodings(jsonSchemaTransformObject(documentObject) as OpenApiDocument) as never,
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
    app.log.debug({ base: API_BASE }, 'openapi ready');
  },
  { name: 'openapi', dependencies: ['context'] },
);
