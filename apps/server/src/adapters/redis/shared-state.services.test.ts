import { ServerMessages } from '@reeltime/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogFixtures } from '../../modules/catalog/catalog.fixtures';
import { signUp, signUpAdmin } from '../../testing/http';
import { eventually, startCluster, type Cluster } from '../../testing/scaled-out';

/** Three API processes on one PostgreSQL database and one Redis, as a scaled-out site runs. */
let cluster: Cluster;
const app = (i: number) => cluster.servers[i]!.app;

beforeAll(async () => {
  // A long catalog lifetime, so a change seen elsewhere proves the invalidation reached it.
  cluster = await startCluster(3, {
    CATALOG_CACHE_SECONDS: '600',
    RATE_LIMIT_AUTH_MAX: '10',
    RATE_LIMIT_AUTH_WINDOW_SECONDS: '60',
  });
});
afterAll(() => cluster?.close());

const watchList = (i: number, auth: Record<string, string>) =>
  app(i).inject({ method: 'GET', url: '/api/v1/user/watch-list', headers: auth });
const genres = async (i: number) =>
  ((await app(i).inject('/api/v1/user/get-gener')).json().data as { name: string }[]).map((g) => g.name);

describe('several API processes sharing Redis', () => {
  it('reports Redis in /readyz', async () => {
    const ready = await app(1).inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json().data).toEqual({ status: 'ready', database: 'postgres', redis: 'up' });
  });

  it('takes a token from a login on one process, and refuses it everywhere on the next request after logout', async () => {
    const member = await signUp(app(0));
    expect((await watchList(1, member.auth)).statusCode).toBe(200);
    expect((await watchList(2, member.auth)).statusCode).toBe(200);
    // Used again at once, so each process has just verified (and cached) it.
    expect((await watchList(1, member.auth)).statusCode).toBe(200);

    const out = await app(0).inject({ method: 'GET', url: '/api/v1/logout', headers: member.auth });
    expect(out.statusCode).toBe(200);
    expect((await watchList(1, member.auth)).statusCode).toBe(401);
    expect((await watchList(2, member.auth)).statusCode).toBe(401);
  });

  it('stops every token of a member who changes password on another process at once', async () => {
    const member = await signUp(app(0));
    const other = await app(1).inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { email: member.email, password: member.password },
    });
    const otherAuth = { authorization: `Bearer ${other.json().data.api_token as string}` };
    expect((await watchList(2, otherAuth)).statusCode).toBe(200);
    const changed = await app(0).inject({
      method: 'POST',
      url: '/api/v1/user/change-password',
      headers: member.auth,
      payload: {
        old_password: member.password,
        new_password: 'another123',
        new_password_confirmation: 'another123',
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await watchList(2, otherAuth)).statusCode).toBe(401);
  });

  it('shows a catalog edit made on one process on the others within a second', async () => {
    const admin = await signUpAdmin(app(0));
    // Cached on every process first (in Redis and in each first level).
    for (const i of [0, 1, 2]) expect(await genres(i)).not.toContain('Noir');
    for (const i of [1, 2]) expect(await genres(i)).not.toContain('Noir');

    const created = await app(0).inject({
      method: 'POST',
      url: '/api/v1/admin/genres',
      headers: admin.auth,
      payload: { name: 'Noir' },
    });
    expect(created.statusCode).toBe(201);
    const seenAfter = await Promise.all(
      [1, 2].map((i) => eventually(async () => (await genres(i)).includes('Noir'))),
    );
    console.log(
      `catalog edit on process 1 seen on processes 2 and 3 after ${seenAfter.map(Math.round).join(' and ')} ms`,
    );
  });

  it('shares one watch list between processes: a change on one is read on another at once', async () => {
    const member = await signUp(app(0));
    const title = await catalogFixtures(app(0)).title({ name: 'Shared Night' });
    // Read (and cached) on process 2 before the change on process 1.
    expect((await watchList(1, member.auth)).json().data).toEqual([]);
    expect((await watchList(1, member.auth)).json().data).toEqual([]);
    const saved = await app(0).inject({
      method: 'POST',
      url: '/api/v1/user/save-watch-list',
      headers: member.auth,
      payload: { entertainment_id: title },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await watchList(1, member.auth)).json().data).toHaveLength(1);
  });

  it("forgets a profile's cached personal rows on every process when it plays a title on one", async () => {
    const member = await signUp(app(0));
    const title = await catalogFixtures(app(0)).title({
      name: 'Everywhere Tonight',
      created_at: Date.now() + 60_000,
    });
    const shown = async (i: number) => {
      const res = await app(i).inject({
        method: 'GET',
        url: '/api/v1/user/recommendations',
        headers: member.auth,
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data as { items: { id: number }[] }[]).flatMap((row) =>
        row.items.map((card) => card.id),
      );
    };
    // Cached in Redis and in each process's first level.
    for (const i of [1, 2, 1, 2]) expect(await shown(i)).toContain(title);

    const played = await app(0).inject({
      method: 'POST',
      url: '/api/v1/user/playback-progress',
      headers: member.auth,
      payload: { entertainment_id: title, position_seconds: 120, duration_seconds: 6000 },
    });
    expect(played.statusCode, played.body).toBe(200);
    for (const i of [1, 2]) expect(await shown(i)).not.toContain(title);
  });

  it('counts login attempts spread over three processes against one limit', async () => {
    const attempt = (i: number) =>
      app(i).inject({
        method: 'POST',
        url: '/api/v1/login',
        payload: { email: 'nobody@example.com', password: 'wrong-password' },
        remoteAddress: '203.0.113.7',
      });
    const statuses: number[] = [];
    for (let n = 0; n < 10; n++) statuses.push((await attempt(n % 3)).statusCode);
    expect(statuses.filter((status) => status === 429)).toEqual([]);
    for (const i of [0, 1, 2]) {
      const limited = await attempt(i);
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({ status: false, message: ServerMessages.rateLimited });
    }
    // Another address still gets in.
    const other = await app(0).inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { email: 'nobody@example.com', password: 'wrong-password' },
      remoteAddress: '203.0.113.8',
    });
    expect(other.statusCode).not.toBe(429);
  });
});
