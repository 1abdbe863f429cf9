import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { WatchlistEndpoints } from '@reeltime/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, migrateToLatest } from '../src/db/connection';
import { migrationProvider } from '../src/db/migrations/index';
import { deleteRedisKeys } from '../src/testing/stores';
import { call, signIn, signUp } from './harness/client';
import { startEmbeddedServer, type EmbeddedServer } from './harness/embedded-server';
import { createFreshDatabase, type FreshDatabase } from './harness/fresh-database';
import { profile } from './harness/profile';
import { figure } from './harness/report';
import { SCALE_REDIS } from './harness/site';

/**
 * Many API processes started at the same instant on one empty database and one DATA_DIR, as an
 * operator's orchestrator would start them: migrations run once (Kysely's migrator holds a
 * PostgreSQL advisory lock), every process becomes ready, and the secrets they generate in the
 * shared DATA_DIR are the same for all.
 */
const SUITE = 'startup';
const PROCESSES = profile.name === 'ci' ? 6 : 8;

let database: FreshDatabase;
let reference: FreshDatabase;
let dataDir: string;
const redisPrefix = `reeltime-scale:${process.pid}:${randomBytes(4).toString('hex')}:`;
const output: string[] = [];
const processes: EmbeddedServer[] = [];
const urls: string[] = [];
let allReadyMs = 0;
const readyAfterMs: number[] = [];

beforeAll(async () => {
  [database, reference] = await Promise.all([
    createFreshDatabase('startup'),
    createFreshDatabase('startup_reference'),
  ]);
  dataDir = mkdtempSync(path.join(tmpdir(), 'reeltime-startup-'));
  const started = performance.now();
  const starting = Array.from({ length: PROCESSES }, (_, index) =>
    startEmbeddedServer({
      dataDir,
      // As `npm start` with DATABASE_URL and REDIS_URL: no secrets given, so each process
      // reads or generates them in the one DATA_DIR.
      env: {
        DATABASE_URL: database.url,
        REDIS_URL: SCALE_REDIS,
        REDIS_KEY_PREFIX: redisPrefix,
        PUBLIC_URL: 'http://localhost:3000',
        RATE_LIMIT_AUTH_MAX: '100000',
      },
      output: (line) => output.push(`api-${index + 1} | ${line}`),
    }).then((server) => {
      readyAfterMs.push(performance.now() - started);
      return server;
    }),
  );
  const results = await Promise.allSettled(starting);
  for (const result of results) if (result.status === 'fulfilled') processes.push(result.value);
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) {
    throw new Error(
      `a process did not become ready: ${String(failed.reason)}\n${output.slice(-60).join('\n')}`,
    );
  }
  urls.push(...processes.map((one) => one.url));
  allReadyMs = performance.now() - started;
}, 300_000);

afterAll(async () => {
  await Promise.all(processes.map((one) => one.stop(10_000)));
  await database?.drop();
  await reference?.drop();
  await deleteRedisKeys(SCALE_REDIS, redisPrefix).catch(() => undefined);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** Tables, columns, indexes and constraints of the public schema, as comparable text. */
async function schemaOf(db: FreshDatabase): Promise<string[]> {
  const columns = await db.sql<{ line: string }>(
    `select table_name || '.' || column_name || ' ' || data_type || ' ' || is_nullable ||
            ' ' || coalesce(column_default, '') as line
       from information_schema.columns where table_schema = 'public'`,
  );
  const indexes = await db.sql<{ line: string }>(
    `select 'index ' || indexdef as line from pg_indexes where schemaname = 'public'`,
  );
  const constraints = await db.sql<{ line: string }>(
    `select 'constraint ' || conrelid::regclass || ' ' || pg_get_constraintdef(oid) as line
       from pg_constraint where connamespace = 'public'::regnamespace`,
  );
  return [...columns, ...indexes, ...constraints].map((row) => row.line).sort();
}

describe(`${PROCESSES} API processes started at the same instant on an empty database`, () => {
  it('all become ready, and none reports a migration or start-up error', () => {
    figure(SUITE, 'API processes started together', PROCESSES);
    figure(SUITE, 'time until all were ready', `${(allReadyMs / 1000).toFixed(1)} s`);
    const sorted = [...readyAfterMs].sort((a, b) => a - b);
    figure(SUITE, 'first ready after', `${(sorted[0]! / 1000).toFixed(1)} s`);
    expect(readyAfterMs).toHaveLength(PROCESSES);
    for (const one of processes) expect(one.pid).toBeDefined();

    const errors = output.filter((line) => {
      const json = line.slice(line.indexOf('| ') + 2);
      if (/migration/i.test(line) && /fail|error/i.test(line)) return true;
      if (/exited|was killed|restarting/.test(line)) return true;
      try {
        return (JSON.parse(json) as { level?: number }).level! >= 50;
      } catch {
        // Not a log line: anything a process printed outside its logger is an error to report.
        return !line.startsWith('supervisor |');
      }
    });
    figure(SUITE, 'error lines in the processes’ output', errors.length);
    expect(errors, errors.join('\n')).toEqual([]);
  });

  it('ran each migration exactly once, and the schema equals one migrated alone', async () => {
    const known = Object.keys(await migrationProvider.getMigrations()).sort();
    const rows = await database.sql<{ name: string; times: number }>(
      'select name, count(*)::int as times from kysely_migration group by name order by name',
    );
    figure(SUITE, 'migrations recorded', `${rows.length} of ${known.length}`);
    expect(rows.map((row) => row.name)).toEqual(known);
    expect(rows.every((row) => row.times === 1)).toBe(true);

    const { db } = createDb(reference.url);
    try {
      await migrateToLatest(db);
    } finally {
      await db.destroy();
    }
    const [concurrent, alone] = await Promise.all([schemaOf(database), schemaOf(reference)]);
    figure(SUITE, 'schema lines compared (columns, indexes, constraints)', concurrent.length);
    expect(concurrent.length).toBeGreaterThan(100);
    expect(concurrent).toEqual(alone);
  });

  it('share one set of generated secrets: a token from any process works on every other', async () => {
    const secrets = readdirSync(path.join(dataDir, 'secrets')).sort();
    expect(secrets).toEqual(['media-signing-key', 'token-pepper']);
    const member = await signUp(urls[0]!, 'startup');
    let accepted = 0;
    for (let index = 0; index < PROCESSES; index++) {
      const { token } = await signIn(urls[index]!, member.email, member.password);
      const elsewhere = urls[(index + 1) % PROCESSES]!;
      const answer = await call(elsewhere, 'GET', WatchlistEndpoints.list.path, { token });
      expect(answer.status, `token from api-${index + 1} on the next process`).toBe(200);
      accepted++;
    }
    figure(SUITE, 'tokens accepted by another process', `${accepted} of ${PROCESSES}`);
  });
});
