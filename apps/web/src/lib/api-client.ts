import {
  API_BASE,
  pathWith,
  type EndpointBody,
  type EndpointData,
  type EndpointDefinition,
  type EndpointParams,
  type DefinitionOf,
  type EndpointQuery,
  type EndpointRoute,
  type TakesForm,
  type Envelope,
  type ErrorEnvelope,
} from '@reeltime/contract';
import { clearSession, getToken } from './session';
import { takeEarlyResponse } from './first-load';

/** Every call gives up after this long (spec section 9). */
export const REQUEST_TIMEOUT_MS = 600_000;

/** A failed call: the HTTP status (0 when no response arrived), the server's message and field errors. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly errors: Record<string, string[]> | undefined;

  constructor(status: number, message: string, errors?: Record<string, string[]>) {
    super(message);
    this.status = status;
    this.errors = errors;
  }
}

type QueryValue = string | number | boolean | null | undefined;
export type QueryParams = Record<string, QueryValue>;

/** The options argument may be left out when nothing in it is required. */
type OptionsArgument<Options> = object extends Options ? [options?: Options] : [options: Options];

/** The shape every call has once its path is known. */
export interface AnyRequest {
  method: string;
  body?: FormData | object;
  query?: QueryParams;
  params?: Record<string, string | number>;
  headers?: Record<string, string | undefined>;
  signal?: AbortSignal;
}

export function buildUrl(path: string, query?: QueryParams): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const qs = search.toString();
  return `${API_BASE}${path}${qs ? `?${qs}` : ''}`;
}

function withTimeout(signal: AbortSignal | undefined): AbortSignal {
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  if (!signal) return timeout;
  if (typeof AbortSignal.any === 'function') return AbortSignal.any([signal, timeout]);
  return signal;
}

function isErrorEnvelope(value: unknown): value is ErrorEnvelope {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { status?: unknown }).status === false &&
    typeof (value as { message?: unknown }).message === 'string'
  );
}

let signingOut = false;

/**
 * Runs the member's own sign-out: a 401 that comes back meanwhile, to a read sent before the
 * server revoked the token (the account menu's profiles, say), is the sign-out itself, not an
 * expired session, and must not reload the page over the sign-out's own message.
 */
export async function whileSigningOut<T>(signOut: () => Promise<T>): Promise<T> {
  signingOut = true;
  try {
    return await signOut();
  } finally {
    signingOut = false;
  }
}

/**
 * A 401 means the session is dead (signed out or password changed elsewhere): forget it and start
 * over from the landing page. Every call that gets a 401 for the session still stored ends here.
 */
export function endSession(): void {
  clearSession();
  window.location.assign('/');
}

/**
 * What a call to endpoint `E` takes, from its definition: the values of its `:name` path
 * parameters, its query, its body (sent as JSON; as multipart when it is FormData, for endpoints
 * that take a form) and the request headers it reads. Parts the endpoint does not take are refused.
 */
export type CallInput<E extends EndpointDefinition> = (E extends { params: object }
  ? { params: { [Name in keyof EndpointParams<E>]: string | number } }
  : { params?: never }) &
  (E extends { query: object }
    ? { query?: { [Name in keyof EndpointQuery<E>]?: QueryValue } }
    : { query?: never }) &
  (E extends { body: object }
    ? { body: EndpointBody<E> | (TakesForm<E> extends true ? FormData : never) }
    : { body?: never }) &
  (E extends { headers: object }
    ? { headers?: { [Name in keyof E['headers']]?: string | undefined } }
    : { headers?: never }) & { signal?: AbortSignal };

/** Calls an endpoint and returns its whole success envelope (for its `message`); throws {@link ApiError}. */
export async function requestEndpoint<R extends EndpointRoute>(
  endpoint: R,
  ...[input]: OptionsArgument<CallInput<DefinitionOf<R>>>
): Promise<Envelope<EndpointData<DefinitionOf<R>>>> {
  const options = (input ?? {}) as Omit<AnyRequest, 'method'>;
  return (await send(endpoint.path, { ...options, method: endpoint.method })) as Envelope<
    EndpointData<DefinitionOf<R>>
  >;
}

/** Calls an endpoint and returns what its success envelope carries in `data`. */
export async function callEndpoint<R extends EndpointRoute>(
  endpoint: R,
  ...input: OptionsArgument<CallInput<DefinitionOf<R>>>
): Promise<EndpointData<DefinitionOf<R>>> {
  return (await requestEndpoint(endpoint, ...input)).data;
}

async function send(pattern: string, options: AnyRequest): Promise<Envelope<unknown>> {
  const headers = new Headers({ Accept: 'application/json' });
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  for (const [name, value] of Object.entries(options.headers ?? {})) if (value) headers.set(name, value);

  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    const url = buildUrl(options.params ? pathWith(pattern, options.params) : pattern, options.query);
    // The page's first request may already be on its way, started by the HTML (decision 0051).
    const early = options.method === 'GET' ? takeEarlyResponse(url, token) : undefined;
    response = await (early ??
      fetch(url, {
        method: options.method,
        headers,
        body,
        signal: withTimeout(options.signal),
      }));
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError(0, '');
  }

  let payload: unknown = null;
  try {
    payload = await response.json();
  } catch {
    payload = null;
  }

  if (response.status === 401) {
    // Not when the member is signing out, nor for a session already gone or replaced.
    if (!signingOut && token === getToken()) endSession();
    throw new ApiError(401, isErrorEnvelope(payload) ? payload.message : '');
  }
  if (!response.ok || !payload || (payload as { status?: unknown }).status !== true) {
    if (isErrorEnvelope(payload)) throw new ApiError(response.status, payload.message, payload.errors);
    throw new ApiError(response.status, '');
  }
  return payload as Envelope<unknown>;
}

/** The server's message of a failed call, or the fallback when there is none (network, timeout). */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status > 0 && error.message) return error.message;
  return fallback;
}

/**
 * A list that shows as empty when it cannot be loaded (the spec's rule for rows and lists); the
 * failure is logged. A cancelled request still rejects, so the query is not cached as empty.
 */
export async function emptyOnFailure<T>(
  what: string,
  signal: AbortSignal,
  load: () => Promise<T[]>,
): Promise<T[]> {
  try {
    return await load();
  } catch (error) {
    if (signal.aborted) throw error;
    console.warn(`Could not load ${what}`, error);
    return [];
  }
}
