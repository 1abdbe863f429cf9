import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';

/**
 * A PostgreSQL database and Redis keys of a test run's own, and their removal. Only pg and ioredis
 * are loaded here, so the scale harness and the benchmarks' cleanup can use it without the app.
 */

export interface FreshPostgresDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * Creates an empty database named `<prefix>_<pid>_<random>` on the server at `server`; `setting` is
 * the variable that points the tests at another server, named when this one does not answer.
 */
export async function freshPostgresDatabase(
  server: string,
  { prefix = 'reeltime_test', setting = 'TEST_DATABASE_URL' } = {},
): Promise<FreshPostgresDatabase> {
  const base = new URL(server);
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base.toString() });
  await admin.connect().catch((error: unknown) => {
    throw new Error(`These tests need PostgreSQL at ${base.host} (set ${setting}): ${String(error)}`);
  });
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: base.toString() });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** Deletes every key under the prefix (tests only: SCAN is fine here); fails at once without Redis. */
export async function deleteRedisKeys(url: string, prefix: string): Promise<void> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1, retryStrategy: () => null });
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
