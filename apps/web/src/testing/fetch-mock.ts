import { vi } from 'vitest';
import {
  API_BASE,
  AuthEndpoints,
  BillingEndpoints,
  CastMailEndpoints,
  CatalogEndpoints,
  CatalogRowEndpoints,
  HouseholdEndpoints,
  PlaybackEndpoints,
  DEFAULT_SUBTITLE_STYLE,
  PlaybackPreferencesEndpoints,
  PlaybackQualityEndpoints,
  ProfileEndpoints,
  RecommendationEndpoints,
  SearchEndpoints,
  SiteSettingsEndpoints,
  SubmissionEndpoints,
  WatchlistEndpoints,
  type EndpointData,
  type EndpointDefinition,
  type EndpointRoute,
  type Envelope,
  type ErrorEnvelope,
} from '@reeltime/contract';

/** The definitions of a group's endpoints (the browser entry holds their routes). */
type EndpointOf<Group> = Group[keyof Group] extends infer Route
  ? Route extends EndpointRoute<infer E>
    ? E
    : never
  : never;

/** Every endpoint the member side of the web app calls. */
type MemberEndpoint =
  | EndpointOf<typeof AuthEndpoints>
  | EndpointOf<typeof BillingEndpoints>
  | EndpointOf<typeof CastMailEndpoints>
  | EndpointOf<typeof CatalogEndpoints>
  | EndpointOf<typeof CatalogRowEndpoints>
  | EndpointOf<typeof HouseholdEndpoints>
  | EndpointOf<typeof PlaybackEndpoints>
  | EndpointOf<typeof PlaybackPreferencesEndpoints>
  | EndpointOf<typeof PlaybackQualityEndpoints>
  | EndpointOf<typeof ProfileEndpoints>
  | EndpointOf<typeof RecommendationEndpoints>
  | EndpointOf<typeof SearchEndpoints>
  | EndpointOf<typeof SiteSettingsEndpoints>
  | EndpointOf<typeof SubmissionEndpoints>
  | EndpointOf<typeof WatchlistEndpoints>;

type RouteOf<E> = E extends EndpointDefinition ? `${E['method']} ${E['path']}` : never;

/** A mocked endpoint, as `METHOD /path` with the definition's path (`GET /user/movie-details/:id`). */
export type MockRoute = RouteOf<MemberEndpoint>;

/** What the mocked endpoint answers in `data`, as its definition types it. */
type MockData<K extends MockRoute> = EndpointData<
  Extract<
    MemberEndpoint,
    {
      method: K extends `${infer M} ${string}` ? M : never;
      path: K extends `${string} ${infer P}` ? P : never;
    }
  >
>;

export interface Reply<T> {
  status: number;
  body: Envelope<T> | ErrorEnvelope;
}

export function ok<T>(data: T, message?: string, status = 200): Reply<T> {
  return { status, body: message === undefined ? { status: true, data } : { status: true, message, data } };
}

export function fail(status: number, message: string, errors?: Record<string, string[]>): Reply<never> {
  return { status, body: errors ? { status: false, message, errors } : { status: false, message } };
}

export interface MockRequest {
  method: string;
  url: URL;
  headers: Headers;
  body: BodyInit | null | undefined;
  params: Record<string, string>;
  /** The JSON body, parsed. */
  json: () => unknown;
}

type Handler<K extends MockRoute> =
  Reply<MockData<K>> | ((request: MockRequest) => Reply<MockData<K>> | Promise<Reply<MockData<K>>>);
export type Handlers = { [K in MockRoute]?: Handler<K> };

function matcher(route: string): { method: string; pattern: RegExp; names: string[] } {
  const [method = 'GET', path = '/'] = route.split(' ');
  const names: string[] = [];
  const source = path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  return { method, pattern: new RegExp(`^${source}$`), names };
}

/**
 * Reads that pages make beside what a test is about, answered as for a member who never changed
 * them unless the test mocks them itself: every player of full videos reads the profile's
 * playback preferences.
 */
const AMBIENT_HANDLERS: Handlers = {
  'GET /user/playback-preferences': {
    status: 200,
    body: {
      status: true,
      data: { audio_language: null, subtitle_language: null, subtitle_style: DEFAULT_SUBTITLE_STYLE },
    },
  },
};

/** Calls no mocked route answered since the last check, as `METHOD /path`, across every mock. */
let unmatchedRequests: string[] = [];

/**
 * Throws when a call reached no mocked route since the last check (the setup runs it after every
 * test), so a misrouted call fails the test instead of showing as an empty list. Clears the record.
 */
export function assertEveryRequestMocked(): void {
  const unmatched = unmatchedRequests;
  unmatchedRequests = [];
  if (unmatched.length > 0) {
    throw new Error(
      `Request${unmatched.length > 1 ? 's' : ''} no mocked route answered: ${unmatched.join(', ')}`,
    );
  }
}

/**
 * Replaces `fetch` for one test. Unknown calls answer 501, are listed in `unhandled` and fail the
 * test (see {@link assertEveryRequestMocked}).
 * Returns the spy, the requests seen, and a way to add handlers later.
 */
export function mockApi(initial: Handlers = {}) {
  const handlers: Handlers = { ...AMBIENT_HANDLERS, ...initial };
  const requests: MockRequest[] = [];
  const unhandled: string[] = [];

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://localhost',
    );
    const method = (init.method ?? 'GET').toUpperCase();
    const path = url.pathname.startsWith(API_BASE) ? url.pathname.slice(API_BASE.length) : url.pathname;
    for (const [route, handler] of Object.entries(handlers)) {
      const { method: routeMethod, pattern, names } = matcher(route);
      const match = pattern.exec(path);
      if (routeMethod !== method || !match) continue;
      const params = Object.fromEntries(names.map((name, index) => [name, match[index + 1] ?? '']));
      const request: MockRequest = {
        method,
        url,
        headers: new Headers(init.headers),
        body: init.body,
        params,
        json: () => JSON.parse(String(init.body)),
      };
      requests.push(request);
      const reply = typeof handler === 'function' ? await handler(request) : handler;
      return new Response(JSON.stringify(reply?.body), {
        status: reply?.status ?? 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }
    unhandled.push(`${method} ${path}`);
    unmatchedRequests.push(`${method} ${path}`);
    return new Response(JSON.stringify({ status: false, message: 'Not mocked' }), { status: 501 });
  });

  vi.stubGlobal('fetch', fetchMock);

  return {
    fetch: fetchMock,
    requests,
    unhandled,
    /** Requests to one route, e.g. `calls('GET /user/search-list-dropdown')`. */
    calls: (route: MockRoute) => {
      const { method, pattern } = matcher(route);
      return requests.filter((request) => {
        const path = request.url.pathname.slice(API_BASE.length);
        return request.method === method && pattern.test(path);
      });
    },
    set: <K extends MockRoute>(route: K, handler: Handler<K>) => {
      (handlers as Record<string, unknown>)[route] = handler;
    },
  };
}
