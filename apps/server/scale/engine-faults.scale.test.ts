/**
 * The engines under the site restarted under load: Redis killed and started again (empty), and
 * PostgreSQL stopped like a crash and started again. Both are servers of this suite's own; the
 * site's processes must ride through each without being restarted.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminGenresEndpoints,
  AdminTitlesEndpoints,
  AuthEndpoints,
  CatalogEndpoints,
  CatalogRowEndpoints,
  pathWith,
  WatchlistEndpoints,
} from '@reeltime/contract';
import { call, signIn, signUp, signUpAdmin, type Member } from './harness/client';
import { runLoad, statusSummary } from './harness/load';
import { startOwnPostgres, type OwnPostgres } from './harness/own-postgres';
import { startOwnRedis, type OwnRedis } from './harness/own-redis';
import { profile } from './harness/profile';
import { figure, ms, percentile } from './harness/report';
import { startScaleSite, type ScaleSite } from './harness/site';

const SUITE = 'engine-faults';
const cleanups: Array<() => Promise<void>> = [];

/**
 * One site for both faults, on a Redis and a PostgreSQL of this suite's own: two API workers
 * sharing the cluster's port and a BullMQ worker. The Redis fault runs first; the site is whole
 * again before the PostgreSQL fault begins.
 */
let redis: OwnRedis;
let postgres: OwnPostgres;
let site: ScaleSite;
let admin: Member;
let titleIds: number[];

beforeAll(async () => {
  [redis, postgres] = await Promise.all([startOwnRedis(), startOwnPostgres()]);
  cleanups.push(
    () => redis.close(),
    () => postgres.close(),
  );
  site = await startScaleSite({
    api: 2,
    workers: 1,
    postgresUrl: postgres.url,
    env: { REDIS_URL: redis.url },
  });
  // Its database is dropped on close: both servers must be running again by then.
  cleanups.push(async () => {
    await redis.start().catch(() => undefined);
    await postgres.start().catch(() => undefined);
    await site.close();
  });
  admin = await signUpAdmin(site.url, site.sql);
  titleIds = await seedCatalog(site, admin, 6);
});
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

/** Polls `check` until it holds; returns the milliseconds it took. Generous: the machine is loaded. */
async function waitFor(what: string, check: () => Promise<boolean>, deadlineMs = 60_000): Promise<number> {
  const started = performance.now();
  for (;;) {
    if (await check().catch(() => false)) return performance.now() - started;
    if (performance.now() - started > deadlineMs) throw new Error(`${what}: not within ${deadlineMs} ms`);
    await sleep(50);
  }
}

async function readyz(base: string): Promise<{ status: number; state?: string; redis?: string }> {
  try {
    const res = await fetch(`${base}/readyz`, { signal: AbortSignal.timeout(5_000) });
    const body = (await res.json().catch(() => undefined)) as
      { data?: { status?: string; redis?: string } } | undefined;
    return { status: res.status, state: body?.data?.status, redis: body?.data?.redis };
  } catch {
    return { status: 0 };
  }
}

const pids = (site: ScaleSite) => [...site.cluster.apis, ...site.cluster.workers].map((one) => one.pid);

/** A small published catalog made through the console API: ids of its titles. */
async function seedCatalog(site: ScaleSite, admin: Member, titles: number): Promise<number[]> {
  const genre = await call(site.url, 'POST', AdminGenresEndpoints.create.path, {
    token: admin.token,
    body: { name: 'Drama' },
  });
  expect(genre.status, genre.text).toBe(201);
  const ids: number[] = [];
  for (let n = 1; n <= titles; n++) {
    const created = await call(site.url, 'POST', AdminTitlesEndpoints.create.path, {
      token: admin.token,
      body: {
        type: 'movie',
        name: `Engine fault ${n}`,
        genre_ids: [genre.body.data.id],
        is_free: true,
        is_published: true,
      },
    });
    expect(created.status, created.text).toBe(201);
    ids.push(created.body.data.id);
  }
  return ids;
}

