import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  AuthEndpoints,
  CatalogEndpoints,
  HouseholdEndpoints,
  PlaybackEndpoints,
  ServerMessages,
  WatchlistEndpoints,
} from '@reeltime/contract';
import { fail, mockApi, ok } from '../testing/fetch-mock';
import { writeHandoff } from '../first-load/handoff';
import { banner, movieCards, movieDetail, user } from '../testing/fixtures';
import {
  ApiError,
  buildUrl,
  callEndpoint,
  errorMessage,
  requestEndpoint,
  REQUEST_TIMEOUT_MS,
  whileSigningOut,
} from './api-client';
import { clearSession, getToken, getUser, setSession } from './session';

describe('api client', () => {
  let assign: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign } as Location);
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('sends Accept, the bearer token and a timeout under the API base path', async () => {
    setSession('tok-123', user());
    const timeout = vi.spyOn(AbortSignal, 'timeout');
    const api = mockApi({ 'GET /user/watch-list': ok(movieCards(2)) });

    const data = await callEndpoint(WatchlistEndpoints.list, { query: { page: 2, per_page: 24 } });

    expect(data).toHaveLength(2);
    const [request] = api.requests;
    expect(request?.url.pathname).toBe('/api/v1/user/watch-list');
    expect(request?.url.search).toBe('?page=2&per_page=24');
    expect(request?.headers.get('Accept')).toBe('application/json');
    expect(request?.headers.get('Authorization')).toBe('Bearer tok-123');
    expect(timeout).toHaveBeenCalledWith(REQUEST_TIMEOUT_MS);
  });

  it("takes the answer the page's HTML already asked for instead of asking again, once", async () => {
    setSession('tok-123', user());
    const api = mockApi({ 'GET /user/banners': ok([]) });
    const early = Promise.resolve(
      new Response(JSON.stringify({ status: true, message: '', data: [banner()] }), { status: 200 }),
    );
    writeHandoff(window, {
      requests: [{ url: '/api/v1/user/banners', token: 'tok-123', startedAt: Date.now(), response: early }],
      bannerSeed: 0,
      ready: Promise.resolve(),
    });
    try {
      expect(await callEndpoint(CatalogEndpoints.banners)).toHaveLength(1);
      expect(api.requests).toHaveLength(0);
      // The next call asks the server.
      expect(await callEndpoint(CatalogEndpoints.banners)).toHaveLength(0);
      expect(api.requests).toHaveLength(1);
    } finally {
      delete (window as unknown as Record<string, unknown>).__reeltimeFirstLoad;
    }
  });

  it('leaves empty query values out of the URL and fills path parameters', async () => {
    expect(buildUrl('/user/get-search', { search: '', page: 2, per_page: null })).toBe(
      '/api/v1/user/get-search?page=2',
    );
    const api = mockApi({ 'GET /user/movie-details/:id': ok(movieDetail({ id: 42 })) });

    const details = await callEndpoint(CatalogEndpoints.movieDetails, { params: { id: 42 } });

    expect(details.id).toBe(42);
    expect(api.requests[0]?.url.pathname).toBe('/api/v1/user/movie-details/42');
  });

  it('sends no Authorization header for a visitor and JSON bodies as JSON', async () => {
    const api = mockApi({ 'POST /forgot-password': ok(null, ServerMessages.forgotPasswordSent) });

    const envelope = await requestEndpoint(AuthEndpoints.forgotPassword, { body: { email: 'a@b.co' } });

    expect(envelope.message).toBe(ServerMessages.forgotPasswordSent);
    const [request] = api.requests;
    expect(request?.headers.has('Authorization')).toBe(false);
    expect(request?.headers.get('Content-Type')).toBe('application/json');
    expect(request?.json()).toEqual({ email: 'a@b.co' });
  });

  it('turns an error envelope into an ApiError with status, message and field errors', async () => {
    mockApi({
      'POST /login': fail(422, ServerMessages.loginWrong, {
        email: ['These credentials do not match our records.'],
      }),
    });

    const error = await callEndpoint(AuthEndpoints.login, {
      body: { email: 'a@b.co', password: 'secret1' },
    }).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, message: ServerMessages.loginWrong });
    expect((error as ApiError).errors?.email).toEqual(['These credentials do not match our records.']);
    expect(errorMessage(error, 'Login failed!')).toBe(ServerMessages.loginWrong);
    expect(assign).not.toHaveBeenCalled();
  });

  it('does not end the session on a 401 to a read sent before the member signed out', async () => {
    setSession('tok-123', user());
    let answer: (reply: ReturnType<typeof fail>) => void = () => {};
    mockApi({
      'GET /user/profiles': () => new Promise((resolve) => (answer = resolve)),
      'GET /logout': ok(null),
    });
    // A read on its way, then the sign-out, which revokes the token before the read's answer.
    const read = callEndpoint(HouseholdEndpoints.list).catch((error: unknown) => error);
    await whileSigningOut(async () => {
      await requestEndpoint(AuthEndpoints.logout);
      answer(fail(401, ServerMessages.unauthenticated));
      expect(await read).toBeInstanceOf(ApiError);
    });
    expect(assign).not.toHaveBeenCalled();
    expect(getToken()).toBe('tok-123');

    // Once the session is gone, a late 401 to the old token changes nothing either.
    const late = callEndpoint(HouseholdEndpoints.list).catch((error: unknown) => error);
    clearSession();
    answer(fail(401, ServerMessages.unauthenticated));
    expect(await late).toBeInstanceOf(ApiError);
    expect(assign).not.toHaveBeenCalled();
  });

  it('on any 401 clears token and user and does a full redirect to /', async () => {
    setSession('expired', user());
    mockApi({ 'GET /user/watch-list': fail(401, ServerMessages.unauthenticated) });

    await expect(callEndpoint(WatchlistEndpoints.list)).rejects.toMatchObject({ status: 401 });

    expect(getToken()).toBeNull();
    expect(getUser()).toBeNull();
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(window.localStorage.getItem('user')).toBeNull();
    expect(assign).toHaveBeenCalledWith('/');
  });

  it('uses the fallback message when no answer arrived', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));

    const error = await callEndpoint(CatalogEndpoints.banners).catch((caught: unknown) => caught);

    expect(error).toMatchObject({ status: 0 });
    expect(errorMessage(error, 'Action failed!')).toBe('Action failed!');
  });

  it('takes only the bodies and parameters the endpoint definitions list (checked by tsc)', () => {
    // Never called: each line below must fail to compile, or `tsc -p apps/web` reports the
    // unused @ts-expect-error.
    const misuses = () => [
      // @ts-expect-error sign-in takes an email, not a mail
      callEndpoint(AuthEndpoints.login, { body: { mail: 'a@b.co', password: 'secret1' } }),
      // @ts-expect-error sign-out takes no body
      callEndpoint(AuthEndpoints.logout, { body: { email: 'a@b.co' } }),
      // @ts-expect-error title details need the title's id
      callEndpoint(CatalogEndpoints.movieDetails),
      // @ts-expect-error the watch list has no search query
      callEndpoint(WatchlistEndpoints.list, { query: { search: 'x' } }),
      // @ts-expect-error a like is JSON only, never a form
      callEndpoint(PlaybackEndpoints.like, { body: new FormData() }),
    ];
    expect(misuses).toBeTypeOf('function');
  });
});
