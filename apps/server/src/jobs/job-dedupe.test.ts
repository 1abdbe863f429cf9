import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, migrateToLatest, type Db } from '../db/connection';
import { freshPostgresDatabase, type FreshPostgresDatabase } from '../testing/stores';
import { createDatabaseQueue } from './database-queue';
import type { JobQueue } from './queue';

/**
 * One live transcode per video, decided by the database (migration 0017): processes enqueuing the
 * same video's transcode at the same instant get one row between them. The test database is used
 * through two connections, as two processes would: SQLite, or PostgreSQL when TEST_DATABASE_URL
 * is set (`npm run test:services`, which also runs the PostgreSQL-only case with transactions).
 */
const POSTGRES_BASE = process.env.TEST_DATABASE_URL;
const engine = POSTGRES_BASE ? 'postgres' : 'sqlite';
const sqliteDir = mkdtempSync(path.join(tmpdir(), 'reeltime-dedupe-'));
let postgres: FreshPostgresDatabase | undefined;
let connections: Db[] = [];

beforeAll(async () => {
  postgres = POSTGRES_BASE ? await freshPostgresDatabase(POSTGRES_BASE) : undefined;
  const url = postgres?.url ?? `sqlite:${path.join(sqliteDir, 'site.db')}`;
  connections = [createDb(url).db, createDb(url).db];
  await migrateToLatest(connections[0]!);
});

afterAll(async () => {
  for (const db of connections) await db.destroy();
  await postgres?.drop();
  rmSync(sqliteDir, { recursive: true, force: true });
});

const liveTranscodes = (db: Db, videoId: number) =>
  db
    .selectFrom('jobs')
    .select(['id', 'status'])
    .where('dedupe_key', '=', `transcode-video-${videoId}`)
    .where('status', 'in', ['queued', 'running'])
    .execute();

describe(`one live transcode per video on ${engine}`, () => {
  const queues = (): [JobQueue, JobQueue] => {
    const [a, b] = connections;
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
    expect(await liveTranscodes(connections[0]!, 7)).toEqual([{ id: [...ids][0], status: 'queued' }]);
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
    const db = connections[0]!;
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
    await connections[0]!.updateTable('jobs').set({ status: 'done' }).where('id', '=', live.id).execute();
    const next = await second.enqueue('transcode', { videoId: 10 });
    expect(next.id).not.toBe(live.id);
    expect(next.state).toBe('queued');
  });
});