/** Acknowledged writes: genres whose creation was answered 201, by name. */
class Acknowledged {
  readonly names: string[] = [];
  async createGenre(base: string, admin: Member, name: string): Promise<number> {
    const res = await call(base, 'POST', AdminGenresEndpoints.create.path, {
      token: admin.token,
      body: { name },
    });
    if (res.status === 201) this.names.push(name);
    return res.status;
  }
  async missing(site: ScaleSite): Promise<string[]> {
    const rows = await site.sql<{ name: string }>('select name from genres where name = any($1)', [
      this.names,
    ]);
    const present = new Set(rows.map((row) => row.name));
    return this.names.filter((name) => !present.has(name));
  }
}

/** Each request of a load, with when it ended and its answer, to look at one window afterwards. */
interface Answer {
  startedAt: number;
  endedAt: number;
  ms: number;
  status: number;
  path: string;
  text: string;
}

function recorder() {
  const answers: Answer[] = [];
  const send = async (path: string, request: () => Promise<{ status: number; text: string }>) => {
    const at = performance.now();
    let status = 0;
    let text = '';
    try {
      ({ status, text } = await request());
    } catch (error) {
      text = String(error);
    }
    answers.push({
      startedAt: at,
      endedAt: performance.now(),
      ms: performance.now() - at,
      status,
      path,
      text,
    });
    return status;
  };
  /** Requests that were in flight at some moment between `from` and `to`. */
  const within = (from: number, to: number) => answers.filter((a) => a.endedAt >= from && a.startedAt <= to);
  /** Requests sent from `from` on. */
  const sentFrom = (from: number) => answers.filter((a) => a.startedAt >= from);
  return { answers, send, within, sentFrom };
}

/** What an error body must never show: a stack frame, SQL, a driver's message, a file path. */
const LEAK =
  /\bat .+:\d+:\d+|\.ts\b|\.js\b|node_modules|\b(select|insert|update|delete)\b .*\b(from|into|set)\b|ECONNREFUSED|ECONNRESET|terminating connection|postgres|kysely|\/tmp\/|\/work\//i;

