import type { z } from 'zod';

export type HttpMethod = 'GET' | 'HEAD' | 'OPTIONS' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call an endpoint: anyone (`public`; a token, when sent and valid, still identifies the
 * member), a signed-in member acting as any of the account's profiles (`member`, else 401), a
 * signed-in member acting as a profile that is not a kids profile (`account`: billing, the
 * account itself, submissions, profile management; else 401 or 403) or an administrator (`admin`,
 * not acting as a kids profile either; else 401 or 403).
 */
export type Access = 'public' | 'member' | 'account' | 'admin';

/** How the body may travel: JSON only, or also as multipart form data (with its files). */
export type BodyEncoding = 'json' | 'json-or-form' | 'form';

/** A request header the endpoint reads (checked by its handler, not by a schema). */
export interface HeaderField {
  description: string;
  required: boolean;
}

/** A body its handler reads as a stream of bytes (a tus upload's chunks), not as fields. */
export interface RawBody {
  contentType: string;
  description: string;
}

/** A file part of a multipart body. `name` may hold `{i}` for a list's index, as in `cast[{i}][image]`. */
export interface FileField {
  description: string;
  required: boolean;
  /** What the file is, as the 413 past the upload limit names it ("The picture must be…"); "file" when absent. */
  noun?: string;
}

/** The error statuses an endpoint can answer by itself, each with when it happens. */
export type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 410 | 412 | 413 | 415 | 422 | 429 | 502 | 503;

export interface SuccessResponse {
  status: 200 | 201 | 202 | 204;
  /** What the envelope carries in `data`; absent when the answer has no body. */
  data?: z.ZodType;
  /** When this answer is given, for endpoints with more than one success answer. */
  description?: string;
  /** Response headers that matter to the client, by name, with what they hold. */
  headers?: Readonly<Record<string, string>>;
}

/**
 * One HTTP endpoint of the API, the single place it is described: the server registers its route
 * from it (validation, serialization, access), the OpenAPI document is generated from it and the
 * web app calls it through the typed client. See docs/decisions/0033-endpoint-definitions.md.
 */
export interface EndpointDefinition {
  method: HttpMethod;
  /** Relative to API_BASE, with `:name` parameters. */
  path: string;
  access: Access;
  tags: readonly string[];
  description: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Defaults to `json` when there is a body. */
  encoding?: BodyEncoding;
  /** The file parts of a multipart body, by field name. */
  files?: Readonly<Record<string, FileField>>;
  /** A body read as bytes by the handler (instead of `body`). */
  rawBody?: RawBody;
  /** Request headers the endpoint reads, by name. */
  headers?: Readonly<Record<string, HeaderField>>;
  /** The success answer; a list when there are several (the first is the usual one). */
  success: SuccessResponse | readonly SuccessResponse[];
  /**
   * The errors specific to this endpoint, by status, with when they happen. The errors every
   * endpoint of its shape can give (401/403 by access; 400, 413, 415 and 422 for what it reads;
   * 503 when the database is unreachable) are added where the definition is registered.
   */
  errors?: Readonly<Partial<Record<ErrorStatus, string>>>;
}

/** Declares an endpoint, keeping its literal types for the server and the clients. */
export function defineEndpoint<const Definition extends EndpointDefinition>(
  definition: Definition,
): Definition {
  return definition;
}

/** A group of endpoints, by the names their handlers and callers use. */
export type EndpointGroup = Readonly<Record<string, EndpointDefinition>>;

type Schema<E, Key extends 'params' | 'query' | 'body'> = E extends { [K in Key]: infer S extends z.ZodType }
  ? S
  : never;

/** What the success envelope of `E` carries in `data` (`null` for an answer without a body). */
export type EndpointData<E extends EndpointDefinition> = E['success'] extends {
  data: infer Data extends z.ZodType;
}
  ? z.output<Data>
  : null;

/** The success answers of an endpoint, as a list. */
export function successesOf(definition: EndpointDefinition): readonly SuccessResponse[] {
  return Array.isArray(definition.success) ? definition.success : [definition.success as SuccessResponse];
}

/** The path parameters, query and body of a call as its schemas accept them. */
export type EndpointParams<E extends EndpointDefinition> = z.input<Schema<E, 'params'>>;
export type EndpointQuery<E extends EndpointDefinition> = z.input<Schema<E, 'query'>>;
export type EndpointBody<E extends EndpointDefinition> = z.input<Schema<E, 'body'>>;

/** The same once validated: what a handler receives. */
export type ParsedParams<E extends EndpointDefinition> = z.output<Schema<E, 'params'>>;
export type ParsedQuery<E extends EndpointDefinition> = z.output<Schema<E, 'query'>>;
export type ParsedBody<E extends EndpointDefinition> = z.output<Schema<E, 'body'>>;

/** Whether `E` takes its body as multipart form data too. */
export type TakesForm<E extends EndpointDefinition> = E['encoding'] extends 'form' | 'json-or-form'
  ? true
  : false;

/** Fills the `:name` parameters of a path. */
export function pathWith(path: string, params: Record<string, string | number>): string {
  return path.replace(/:([a-z_]+)/gi, (_, name: string) => encodeURIComponent(String(params[name])));
}

/**
 * What a browser needs of an endpoint at run time: its method and path. Its types still come from
 * the definition (`definition` is never set), so calls are typed as on the server, while the web
 * bundles carry no schema an endpoint does not use elsewhere. `src/browser.ts` holds one per
 * definition, under the same group names.
 */
export interface EndpointRoute<E extends EndpointDefinition = EndpointDefinition> {
  readonly method: E['method'];
  readonly path: E['path'];
  readonly definition?: E;
}

export function endpointRoute<E extends EndpointDefinition>(
  method: E['method'],
  path: E['path'],
): EndpointRoute<E> {
  return { method, path };
}

/** The definition behind a route (a union of them for a union of routes). */
export type DefinitionOf<R> = R extends EndpointRoute<infer E> ? E : never;
