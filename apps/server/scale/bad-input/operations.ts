/**
 * The operations a hostile client can aim at, read from the site's OpenAPI document, plus the
 * routes of Fastify's route table that the document leaves out (media files, checkout pages…).
 */

/** The subset of JSON Schema the document uses. */
export interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  enum?: unknown[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  nullable?: boolean;
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  schema: Schema;
}

/** `session`: a member's session of its own, which the operation may end (logout). */
export type Access = 'visitor' | 'member' | 'admin' | 'session';

export interface Operation {
  method: string;
  /** With `{name}` for each path parameter. */
  path: string;
  parameters: Parameter[];
  /** The JSON body's schema, when the operation reads JSON. */
  jsonBody?: Schema;
  /** The form's schema (text and file fields), when it reads multipart/form-data. */
  formBody?: Schema;
  /** Media types it reads; empty when it reads no body. */
  consumes: string[];
  /** Who must send it for it to reach its validation. */
  access: Access;
  /** Where it was found. */
  source: 'openapi' | 'route table';
}

interface DocumentOperation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  security?: Array<Record<string, unknown>>;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, DocumentOperation>>;
}

const HTTP_METHODS = new Set(['get', 'head', 'post', 'put', 'patch', 'delete']);

function accessOf(path: string, security: DocumentOperation['security']): Access {
  if (/\/admin(\/|$)/.test(path)) return 'admin';
  if (path.endsWith('/logout')) return 'session';
  if (security?.some((requirement) => 'bearer' in requirement)) return 'member';
  return 'visitor';
}

export function operationsFromDocument(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      if (!HTTP_METHODS.has(method)) continue;
      const content = operation.requestBody?.content ?? {};
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters: operation.parameters ?? [],
        jsonBody: content['application/json']?.schema,
        formBody: content['multipart/form-data']?.schema,
        consumes: Object.keys(content),
        access: accessOf(path, operation.security),
        source: 'openapi',
      });
    }
  }
  return operations;
}

/** `/a/:id/*` -> `/a/{id}/{*}`, the document's way of writing a path. */
export const documentPath = (routeUrl: string) => routeUrl.replace(/:(\w+)/g, '{$1}').replace(/\*/g, '{*}');

/** The document's own pages and the web build's files: no input to malform. */
const isStaticFile = (path: string) =>
  path.startsWith('/api/docs') || (!path.includes('{') && /\.\w+$/.test(path));

export interface Route {
  method: string;
  url: string;
}

/**
 * Routes of the route table missing from the document, as operations with string path
 * parameters. HEAD routes Fastify adds beside each GET are left out (they take the same input),
 * and so are static files.
 */
export function operationsMissingFromDocument(routes: Route[], documented: Operation[]): Operation[] {
  const known = new Set(documented.map((operation) => `${operation.method} ${operation.path}`));
  const operations: Operation[] = [];
  const seen = new Set<string>();
  for (const route of routes) {
    const path = documentPath(route.url);
    const key = `${route.method} ${path}`;
    if (route.method === 'HEAD' || known.has(key) || seen.has(key) || isStaticFile(path)) continue;
    seen.add(key);
    const names = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);
    operations.push({
      method: route.method,
      path,
      parameters: names.map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } })),
      consumes: route.method === 'GET' ? [] : ['application/x-www-form-urlencoded', 'application/json'],
      access: accessOf(path, undefined),
      source: 'route table',
    });
  }
  return operations;
}
