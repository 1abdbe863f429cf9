import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, migrateToLatest, type Db } from '../db/connection';
import { serviceUrl } from '../testing/services';
import { freshPostgresDatabase, type FreshPostgresDatabase } from '../testing/stores';
import { createDatabaseQueue } from './database-queue';

/**
 * One live transcode per video when two PostgreSQL transactions enqueue it at once (migration
 * 0017): the second waits on the first's uncommitted row. SQLite has one writer at a time, so the
 * case exists on PostgreSQL only; `job-dedupe.test.ts` covers the rest on either engine.
 */
let database: FreshPostgresDatabase;
let connections: Db[] = [];

beforeAll(async () => {
  database = await freshPostgresDatabase(serviceUrl('TEST_DATABASE_URL'));
  connections = [createDb(database.url).db, createDb(database.url).db];
  await migrateToLatest(connections[0]!);
});

afterAll(async () => {
  for (const db of connections) await db.destroy();
  await database?.drop();
});

const liveTranscodes = (db: Db, videoId: number) =>
  db
    .selectFrom('jobs')
    .select(['id', 'status'])
    .where('dedupe_key', '=', `transcode-video-${videoId}`)
    .where('status', 'in', ['queued', 'running'])
    .execute();

describe('one live transcode per video inside transactions on postgres', () => {
  it('makes the second of two transactions enqueuing together wait, then get the first one’s row', async () => {
    const [a, b] = connections;
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
