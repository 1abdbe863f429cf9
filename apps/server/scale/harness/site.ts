import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { deleteRedisKeys, freshPostgresDatabase } from '../../src/testing/stores';
import { startClusterProcess, type ClusterProcess } from './cluster-process';
import { startNginx, type RunningNginx } from './nginx';

/**
 * A whole scaled-out site for one suite: a fresh PostgreSQL database, its own Redis key prefix,
 * its own DATA_DIR, and `npm run start:cluster` with its real OS processes (API workers sharing
 * one port, BullMQ workers) in production mode. Nothing is shared with another suite or the
 * developer's site. With SCALE_BALANCER=nginx, every request goes through Debian's nginx with
 * deploy/nginx's configuration instead, each API worker standing for an instance on another host.
 */
export const SCALE_POSTGRES =
  process.env.SCALE_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';
export const SCALE_REDIS =
  process.env.SCALE_REDIS_URL ?? process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export const SCALE_BALANCER = process.env.SCALE_BALANCER === 'nginx' ? 'nginx' : 'cluster';

export interface ScaleSite {
  /** The balanced address: what a member's browser would use. */
  url: string;
  /** API process n (0-based) alone: its own port, or nginx's port for it alone. */
  apiUrl(index: number): string;
  cluster: ClusterProcess;
  /** How requests reach the API processes: Node's cluster, or nginx in front of them. */
  balancer: 'cluster' | 'nginx';
  databaseUrl: string;
  redisUrl: string;
  redisPrefix: string;
  dataDir: string;
  /** The environment every process got. */
  env: NodeJS.ProcessEnv;
  /** Recent output of every process (kept for failure messages and leak checks). */
  output: string[];
  /** A query on the site's database. */
  sql<Row extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<Row[]>;
  close(): Promise<void>;
}

export async function startScaleSite(options: {
  api: number;
  workers: number;
  /** Extra environment for every process (e.g. another REDIS_URL). */
  env?: NodeJS.ProcessEnv;
  /** Logs each process line to stdout as well (for debugging a suite). */
  echo?: boolean;
  /** The PostgreSQL server to create the site's database on (default: SCALE_POSTGRES). */
  postgresUrl?: string;
}): Promise<ScaleSite> {
  const database = await freshPostgresDatabase(options.postgresUrl ?? SCALE_POSTGRES, {
    prefix: 'reeltime_test_scale',
    setting: 'SCALE_DATABASE_URL',
  });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'reeltime-scale-'));
  const redisPrefix = `reeltime-scale:${process.pid}:${randomBytes(4).toString('hex')}:`;
  const redisUrl = options.env?.REDIS_URL ?? SCALE_REDIS;
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    LOG_FORMAT: 'json',
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    REDIS_URL: redisUrl,
    REDIS_KEY_PREFIX: redisPrefix,
    TOKEN_PEPPER: randomBytes(32).toString('hex'),
    MEDIA_SIGNING_KEY: randomBytes(32).toString('hex'),
    PUBLIC_URL: 'http://localhost:3000',
    // Load comes from one address; the rate-limit suite sets its own limit.
    RATE_LIMIT_AUTH_MAX: '100000',
    CATALOG_CACHE_SECONDS: '30',
    ...options.env,
  };
  const output: string[] = [];
  const keep = (line: string) => {
    output.push(line);
    if (output.length > 2000) output.splice(0, output.length - 2000);
    if (options.echo) process.stdout.write(`${line}\n`);
  };
  const pool = new pg.Pool({ connectionString: database.url, max: 2 });
  // A suite may restart the database server: an idle client it drops must not end the test run.
  pool.on('error', () => undefined);
  let cluster: ClusterProcess | undefined;
  let nginx: RunningNginx | undefined;
  try {
    cluster = await startClusterProcess({
      api: options.api,
      workers: options.workers,
      env,
      output: keep,
    });
    if (SCALE_BALANCER === 'nginx') {
      nginx = await startNginx({
        upstreams: cluster.apis.map((one) => `127.0.0.1:${one.directPort}`),
        output: (line) => keep(`nginx | ${line}`),
      });
    }
  } catch (error) {
    cluster?.kill();
    await pool.end();
    await database.drop().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
    throw new Error(`the site did not start: ${String(error)}\n${output.slice(-40).join('\n')}`);
  }
  const running = cluster;
  return {
    url: nginx?.url ?? running.url,
    apiUrl: (index) => nginx?.upstreamUrls[index] ?? `http://127.0.0.1:${running.apis[index]!.directPort}`,
    cluster: running,
    balancer: SCALE_BALANCER,
    databaseUrl: database.url,
    redisUrl,
    redisPrefix,
    dataDir,
    env,
    output,
    async sql(text, values) {
      return (await pool.query(text, values)).rows;
    },
    async close() {
      await nginx?.stop();
      await running.stop();
      await pool.end();
      await database.drop();
      await deleteRedisKeys(redisUrl, redisPrefix).catch(() => undefined);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
