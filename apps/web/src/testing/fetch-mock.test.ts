import { describe, expect, it } from 'vitest';
import { API_BASE, WatchlistEndpoints } from '@reeltime/contract';
import { callEndpoint } from '../lib/api-client';
import { assertEveryRequestMocked, mockApi, ok } from './fetch-mock';

describe('fetch mock', () => {
  it('fails the test on a call no mocked route answers, naming its method and path', async () => {
    mockApi({ 'GET /user/watch-list': ok([]) });

    await callEndpoint(WatchlistEndpoints.list);
    expect(() => assertEveryRequestMocked()).not.toThrow();

    const misrouted = await fetch(`${API_BASE}/user/watch-lists`);
    expect(misrouted.status).toBe(501);
    expect(() => assertEveryRequestMocked()).toThrow(
      'Request no mocked route answered: GET /user/watch-lists',
    );
    // The check clears what it reported, so this test itself ends clean.
    expect(() => assertEveryRequestMocked()).not.toThrow();
  });

  it("mocks only the endpoints' routes, answering with their definitions' types (checked by tsc)", () => {
    // Never called: each line below must fail to compile, or `tsc -p apps/web` reports the
    // unused @ts-expect-error.
    const misuses = () => [
      // @ts-expect-error a route the API does not serve
      mockApi({ 'GET /user/watch-lists': ok([]) }),
      // @ts-expect-error sign-in is a POST
      mockApi({ 'GET /login': ok(null) }),
      // @ts-expect-error the watch list answers cards, not a toggle
      mockApi({ 'GET /user/watch-list': ok({ is_watch_list: true }) }),
    ];
    expect(misuses).toBeTypeOf('function');
  });
});
