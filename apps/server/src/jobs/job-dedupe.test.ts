import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, migrateToLatest, type Db } from '../db/connection';
import { createDatabaseQueue } from './database-queue';
import type { JobQueue } from './queue';

/**
 * One live transcode per video, decided by the database (migration 0017): processes enqueuing the
 * same video's transcode at the same instant get one row between them, on SQLite and PostgreSQL.
 * Each engine is used through two connections, as two processes would.
 */
const POSTGRES_BASE = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const pgName = `reeltime_dedupe_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
const pgUrl = (() => {
  const url = new URL(POSTGRES_BASE);
  url.pathname = `/${pgName}`;
  return url.toString();
})();
const sqliteDir = mkdtempSync(path.join(tmpdir(), 'reeltime-dedupe-'));

async function pgAdmin(text: string) {
  const client = new pg.Client({ connectionString: POSTGRES_BASE });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

const engines: Record<'sqlite' | 'postgres', Db[]> = { sqlite: [], postgres: [] };

beforeAll(async () => {
  const sqliteUrl = `sqlite:${path.join(sqliteDir, 'site.db')}`;
  engines.sqlite = [createDb(sqliteUrl).db, createDb(sqliteUrl).db];
  await pgAdmin(`create database ${pgName}`);
  engines.postgres = [createDb(pgUrl).db, createDb(pgUrl).db];
  for (const dbs of Object.values(engines)) await migrateToLatest(dbs[0]!);
});

afterAll(async () => {
  for (const db of Object.values(engines).flat()) await db.destroy();
  await pgAdmin(`drop database if exists ${pgName} with (force)`);
  rmSync(sqliteDir, { recursive: true, force: true });
});

const liveTranscodes = (db: Db, videoId: number) =>
  db
    .selectFrom('jobs')
    .select(['id', 'status'])
    .where('dedupe_key', '=', `transcode-video-${videoId}`)
    .where('status', 'in', ['queued', 'running'])
    .execute();

describe.each(['sqlite', 'postgres'] as const)('one live transcode per video on %s', (engine) => {
  const queues = (): [JobQueue, JobQueue] => {
    const [a, b] = engines[engine];
    return [createDatabaseQueue(a!, { maxAttempts: 3 }), createDatabaseQueue(b!, { maxAttempts: 3 })];
  };

  it('gives concurrent enqueues from two connections one row between them', async () => {
    const [first, second] = queues();
    const enqueued = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        (n % 2 === 0 ? first : second).enqueue('transcode', { videoId: 7 }),
      ),
    );
    const ids = new Set(enqueued.map((job) => job.id));
    expect(ids.size).toBe(1);
    expect(await liveTranscodes(engines[engine][0]!, 7)).toEqual([{ id: [...ids][0], status: 'queued' }]);
    // Other videos and other jobs are not held back.
    const other = await first.enqueue('transcode', { videoId: 8 });
    expect(ids.has(other.id)).toBe(false);
    const mails = await Promise.all([
      first.enqueue('auth.password-reset', { email: 'a@example.com' }),
      second.enqueue('auth.password-reset', { email: 'a@example.com' }),
    ]);
    expect(mails[0].id).not.toBe(mails[1].id);
  });

  it('refuses a second live row at the database itself, and a retry that would make one', async () => {
    const [first] = queues();
    const db = engines[engine][0]!;
    const live = await first.enqueue('transcode', { videoId: 9 });
    const now = Date.now();
    const duplicate = db
      .insertInto('jobs')
      .values({
        type: 'transcode',
        payload: JSON.stringify({ videoId: 9 }),
        status: 'running',
        progress: 0,
        attempts: 1,
        max_attempts: 3,
        run_at: now,
        created_at: now,
        updated_at: now,
        dedupe_key: 'transcode-video-9',
      })
      .execute();
    await expect(duplicate).rejects.toThrow(/unique/i);

    // An ended transcode of the same video may not be retried while this one is live...
    const ended = await db
      .insertInto('jobs')
      .values({
        type: 'transcode',
        payload: JSON.stringify({ videoId: 9 }),
        status: 'failed',
        progress: 0,
        attempts: 3,
        max_attempts: 3,
        run_at: now,
        created_at: now,
        updated_at: now,
        dedupe_key: 'transcode-video-9',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await first.retry(ended.id)).toBe(false);
    // ...and may once it has ended; then a new enqueue gets the retried one.
    expect(await first.cancel(live.id)).toBe(true);
    expect(await first.retry(ended.id)).toBe(true);
    expect((await first.enqueue('transcode', { videoId: 9 })).id).toBe(ended.id);
  });

  it('queues a new transcode once the live one has ended', async () => {
    const [first, second] = queues();
    const live = await first.enqueue('transcode', { videoId: 10 });
    await engines[engine][0]!.updateTable('jobs').set({ status: 'done' }).where('id', '=', live.id).execute();
    const next = await second.enqueue('transcode', { videoId: 10 });
    expect(next.id).not.toBe(live.id);
    expect(next.state).toBe('queued');
  });
});

describe('one live transcode per video inside transactions on postgres', () => {
  it('makes the second of two transactions enqueuing together wait, then get the first one’s row', async () => {
    const [a, b] = engines.postgres;
    const queueOf = (db: Db) => createDatabaseQueue(db, { maxAttempts: 3 });
    let releaseFirst!: () => void;
    const firstMayCommit = new Promise<void>((resolve) => (releaseFirst = resolve));
    let firstEnqueued!: () => void;
    const firstHasEnqueued = new Promise<void>((resolve) => (firstEnqueued = resolve));

    const first = a!.transaction().execute(async (trx) => {
      const job = await queueOf(trx).enqueue('transcode', { videoId: 11 }, { within: trx });
      firstEnqueued();
      await firstMayCommit;
      return job;
    });
    await firstHasEnqueued;
    const second = b!
      .transaction()
      .execute((trx) => queueOf(trx).enqueue('transcode', { videoId: 11 }, { within: trx }));
    // The second blocks on the first's uncommitted row until it commits.
    await new Promise((resolve) => setTimeout(resolve, 300));
    releaseFirst();
    const [firstJob, secondJob] = await Promise.all([first, second]);
    expect(secondJob.id).toBe(firstJob.id);
    expect(await liveTranscodes(a!, 11)).toHaveLength(1);
  });
});