describe('Redis restarted under load', () => {
  it('keeps answering reads and checking tokens, reports degraded, and recovers without restarts', async () => {
    // A few members shared by the clients; signed up two at a time (password hashing is slow here).
    const members: Member[] = [];
    while (members.length < Math.min(profile.clients, 8)) {
      members.push(...(await Promise.all([signUp(site.url), signUp(site.url)])));
    }
    for (const [n, member] of members.entries()) {
      const saved = await call(site.url, 'POST', WatchlistEndpoints.toggle.path, {
        token: member.token,
        body: { entertainment_id: titleIds[n % titleIds.length] },
      });
      expect(saved.status, saved.text).toBe(200);
    }
    // Signed in on one process and used on both, so its logout during the outage must reach both.
    const leaving = await signUp(site.apiUrl(0), 'leaving');
    for (const index of [0, 1]) {
      const before = await call(site.apiUrl(index), 'GET', WatchlistEndpoints.list.path, {
        token: leaving.token,
      });
      expect(before.status).toBe(200);
    }
    for (const index of [0, 1]) expect((await readyz(site.apiUrl(index))).state).toBe('ready');
    const pidsBefore = pids(site);

    const acknowledged = new Acknowledged();
    const { send, within, sentFrom } = recorder();
    const rows = Object.values(CatalogRowEndpoints).map((row) => row.path);
    // At least profile.loadSeconds, and on until a while after every process is ready again.
    const loadStarted = performance.now();
    const stopLoad = new AbortController();
    cleanups.push(async () => stopLoad.abort());
    const load = runLoad({
      clients: profile.clients,
      seconds: 600,
      signal: stopLoad.signal,
      send: (client, iteration) => {
        const member = members[client % members.length]!;
        const title = titleIds[(client + iteration) % titleIds.length]!;
        switch (iteration % 5) {
          case 0:
            return send('row', () => call(site.url, 'GET', rows[iteration % rows.length]!));
          case 1:
            return send('details', () =>
              call(site.url, 'GET', pathWith(CatalogEndpoints.movieDetails.path, { id: title })),
            );
          case 2:
            return send('watch list', () =>
              call(site.url, 'GET', WatchlistEndpoints.list.path, { token: member.token }),
            );
          case 3:
            return send('member details', () =>
              call(site.url, 'GET', pathWith(CatalogEndpoints.movieDetails.path, { id: title }), {
                token: member.token,
              }),
            );
          default:
            // A catalog write now and then: it invalidates every process's cache, Redis up or not.
            return iteration % 15 === 4
              ? send('genre created', async () => ({
                  status: await acknowledged.createGenre(site.url, admin, `Genre ${client}-${iteration}`),
                  text: '',
                }))
              : send('genres', () => call(site.url, 'GET', CatalogEndpoints.genres.path));
        }
      },
    });

    // Part-way through the load: Redis killed, started again (empty) about 2 s later.
    await sleep(profile.loadSeconds * 300);
    const killedAt = performance.now();
    await redis.kill();
    const degradedMs = await Promise.all(
      [0, 1].map((index) =>
        waitFor(`process ${index} reports degraded`, async () => {
          const ready = await readyz(site.apiUrl(index));
          return ready.status === 200 && ready.state === 'degraded' && ready.redis === 'down';
        }),
      ),
    );
    const logout = await call(site.apiUrl(0), 'GET', AuthEndpoints.logout.path, { token: leaving.token });
    expect(logout.status, logout.text).toBe(200);
    const afterLogout = await Promise.all(
      [0, 1].map((index) =>
        call(site.apiUrl(index), 'GET', WatchlistEndpoints.list.path, { token: leaving.token }),
      ),
    );
    expect(afterLogout.map((res) => res.status)).toEqual([401, 401]);
    const signedInAgain = await signIn(site.url, leaving.email, leaving.password);
    await sleep(Math.max(0, 2_000 - (performance.now() - killedAt)));

    await redis.start();
    const redisBackAt = performance.now();
    const recoveredMs = Math.max(
      ...(await Promise.all(
        [0, 1].map((index) =>
          waitFor(`process ${index} reports ready again`, async () => {
            const ready = await readyz(site.apiUrl(index));
            return ready.status === 200 && ready.state === 'ready' && ready.redis === 'up';
          }),
        ),
      )),
    );
    const recoveredAt = performance.now();
    await sleep(Math.max(2_000, profile.loadSeconds * 1000 - (recoveredAt - loadStarted)));
    stopLoad.abort();
    const result = await load;
    const loadSeconds = (performance.now() - loadStarted) / 1000;

    // Tokens work again with Redis back: the new one does, the logged-out one still does not.
    for (const index of [0, 1]) {
      const fresh = await call(site.apiUrl(index), 'GET', WatchlistEndpoints.list.path, {
        token: signedInAgain.token,
      });
      expect(fresh.status).toBe(200);
      const old = await call(site.apiUrl(index), 'GET', WatchlistEndpoints.list.path, {
        token: leaving.token,
      });
      expect(old.status).toBe(401);
    }
    const outage = within(killedAt, recoveredAt);
    const outageSorted = outage.map((a) => a.ms).sort((a, b) => a - b);
    const missing = await acknowledged.missing(site);
    const pidsAfter = pids(site);

    figure(
      SUITE,
      'redis restart: profile',
      `${profile.name}, ${profile.clients} clients, ${loadSeconds.toFixed(1)} s of load`,
    );
    figure(SUITE, 'redis restart: requests', result.requests);
    figure(SUITE, 'redis restart: statuses', statusSummary(result.statuses));
    figure(SUITE, 'redis restart: errors seen by clients', result.errors);
    figure(SUITE, 'redis restart: p50 / p99 overall', `${ms(result.p50Ms)} / ${ms(result.p99Ms)}`);
    figure(SUITE, 'redis restart: requests while Redis was away or not yet back', outage.length);
    figure(SUITE, 'redis restart: requests sent after recovery', sentFrom(recoveredAt).length);
    figure(SUITE, 'redis restart: p99 during the outage', ms(percentile(outageSorted, 99)));
    figure(SUITE, 'redis restart: /readyz degraded after the kill', degradedMs.map(ms).join(', '));
    figure(SUITE, 'redis restart: Redis down for', ms(redisBackAt - killedAt));
    figure(SUITE, 'redis restart: time to recover (Redis answering → every /readyz ready)', ms(recoveredMs));
    figure(SUITE, 'redis restart: time from kill to ready', ms(recoveredAt - killedAt));
    figure(SUITE, 'redis restart: acknowledged catalog writes', acknowledged.names.length);
    figure(SUITE, 'redis restart: acknowledged writes lost', missing.length);
    figure(
      SUITE,
      'redis restart: process restarts',
      pidsAfter.filter((pid, n) => pid !== pidsBefore[n]).length,
    );
    expect(result.errors, statusSummary(result.statuses)).toBe(0);
    // Every request was answered as if nothing happened: no refused token, no failed write.
    expect(
      [...result.statuses.keys()].every((status) => status === 200 || status === 201),
      statusSummary(result.statuses),
    ).toBe(true);
    expect(outage.length).toBeGreaterThan(0);
    expect(sentFrom(recoveredAt).length).toBeGreaterThan(0);
    expect(acknowledged.names.length).toBeGreaterThan(0);
    expect(missing).toEqual([]);
    expect(pidsAfter).toEqual(pidsBefore);
  });
});

