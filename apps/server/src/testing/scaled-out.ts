import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { startTestServer, type TestServer } from './app';
import { serviceUrl } from './services';
import { deleteRedisKeys, freshPostgresDatabase } from './stores';

/**
 * Scaled-out tests: several app instances in one test process on one PostgreSQL database and one
 * Redis, those `npm run test:services` names (TEST_DATABASE_URL, TEST_REDIS_URL): these tests fail
 * rather than skip without them.
 */
export const TEST_REDIS_URL = serviceUrl('TEST_REDIS_URL');
const POSTGRES_BASE = serviceUrl('TEST_DATABASE_URL');

/** A key prefix no other test run uses, so parallel files never see each other's keys. */
export function uniqueRedisPrefix(): string {
  return `reeltime-test:${process.pid}:${randomBytes(4).toString('hex')}:`;
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
  const database = await freshPostgresDatabase(POSTGRES_BASE);
  const redisPrefix = uniqueRedisPrefix();
  const shared = {
    DATABASE_URL: database.url,
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
    databaseUrl: database.url,
    redisPrefix,
    async close() {
      for (const server of servers) await server.close();
      await database.drop();
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
