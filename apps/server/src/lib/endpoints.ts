import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  RouteShorthandOptions,
} from 'fastify';
import type { z } from 'zod';
import {
  ErrorEnvelopeSchema,
  ServerMessages,
  SuccessEnvelope,
  type EndpointDefinition,
  type EndpointGroup,
  type ErrorStatus,
  type ParsedBody,
  type ParsedParams,
  type ParsedQuery,
  successesOf,
} from '@reeltime/contract';
import { requireAccount, requireAdmin, requireMember } from '../plugins/auth';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract's definition this route was registered from (every route under API_BASE has one). */
    endpoint?: EndpointDefinition;
  }
}

export type EndpointRequest<E extends EndpointDefinition> = FastifyRequest<{
  Params: ParsedParams<E>;
  Querystring: ParsedQuery<E>;
  Body: ParsedBody<E>;
}>;

/** The success envelope a handler of `E` answers with (see `ok`). */
export type EndpointReply<E extends EndpointDefinition> = {
  status: true;
  message?: string;
  data: E['success'] extends { data: infer Data extends z.ZodType } ? z.input<Data> : null;
};

export type EndpointHandler<E extends EndpointDefinition> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<EndpointReply<E> | FastifyReply>;

/** Route options beyond the definition: rate limits, an error handler of its own, a body limit. */
export type EndpointOptions = Pick<
  RouteShorthandOptions,
  'config' | 'errorHandler' | 'bodyLimit' | 'preHandler'
>;

export type EndpointRoute<E extends EndpointDefinition> =
  EndpointHandler<E> | { handler: EndpointHandler<E>; options: EndpointOptions };

/** One handler per endpoint of the group, by the same names: a definition without one does not compile. */
export type EndpointHandlers<G extends EndpointGroup> = { [Name in keyof G]: EndpointRoute<G[Name]> };

const JSON_ONLY = ['application/json'];
const CONSUMES = {
  json: JSON_ONLY,
  'json-or-form': ['multipart/form-data', 'application/json'],
  form: ['multipart/form-data'],
} as const;

/** What the request may carry, by its encoding: what the content-types and forms plugins read. */
export function consumesOf(definition: EndpointDefinition): readonly string[] {
  if (definition.rawBody) return [definition.rawBody.contentType];
  return definition.body ? CONSUMES[definition.encoding ?? 'json'] : JSON_ONLY;
}

/**
 * The errors every endpoint of a shape can answer, added to those it names itself: 401/403 from
 * its access; 400, 413 and 415 for a body (any method but GET may be sent one); 422 when it reads
 * anything; 429 when it is rate limited; 503 while the database cannot be reached.
 */
export function documentedErrors(
  definition: EndpointDefinition,
  options: { rateLimited: boolean },
): Partial<Record<ErrorStatus, string>> {
  const errors: Partial<Record<ErrorStatus, string>> = {};
  if (definition.method !== 'GET' && definition.method !== 'HEAD') {
    errors[400] = 'The body is not well-formed (JSON or multipart).';
    errors[413] = 'The body, one of its fields or one of its files is too large.';
    errors[415] = `The body's content type is not one this endpoint reads (${consumesOf(definition).join(', ')}).`;
  }
  if (definition.access !== 'public') errors[401] = 'No valid bearer token was sent.';
  if (definition.access === 'account') errors[403] = 'The token acts as a kids profile.';
  if (definition.access === 'admin') {
    errors[403] = 'The token is not an administrator’s, or acts as a kids profile.';
  }
  if (definition.params || definition.query || definition.body) {
    errors[422] = 'A value is invalid: `message` gives the first problem, `errors` every problem by field.';
  }
  if (options.rateLimited) errors[429] = 'Too many requests: try again after the seconds in Retry-After.';
  errors[503] = 'The database cannot be reached right now: try again after the seconds in Retry-After.';
  for (const [status, when] of Object.entries(definition.errors ?? {}) as [`${ErrorStatus}`, string][]) {
    const implicit = errors[Number(status) as ErrorStatus];
    errors[Number(status) as ErrorStatus] = implicit ? `${when} Or: ${implicit}` : when;
  }
  return errors;
}

