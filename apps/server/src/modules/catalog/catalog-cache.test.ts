import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/app';
import { catalogFixtures } from './catalog.fixtures';

/** With the cache on, shared lists are loaded once and each member's state is laid over per request. */
let server: TestServer;
let fx: ReturnType<typeof catalogFixtures>;
let ids: number[];
let alice: { id: number; authorization: string };
let bob: { id: number; authorization: string };

beforeAll(async () => {
  server = await startTestServer({ CATALOG_CACHE_SECONDS: '60' });
  fx = catalogFixtures(server.app);
  ids = [
    await fx.title({ name: 'One', like_count: 3 }),
    await fx.title({ name: 'Two', like_count: 2 }),
    await fx.title({ name: 'Three', like_count: 1 }),
  ];
  alice = await fx.member('alice@example.com');
  bob = await fx.member('bob@example.com');
});
afterAll(() => server.close());

async function row(authorization?: string) {
  const res = await server.app.inject({
    method: 'GET',
    url: '/api/v1/user/most-like-movie',
    headers: authorization ? { authorization } : {},
  });
  expect(res.statusCode).toBe(200);
  return res.json().data as { id: number; name: string; is_watch_list: boolean }[];
}

async function toggle(authorization: string, id: number) {
  const res = await server.app.inject({
    method: 'POST',
    url: '/api/v1/user/save-watch-list',
    headers: { authorization },
    payload: { entertainment_id: id },
  });
  expect(res.statusCode).toBe(200);
}

describe('cached rows', () => {
  it("never carry one member's watch list to another", async () => {
    expect((await row()).map((card) => card.name)).toEqual(['One', 'Two', 'Three']);
    // Served from the cache from here on: a new title stays out until the entry expires.
    await fx.title({ name: 'Zero', like_count: 10 });
    expect((await row()).map((card) => card.name)).toEqual(['One', 'Two', 'Three']);

    await toggle(alice.authorization, ids[1]!);
    await toggle(bob.authorization, ids[2]!);

    expect((await row(alice.authorization)).map((card) => card.is_watch_list)).toEqual([false, true, false]);
    expect((await row(bob.authorization)).map((card) => card.is_watch_list)).toEqual([false, false, true]);
    expect((await row()).map((card) => card.is_watch_list)).toEqual([false, false, false]);
    expect((await row(alice.authorization)).map((card) => card.is_watch_list)).toEqual([false, true, false]);

    await toggle(alice.authorization, ids[1]!);
    expect((await row(alice.authorization)).map((card) => card.is_watch_list)).toEqual([false, false, false]);
    expect((await row(bob.authorization)).map((card) => card.is_watch_list)).toEqual([false, false, true]);
  });

  it('caches details without member state', async () => {
    await toggle(alice.authorization, ids[0]!);
    const visitor = await server.app.inject({ method: 'GET', url: `/api/v1/user/movie-details/${ids[0]}` });
    const mine = await server.app.inject({
      method: 'GET',
      url: `/api/v1/user/movie-details/${ids[0]}`,
      headers: { authorization: alice.authorization },
    });
    const bobs = await server.app.inject({
      method: 'GET',
      url: `/api/v1/user/movie-details/${ids[0]}`,
      headers: { authorization: bob.authorization },
    });
    expect(mine.json().data.is_watch_list).toBe(true);
    expect(bobs.json().data.is_watch_list).toBe(false);
    expect(visitor.json().data.is_watch_list).toBe(false);
    const again = await server.app.inject({ method: 'GET', url: `/api/v1/user/movie-details/${ids[0]}` });
    expect(again.json().data.is_watch_list).toBe(false);
    expect(again.json().data).not.toHaveProperty('progress');
  });

  it("serves visitors the same bytes with the usual headers, and never a member's view", async () => {
    await toggle(alice.authorization, ids[2]!);
    const url = `/api/v1/user/movie-details/${ids[2]}`;
    const mine = await server.app.inject({
      method: 'GET',
      url,
      headers: { authorization: alice.authorization },
    });
    expect(mine.json().data.is_watch_list).toBe(true);

    const first = await server.app.inject({ method: 'GET', url });
    const second = await server.app.inject({ method: 'GET', url });
    expect(second.body).toBe(first.body);
    for (const res of [first, second]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.json().data).toMatchObject({ id: ids[2], is_watch_list: false, video_links: [] });
    }
    const again = await server.app.inject({
      method: 'GET',
      url,
      headers: { authorization: alice.authorization },
    });
    expect(again.json().data.is_watch_list).toBe(true);
  });
});

describe('continue watching', () => {
  it('follows a change of the watch list at once', async () => {
    const carol = await fx.member('carol@example.com');
    const headers = { authorization: carol.authorization };
    const saved = await server.app.inject({
      method: 'POST',
      url: '/api/v1/user/playback-progress',
      headers,
      payload: { entertainment_id: ids[0], position_seconds: 60, duration_seconds: 6000 },
    });
    expect(saved.statusCode).toBe(200);
    const onList = async () => {
      const res = await server.app.inject({ method: 'GET', url: '/api/v1/user/continue-watching', headers });
      return (res.json().data as { id: number; is_watch_list: boolean }[]).map((item) => [
        item.id,
        item.is_watch_list,
      ]);
    };

    expect(await onList()).toEqual([[ids[0], false]]);
    await toggle(carol.authorization, ids[0]!);
    expect(await onList()).toEqual([[ids[0], true]]);
    await toggle(carol.authorization, ids[0]!);
    expect(await onList()).toEqual([[ids[0], false]]);
  });
});
