import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, signUpAdmin } from '../../testing/http';
import { eventually, startCluster, type Cluster } from '../../testing/scaled-out';
import { createRedisConnection } from './redis-connection';

/** A Redis of this test's own, on a free port, that it stops and starts again. */
let port: number;
let redisServer: ChildProcess | null = null;
let cluster: Cluster;
const app = (i: number) => cluster.servers[i]!.app;

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port: found } = server.address() as { port: number };
  server.close();
  return found;
}

async function startRedis(): Promise<void> {
  redisServer = spawn('redis-server', ['--port', String(port), '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  redisServer.once('error', (error) => {
    throw new Error(`redis-server could not start (Debian package redis-server): ${error.message}`);
  });
  const probe = await createRedisConnection(
    { url: `redis://127.0.0.1:${port}`, keyPrefix: 'probe:' },
    quietLog().log,
  );
  await eventually(() => probe.ping());
  await probe.close();
}

async function stopRedis(): Promise<void> {
  if (!redisServer) return;
  const exited = once(redisServer, 'exit');
  redisServer.kill('SIGKILL');
  await exited;
  redisServer = null;
}

/** A logger that only counts what it is asked to say. */
function quietLog() {
  const said: Array<{ level: string; message: string }> = [];
  const record =
    (level: string) =>
    (...args: unknown[]) =>
      said.push({ level, message: String(args.find((arg) => typeof arg === 'string')) });
  const log = {
    info: record('info'),
    warn: record('warn'),
    error: record('error'),
    debug: () => {},
    trace: () => {},
    fatal: record('fatal'),
    level: 'info',
    silent: () => {},
    child: () => log,
  };
  return { log: log as never, said };
}

beforeAll(async () => {
  port = await freePort();
  await startRedis();
  cluster = await startCluster(2, { CATALOG_CACHE_SECONDS: '600' }, `redis://127.0.0.1:${port}`);
});
afterAll(async () => {
  await cluster?.close();
  await stopRedis();
});

const genres = async (i: number) => {
  const res = await app(i).inject('/api/v1/user/get-gener');
  expect(res.statusCode).toBe(200);
  return (res.json().data as { name: string }[]).map((g) => g.name);
};
const readyz = async (i: number) => (await app(i).inject('/readyz')).json().data as Record<string, string>;

describe('when Redis goes away', () => {
  it('keeps serving reads and revocations from the database, says so in /readyz, and recovers by itself', async () => {
    const member = await signUp(app(0));
    const admin = await signUpAdmin(app(0));
    const auth = member.auth;
    expect(await readyz(1)).toEqual({ status: 'ready', database: 'postgres', redis: 'up' });
    expect(await genres(1)).toEqual([]);

    await stopRedis();
    await eventually(async () => (await readyz(1)).redis === 'down');
    expect(await readyz(0)).toEqual({ status: 'degraded', database: 'postgres', redis: 'down' });

    // Reads, sign-in and token checks go on without Redis; none waits for it.
    const started = performance.now();
    for (let n = 0; n < 20; n++) {
      const res = await app(n % 2).inject({ method: 'GET', url: '/api/v1/user/watch-list', headers: auth });
      expect(res.statusCode).toBe(200);
    }
    const perRequest = (performance.now() - started) / 20;
    console.log(`with Redis down: ${perRequest.toFixed(1)} ms per authenticated read (database only)`);
    const login = await app(1).inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { email: member.email, password: member.password },
    });
    expect(login.statusCode).toBe(200);
    const created = await app(0).inject({
      method: 'POST',
      url: '/api/v1/admin/genres',
      headers: admin.auth,
      payload: { name: 'Western' },
    });
    expect(created.statusCode).toBe(201);
    expect(await genres(1)).toEqual(['Western']);
    const out = await app(0).inject({ method: 'GET', url: '/api/v1/logout', headers: auth });
    expect(out.statusCode).toBe(200);
    expect(
      (await app(1).inject({ method: 'GET', url: '/api/v1/user/watch-list', headers: auth })).statusCode,
    ).toBe(401);

    await startRedis();
    await eventually(async () => (await readyz(0)).redis === 'up' && (await readyz(1)).redis === 'up');
    expect(await readyz(1)).toEqual({ status: 'ready', database: 'postgres', redis: 'up' });
    // Shared again: a catalog edit on one process reaches the other's cache.
    expect(await genres(1)).toEqual(['Western']);
    expect(await genres(1)).toEqual(['Western']);
    const renamed = await app(0).inject({
      method: 'PATCH',
      url: `/api/v1/admin/genres/${created.json().data.id as number}`,
      headers: admin.auth,
      payload: { name: 'Spaghetti western' },
    });
    expect(renamed.statusCode).toBe(200);
    await eventually(async () => (await genres(1)).includes('Spaghetti western'));
  });

  it('logs the outage once and the recovery once, and nothing when it is closed', async () => {
    const { log, said } = quietLog();
    const connection = await createRedisConnection(
      { url: `redis://127.0.0.1:${port}`, keyPrefix: 'x:' },
      log,
    );
    expect(connection.up).toBe(true);
    await stopRedis();
    await eventually(async () => !(await connection.ping()));
    // Several reconnect attempts fail meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await startRedis();
    await eventually(async () => connection.up);
    await connection.close();
    // Closing is a shutdown, not an outage: nothing more is said once the connection has ended.
    await eventually(async () => connection.client.status === 'end');
    const warnings = said.filter((line) => line.level === 'warn');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.message).toMatch(/Redis is not reachable/);
    expect(said.filter((line) => line.message.startsWith('Redis is reachable'))).toHaveLength(2);
  });
});