const ACCESS_HOOKS: Record<EndpointDefinition['access'], onRequestHookHandler[]> = {
  public: [],
  member: [requireMember],
  account: [requireAccount],
  admin: [requireAdmin],
};

function routeOf<E extends EndpointDefinition>(route: EndpointRoute<E>) {
  return typeof route === 'function' ? { handler: route, options: {} as EndpointOptions } : route;
}

/**
 * Statuses Fastify answers by itself before any handler (HEAD of a GET, a CORS preflight), and a
 * server error, which no definition lists and which must reach the client as it is.
 */
const ALWAYS_ALLOWED = new Set([204, 304, 500]);

/**
 * Registers the routes of a group of endpoint definitions: path, method, access, validation and
 * response schemas all come from the definition; the handler adds only what the endpoint does.
 * With `checkContract` (everywhere but production), an answer with a status its definition does
 * not document becomes a 500 that names it, so tests fail on it.
 */
export function registerEndpoints<G extends EndpointGroup>(
  app: FastifyInstance,
  group: G,
  handlers: EndpointHandlers<G>,
): void {
  const checkContract = app.ctx.config.env !== 'production';
  for (const [name, definition] of Object.entries(group)) {
    const { handler, options } = routeOf(handlers[name] as EndpointRoute<EndpointDefinition>);
    const rateLimited = options.config?.rateLimit != null && options.config.rateLimit !== false;
    const errors = documentedErrors(definition, { rateLimited });
    const successes = successesOf(definition);
    const response: Record<number, z.ZodType> = {};
    for (const success of successes) {
      if (success.data) response[success.status] = SuccessEnvelope(success.data);
    }
    for (const status of Object.keys(errors)) response[Number(status)] = ErrorEnvelopeSchema;
    const documented = new Set([
      ...successes.map((success) => success.status),
      ...Object.keys(errors).map(Number),
    ]);
    const usualStatus = successes[0]!.status;

    app.route({
      ...options,
      method: definition.method,
      url: definition.path,
      // A copy: plugins add their own hooks to a route's list (the rate limiter does), which must
      // never reach the other routes of the same access.
      onRequest: [...ACCESS_HOOKS[definition.access]],
      config: { ...options.config, endpoint: definition },
      schema: {
        tags: [...definition.tags],
        description: definition.description,
        ...(definition.access === 'public' ? {} : { security: [{ bearer: [] }] }),
        ...(definition.params ? { params: definition.params } : {}),
        ...(definition.query ? { querystring: definition.query } : {}),
        ...(definition.body ? { body: definition.body } : {}),
        ...(definition.body || definition.rawBody ? { consumes: [...consumesOf(definition)] } : {}),
        response,
      },
      ...(checkContract
        ? {
            onSend: async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
              if (documented.has(reply.statusCode) || ALWAYS_ALLOWED.has(reply.statusCode)) return payload;
              const problem = `${definition.method} ${definition.path} answered ${reply.statusCode}, which its endpoint definition does not document`;
              request.log.error({ payload }, problem);
              reply.code(500).header('content-type', 'application/json; charset=utf-8');
              return JSON.stringify({ status: false, message: `${ServerMessages.serverError} (${problem})` });
            },
          }
        : {}),
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        reply.code(usualStatus);
        return handler(request as EndpointRequest<EndpointDefinition>, reply);
      },
    });
  }
}

/**
 * Refuses, at start, a route under `prefix` that was not registered from an endpoint definition:
 * every API route is described by the contract, so none can exist without one.
 */
export function requireEndpointDefinitions(app: FastifyInstance, prefix: string): void {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(`${prefix}/`) || route.config?.endpoint) return;
    const methods = ([] as string[]).concat(route.method).join(', ');
    throw new Error(`${methods} ${route.url} has no endpoint definition: register it with registerEndpoints`);
  });
}
