import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { createLocalFileStore } from '../../src/adapters/storage/local-file-store';
import { createDb, migrateToLatest } from '../../src/db/connection';
import { seedPlans } from '../../src/db/seed/demo';
import { buildDemoCatalog } from '../../src/db/seed/demo-catalog';
import { seedSyntheticCatalog } from '../../src/db/seed/synthetic';
import { deleteRedisKeys } from '../../src/testing/stores';
import { startClusterProcess, type ClusterProcess } from '../../scale/harness/cluster-process';
import { startEmbeddedServer, type EmbeddedServer } from '../../scale/harness/embedded-server';
import type { SafetyNet } from './safety-net';
import type { Teardown } from './teardown';

/**
 * A scaled-out site of the benchmark's own: a fresh PostgreSQL database seeded with a synthetic
 * catalog and the plans, its own Redis key prefix and DATA_DIR, and the secrets every process
 * shares. `launch` starts `npm run start:cluster` on it, `launchSingle` one API process alone. Every piece is handed
 * to the teardown as soon as it exists, so an interruption at any point leaves nothing behind.
 */
export interface BenchSite {
  databaseUrl: string;
  redisPrefix: string;
  /** Every process's output, most recent last (JSON log lines). */
  output: string[];
  /** Pids of the PostgreSQL backends connected to the site's database now. */
  postgresPids(): Promise<number[]>;
  /** `npm run start:cluster -- --api N --workers 0`: API workers sharing one port. */
  launch(api: number): Promise<ClusterProcess>;
  /** One API process on a port of its own, as `npm start` runs it. */
  launchSingle(): Promise<EmbeddedServer>;
}

async function onServer<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function checkRedis(url: string): Promise<void> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1, retryStrategy: () => null });
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    throw new Error(`Redis at ${url} did not answer: ${String(error)}`);
  } finally {
    redis.disconnect();
  }
}

export async function prepareBenchSite(options: {
  postgres: string;
  redis: string;
  titles: number;
  teardown: Teardown;
  safetyNet: SafetyNet;
  log: (line: string) => void;
}): Promise<BenchSite> {
  const { teardown, safetyNet, log } = options;
  await checkRedis(options.redis);

  const name = `reeltime_bench_scale_${process.pid}_${randomBytes(4).toString('hex')}`;
  safetyNet.tell({ postgres: options.postgres, database: name });
  await onServer(options.postgres, (client) => client.query(`create database ${name}`)).catch((error) => {
    throw new Error(`Could not create a database on ${options.postgres}: ${String(error)}`);
  });
  teardown.add(`drop database ${name}`, () =>
    onServer(options.postgres, (client) => client.query(`drop database if exists ${name} with (force)`)),
  );
  const databaseUrl = new URL(options.postgres);
  databaseUrl.pathname = `/${name}`;

  const dataDir = mkdtempSync(path.join(tmpdir(), 'reeltime-bench-scale-'));
  safetyNet.tell({ dir: dataDir });
  teardown.add(`remove ${dataDir}`, async () => rmSync(dataDir, { recursive: true, force: true }));

  const redisPrefix = `reeltime-bench-scale:${process.pid}:${randomBytes(4).toString('hex')}:`;
  safetyNet.tell({ redis: options.redis, prefix: redisPrefix });
  teardown.add(`delete Redis keys ${redisPrefix}*`, () => deleteRedisKeys(options.redis, redisPrefix));

  log(`Seeding ${options.titles} synthetic titles into database ${name}`);
  const { db, dialect } = createDb(databaseUrl.toString());
  try {
    await migrateToLatest(db);
    const seeded = await seedSyntheticCatalog(
      db,
      dialect,
      createLocalFileStore(path.join(dataDir, 'media')),
      {
        titles: options.titles,
      },
    );
    // The synthetic catalog has no plans; the demo's three make the plans page a real read.
    await seedPlans(db, buildDemoCatalog().plans);
    log(`Seeded ${seeded.rows} rows in ${(seeded.elapsedMs / 1000).toFixed(1)} s`);
  } finally {
    await db.destroy();
  }

  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    LOG_FORMAT: 'json',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl.toString(),
    REDIS_URL: options.redis,
    REDIS_KEY_PREFIX: redisPrefix,
    TOKEN_PEPPER: randomBytes(32).toString('hex'),
    MEDIA_SIGNING_KEY: randomBytes(32).toString('hex'),
    PUBLIC_URL: 'http://localhost:3000',
    // All load comes from one address.
    RATE_LIMIT_AUTH_MAX: '100000',
  };
  const output: string[] = [];
  const keep = (line: string) => {
    output.push(line);
    if (output.length > 5000) output.splice(0, output.length - 5000);
  };

  const monitor = new pg.Client({ connectionString: options.postgres });
  await monitor.connect();
  teardown.add('close the monitoring connection', () => monitor.end());

  return {
    async postgresPids() {
      const { rows } = await monitor.query<{ pid: number }>(
        'select pid from pg_stat_activity where datname = $1',
        [name],
      );
      return rows.map((row) => row.pid);
    },
    databaseUrl: databaseUrl.toString(),
    redisPrefix,
    output,
    async launch(api) {
      let launched: ClusterProcess | undefined;
      const launching = startClusterProcess({
        api,
        workers: 0,
        env,
        output: (line) => keep(line.startsWith('cluster | ') ? line : `cluster-${api} ${line}`),
      }).then((cluster) => (launched = cluster));
      // Registered before it is ready: an interruption during the start still stops the processes.
      teardown.add(
        `stop the cluster of ${api} API workers`,
        () => launching.then((cluster) => cluster.stop(15_000)).catch(() => undefined),
        () => launched?.kill(),
      );
      try {
        return await launching;
      } catch (error) {
        throw new Error(`the cluster did not start: ${String(error)}\n${output.slice(-40).join('\n')}`);
      }
    },
    async launchSingle() {
      const server = await startEmbeddedServer({ dataDir, env, output: (line) => keep(`single | ${line}`) });
      teardown.add(
        'stop the single API process',
        () => server.stop(10_000),
        () => void server.kill(),
      );
      return server;
    },
  };
}