describe('PostgreSQL restarted', () => {
  it('reports not ready, fails database requests with a clean 5xx, and recovers without restarts', async () => {
    const member = await signUp(site.url);
    const acknowledged = new Acknowledged();
    for (let n = 0; n < 5; n++)
      expect(await acknowledged.createGenre(site.url, admin, `Before ${n}`)).toBe(201);
    const pidsBefore = pids(site);

    // Light load on the shared port for the whole outage, until stopped.
    const { send, within, sentFrom } = recorder();
    const stopLoad = new AbortController();
    cleanups.push(async () => stopLoad.abort());
    const load = runLoad({
      clients: 2,
      seconds: 600,
      signal: stopLoad.signal,
      send: (client, iteration) => {
        const title = titleIds[iteration % 3]!;
        if (client === 0) {
          return send('member details', () =>
            call(site.url, 'GET', pathWith(CatalogEndpoints.movieDetails.path, { id: title }), {
              token: member.token,
            }),
          );
        }
        return iteration % 4 === 0
          ? send('genre created', async () => {
              const res = await call(site.url, 'POST', AdminGenresEndpoints.create.path, {
                token: admin.token,
                body: { name: `During ${iteration}` },
              });
              if (res.status === 201) acknowledged.names.push(`During ${iteration}`);
              return res;
            })
          : send('login', () =>
              call(site.url, 'POST', AuthEndpoints.login.path, {
                body: { email: member.email, password: member.password },
              }),
            );
      },
    });
    await sleep(1_000);

    const stoppedAt = performance.now();
    await postgres.stopImmediately();
    const notReadyMs = await Promise.all(
      [0, 1].map((index) =>
        waitFor(
          `process ${index} reports not ready`,
          async () => (await readyz(site.apiUrl(index))).status === 503,
        ),
      ),
    );
    // Requests that need the database, on each process directly: a clean error.
    const failed: Array<{ status: number; text: string }> = [];
    for (const index of [0, 1]) {
      const base = site.apiUrl(index);
      failed.push(
        await call(base, 'POST', AuthEndpoints.login.path, {
          body: { email: member.email, password: member.password },
        }),
        await call(base, 'GET', pathWith(CatalogEndpoints.movieDetails.path, { id: titleIds[0]! }), {
          token: member.token,
        }),
        await call(base, 'POST', AdminGenresEndpoints.create.path, {
          token: admin.token,
          body: { name: 'Refused' },
        }),
      );
    }
    await sleep(Math.max(0, 3_000 - (performance.now() - stoppedAt)));

    const startingAt = performance.now();
    await postgres.start();
    const acceptingAt = performance.now();
    const recoveredMs = Math.max(
      ...(await Promise.all(
        [0, 1].map((index) =>
          waitFor(
            `process ${index} ready again`,
            async () => (await readyz(site.apiUrl(index))).status === 200,
          ),
        ),
      )),
    );
    const recoveredAt = performance.now();
    // The very next requests on each process succeed: no dead pooled connection handed out.
    const afterwards: number[] = [];
    for (const index of [0, 1]) {
      const base = site.apiUrl(index);
      for (let n = 0; n < 12; n++) {
        afterwards.push(
          (
            await call(base, 'GET', pathWith(CatalogEndpoints.movieDetails.path, { id: titleIds[n % 3]! }), {
              token: member.token,
            })
          ).status,
          await acknowledged.createGenre(base, admin, `After ${index}-${n}`),
        );
      }
      afterwards.push(
        (
          await call(base, 'POST', AuthEndpoints.login.path, {
            body: { email: member.email, password: member.password },
          })
        ).status,
      );
    }
    await sleep(1_000);
    stopLoad.abort();
    const result = await load;

    const outage = within(stoppedAt, recoveredAt);
    const outageErrors = outage.filter((a) => a.status === 0 || a.status >= 500);
    const afterRecovery = sentFrom(recoveredAt);
    const errorBodies = [...failed, ...outageErrors.filter((a) => a.status >= 500)];
    const leaks = errorBodies.filter((res) => LEAK.test(res.text));
    const unclear = errorBodies.filter((res) => {
      try {
        const body = JSON.parse(res.text) as { status?: unknown; message?: unknown };
        return body.status !== false || typeof body.message !== 'string' || body.message.length === 0;
      } catch {
        return true;
      }
    });
    const missing = await acknowledged.missing(site);
    const pidsAfter = pids(site);

    figure(SUITE, 'postgres restart: load', `2 clients on the shared port, ${result.requests} requests`);
    figure(SUITE, 'postgres restart: statuses', statusSummary(result.statuses));
    figure(SUITE, 'postgres restart: /readyz 503 after the stop', notReadyMs.map(ms).join(', '));
    figure(SUITE, 'postgres restart: requests during the outage', outage.length);
    figure(SUITE, 'postgres restart: errors during the outage (5xx or no answer)', outageErrors.length);
    figure(
      SUITE,
      'postgres restart: statuses of direct database requests during the outage',
      failed.map((res) => res.status).join(', '),
    );
    figure(
      SUITE,
      'postgres restart: error bodies checked / with a leak / not a clear JSON error',
      `${errorBodies.length} / ${leaks.length} / ${unclear.length}`,
    );
    figure(SUITE, 'postgres restart: PostgreSQL down for', ms(acceptingAt - stoppedAt));
    figure(SUITE, 'postgres restart: PostgreSQL start (crash recovery) took', ms(acceptingAt - startingAt));
    figure(
      SUITE,
      'postgres restart: time to recover (accepting connections → every /readyz 200)',
      ms(recoveredMs),
    );
    figure(
      SUITE,
      'postgres restart: errors after recovery',
      afterRecovery.filter((a) => a.status === 0 || a.status >= 500).length,
    );
    figure(SUITE, 'postgres restart: acknowledged writes', acknowledged.names.length);
    figure(SUITE, 'postgres restart: acknowledged writes lost', missing.length);
    figure(
      SUITE,
      'postgres restart: process restarts',
      pidsAfter.filter((pid, n) => pid !== pidsBefore[n]).length,
    );

    expect(notReadyMs).toHaveLength(2);
    expect(
      // 503 with Retry-After: the database is away for a moment, not a fault of ours.
      failed.every((res) => res.status === 503),
      failed.map((r) => `${r.status} ${r.text}`).join('\n'),
    ).toBe(true);
    expect(outageErrors.length).toBeGreaterThan(0);
    expect(leaks.map((res) => res.text)).toEqual([]);
    expect(unclear.map((res) => res.text)).toEqual([]);
    expect(
      afterwards.every((status) => status === 200 || status === 201),
      afterwards.join(', '),
    ).toBe(true);
    expect(afterRecovery.filter((a) => a.status === 0 || a.status >= 500)).toEqual([]);
    expect(missing).toEqual([]);
    expect(pidsAfter).toEqual(pidsBefore);
  });
});
