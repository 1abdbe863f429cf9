import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';
import { startTestServer, type TestServer } from './app';

/**
 * Scaled-out tests: several app instances in one test process on one PostgreSQL database and one
 * Redis. Both must be there (TEST_DATABASE_URL, TEST_REDIS_URL, or the local defaults): these
 * tests fail rather than skip without them.
 */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const POSTGRES_BASE = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A key prefix no other test run uses, so parallel files never see each other's keys. */
export function uniqueRedisPrefix(): string {
  return `reeltime-test:${process.pid}:${randomBytes(4).toString('hex')}:`;
}

/** Deletes every key under the prefix (tests only: SCAN is fine here). */
export async function deleteRedisKeys(url: string, prefix: string): Promise<void> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

async function requireRedis(url: string): Promise<void> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    throw new Error(`These tests need Redis at ${url} (set TEST_REDIS_URL): ${String(error)}`);
  } finally {
    redis.disconnect();
  }
}

export interface Cluster {
  servers: TestServer[];
  databaseUrl: string;
  redisPrefix: string;
  close(): Promise<void>;
}

/** Starts `count` app instances sharing one fresh PostgreSQL database and one Redis prefix. */
export async function startCluster(
  count: number,
  env: Record<string, string> = {},
  redisUrl = TEST_REDIS_URL,
): Promise<Cluster> {
  if (redisUrl === TEST_REDIS_URL) await requireRedis(redisUrl);
  const base = new URL(POSTGRES_BASE);
  const name = `reeltime_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base.toString() });
  await admin.connect().catch((error: unknown) => {
    throw new Error(`These tests need PostgreSQL at ${base.host} (set TEST_DATABASE_URL): ${String(error)}`);
  });
  await admin.query(`create database ${name}`);
  await admin.end();
  const database = new URL(base);
  database.pathname = `/${name}`;
  const redisPrefix = uniqueRedisPrefix();
  const shared = {
    DATABASE_URL: database.toString(),
    REDIS_URL: redisUrl,
    REDIS_KEY_PREFIX: redisPrefix,
    // Every process of one site shares its secrets.
    TOKEN_PEPPER: randomBytes(32).toString('hex'),
    MEDIA_SIGNING_KEY: randomBytes(32).toString('hex'),
    ...env,
  };
  const servers: TestServer[] = [];
  // One after the other: the first one migrates the database.
  for (let i = 0; i < count; i++) servers.push(await startTestServer(shared));
  return {
    servers,
    databaseUrl: database.toString(),
    redisPrefix,
    async close() {
      for (const server of servers) await server.close();
      const client = new pg.Client({ connectionString: base.toString() });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
      await deleteRedisKeys(redisUrl, redisPrefix).catch(() => {});
    },
  };
}

/** Polls until `check` holds; returns how long it took. Throws after a generous deadline. */
export async function eventually(check: () => Promise<boolean>, deadlineMs = 10_000): Promise<number> {
  const started = performance.now();
  for (;;) {
    if (await check()) return performance.now() - started;
    if (performance.now() - started > deadlineMs) throw new Error(`not true within ${deadlineMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
