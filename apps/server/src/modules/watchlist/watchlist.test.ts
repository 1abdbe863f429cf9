import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/app';
import { catalogFixtures } from '../catalog/catalog.fixtures';

let server: TestServer;
let ids: Record<string, number>;
let alice: { id: number; authorization: string };
let bob: { id: number; authorization: string };

beforeAll(async () => {
  server = await startTestServer();
  const fx = catalogFixtures(server.app);
  ids = {
    first: await fx.title({ name: 'First' }),
    second: await fx.title({ name: 'Second', type: 'tvshow', duration_minutes: 45 }),
    third: await fx.title({ name: 'Third' }),
    fourth: await fx.title({ name: 'Fourth' }),
    hidden: await fx.title({ name: 'Hidden', is_published: 0 }),
  };
  alice = await fx.member('alice@example.com');
  bob = await fx.member('bob@example.com');
});
afterAll(() => server.close());

async function save(authorization: string | undefined, payload: unknown) {
  const res = await server.app.inject({
    method: 'POST',
    url: '/api/v1/user/save-watch-list',
    headers: authorization ? { authorization } : {},
    payload: payload as Record<string, unknown>,
  });
  return { status: res.statusCode, body: res.json() };
}

async function list(authorization: string | undefined, query: Record<string, string> = {}) {
  const res = await server.app.inject({
    method: 'GET',
    url: '/api/v1/user/watch-list',
    query,
    headers: authorization ? { authorization } : {},
  });
  return { status: res.statusCode, body: res.json() };
}

/** Each save gets its own millisecond, so "most recently added" is well defined. */
const tick = () => new Promise((resolve) => setTimeout(resolve, 3));

function multipart(fields: Record<string, string>) {
  const boundary = '----reeltime-test-boundary';
  const body =
    Object.entries(fields)
      .map(
        ([name, value]) =>
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      )
      .join('') + `--${boundary}--\r\n`;
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

describe('save-watch-list', () => {
  it('adds, then removes on the next call', async () => {
    const added = await save(alice.authorization, { entertainment_id: ids.first });
    expect(added).toEqual({
      status: 200,
      body: { status: true, message: 'Added to your watch list.', data: { is_watch_list: true } },
    });
    const removed = await save(alice.authorization, { entertainment_id: ids.first });
    expect(removed).toEqual({
      status: 200,
      body: { status: true, message: 'Removed from your watch list.', data: { is_watch_list: false } },
    });
    expect((await list(alice.authorization)).body.data).toEqual([]);
  });

  it('takes multipart form data and numeric text', async () => {
    const form = multipart({ entertainment_id: String(ids.fourth) });
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/v1/user/save-watch-list',
      headers: { authorization: bob.authorization, 'content-type': form.contentType },
      payload: form.body,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Added to your watch list.', data: { is_watch_list: true } });
    expect((await save(bob.authorization, { entertainment_id: String(ids.fourth) })).body.data).toEqual({
      is_watch_list: false,
    });
  });

  it('is a 404 for an unknown or unpublished title', async () => {
    for (const id of [999999, ids.hidden]) {
      expect(await save(alice.authorization, { entertainment_id: id })).toEqual({
        status: 404,
        body: { status: false, message: 'Title not found.' },
      });
    }
  });

  it.each([
    [{}],
    [{ entertainment_id: 'abc' }],
    [{ entertainment_id: 0 }],
    [{ entertainment_id: -1 }],
    [{ entertainment_id: 1.5 }],
  ])('refuses %j with a 422', async (payload) => {
    const { status, body } = await save(alice.authorization, payload);
    expect(status).toBe(422);
    expect(body.status).toBe(false);
    expect(body.errors.entertainment_id).toHaveLength(1);
  });

  it('refuses a body that is not JSON with a 400', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/v1/user/save-watch-list',
      headers: { authorization: alice.authorization, 'content-type': 'application/json' },
      payload: '{"entertainment_id":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().status).toBe(false);
  });
});

describe('watch-list', () => {
  it('lists the most recently added first, as cards on the list, paged', async () => {
    for (const id of [ids.second, ids.first, ids.third]) {
      expect((await save(alice.authorization, { entertainment_id: id })).status).toBe(200);
      await tick();
    }
    const { status, body } = await list(alice.authorization);
    expect(status).toBe(200);
    expect(body.status).toBe(true);
    expect(body.data.map((card: { name: string }) => card.name)).toEqual(['Third', 'First', 'Second']);
    expect(body.data[2]).toEqual({
      id: ids.second,
      name: 'Second',
      type: 'tvshow',
      poster_image: expect.any(String),
      thumbnail_image: expect.any(String),
      content_rating: 'PG',
      language: 'English',
      duration: '0:45',
      is_watch_list: true,
    });
    expect(
      (await list(alice.authorization, { per_page: '2' })).body.data.map(
        (card: { name: string }) => card.name,
      ),
    ).toEqual(['Third', 'First']);
    expect(
      (await list(alice.authorization, { per_page: '2', page: '2' })).body.data.map(
        (card: { name: string }) => card.name,
      ),
    ).toEqual(['Second']);
    expect((await list(alice.authorization, { per_page: '2', page: '3' })).body.data).toEqual([]);
  });

  it("keeps each member's list their own", async () => {
    expect((await list(bob.authorization)).body.data).toEqual([]);
    await save(bob.authorization, { entertainment_id: ids.third });
    expect((await list(bob.authorization)).body.data.map((card: { name: string }) => card.name)).toEqual([
      'Third',
    ]);
    expect((await list(alice.authorization)).body.data).toHaveLength(3);
  });

  it('hides a title once it is unpublished, and still lets the member remove it', async () => {
    const db = server.app.ctx.db;
    await db.updateTable('titles').set({ is_published: 0 }).where('id', '=', ids.first!).execute();
    expect((await list(alice.authorization)).body.data.map((card: { name: string }) => card.name)).toEqual([
      'Third',
      'Second',
    ]);
    expect((await save(alice.authorization, { entertainment_id: ids.first })).body.data).toEqual({
      is_watch_list: false,
    });
    await db.updateTable('titles').set({ is_published: 1 }).where('id', '=', ids.first!).execute();
    expect((await list(alice.authorization)).body.data.map((card: { name: string }) => card.name)).toEqual([
      'Third',
      'Second',
    ]);
  });

  it.each([
    ['page=0', 'page', 'page must be at least 1'],
    ['per_page=500', 'per_page', 'per_page must be at most 100'],
  ])('refuses %s with a 422', async (query, field, message) => {
    const res = await server.app.inject({
      method: 'GET',
      url: `/api/v1/user/watch-list?${query}`,
      headers: { authorization: alice.authorization },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ status: false, message, errors: { [field]: [message] } });
  });
});

describe('watch list access', () => {
  it.each([undefined, 'Bearer not-a-valid-token-at-all-but-long', 'Bearer short', 'Token abc'])(
    'is a 401 with authorization %s',
    async (authorization) => {
      expect(await save(authorization, { entertainment_id: ids.first })).toEqual({
        status: 401,
        body: { status: false, message: 'Unauthenticated.' },
      });
      expect(await list(authorization)).toEqual({
        status: 401,
        body: { status: false, message: 'Unauthenticated.' },
      });
    },
  );

  it('is a 401 once the token is revoked', async () => {
    const logout = await server.app.inject({
      method: 'GET',
      url: '/api/v1/logout',
      headers: { authorization: bob.authorization },
    });
    expect(logout.statusCode).toBe(200);
    expect((await list(bob.authorization)).status).toBe(401);
  });
});
