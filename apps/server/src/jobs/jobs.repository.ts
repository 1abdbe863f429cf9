import { sql, type Insertable, type Selectable } from 'kysely';
import type { Db } from '../db/connection';
import type { JobsTable } from '../db/database';
import { LIVE_JOB_CONDITION } from './dedupe-key';
import { inPage } from '../db/sql-helpers';

export type JobRow = Selectable<JobsTable>;

const ERROR_LENGTH = 4000;
const clip = (message: string) =>
  message.length > ERROR_LENGTH ? `${message.slice(0, ERROR_LENGTH - 1)}…` : message;

interface NewJob {
  type: string;
  payload: string;
  maxAttempts: number;
  runAt: number;
  now: number;
}

/** The row of a job that has not run yet. */
const queuedRow = (job: NewJob): Insertable<JobsTable> => ({
  type: job.type,
  payload: job.payload,
  status: 'queued',
  progress: 0,
  attempts: 0,
  max_attempts: job.maxAttempts,
  run_at: job.runAt,
  created_at: job.now,
  updated_at: job.now,
});

/** All SQL over the jobs table. Claiming is one conditional UPDATE, atomic on SQLite and PostgreSQL. */
export function createJobsRepository(db: Db) {
  return {
    insert(job: NewJob): Promise<JobRow> {
      return db.insertInto('jobs').values(queuedRow(job)).returningAll().executeTakeFirstOrThrow();
    },

    /**
     * Writes a queued job that works on `dedupeKey`, unless a queued or running job already does
     * (then undefined): the unique index of migration 0017 decides, so of two processes inserting
     * at the same instant exactly one writes its row.
     */
    insertUnlessLive(job: NewJob & { dedupeKey: string }): Promise<JobRow | undefined> {
      return db
        .insertInto('jobs')
        .values({ ...queuedRow(job), dedupe_key: job.dedupeKey })
        .onConflict((oc) => oc.column('dedupe_key').where(sql.raw<boolean>(LIVE_JOB_CONDITION)).doNothing())
        .returningAll()
        .executeTakeFirst();
    },

    /** The queued or running job that works on `dedupeKey`, if any. */
    findLive(dedupeKey: string): Promise<JobRow | undefined> {
      return db
        .selectFrom('jobs')
        .selectAll()
        .where('dedupe_key', '=', dedupeKey)
        .where('status', 'in', ['queued', 'running'])
        .executeTakeFirst();
    },

    findById(id: number): Promise<JobRow | undefined> {
      return db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Jobs newest first, of one type and state when given, with how many match in all. */
    async list(filter: {
      name?: string;
      state?: JobRow['status'];
      limit: number;
      offset: number;
    }): Promise<{ rows: JobRow[]; total: number }> {
      let query = db.selectFrom('jobs');
      if (filter.name !== undefined) query = query.where('type', '=', filter.name);
      if (filter.state !== undefined) query = query.where('status', '=', filter.state);
      const [rows, count] = await Promise.all([
        query.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').$call(inPage(filter)).execute(),
        query.select((eb) => eb.fn.countAll<number | string>().as('count')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.count) };
    },

    /** Queued jobs whose time has come, oldest first. */
    async dueIds(now: number, limit: number, types: readonly string[]): Promise<number[]> {
      if (types.length === 0) return [];
      const rows = await db
        .selectFrom('jobs')
        .select('id')
        .where('status', '=', 'queued')
        .where('run_at', '<=', now)
        .where('type', 'in', types)
        .orderBy('run_at')
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.map((row) => row.id);
    },

    /** Takes a queued job for this worker; false when another worker (or process) got it first. */
    async claim(id: number, now: number): Promise<boolean> {
      const result = await db
        .updateTable('jobs')
        .set((eb) => ({
          status: 'running',
          locked_at: now,
          attempts: eb('attempts', '+', 1),
          updated_at: now,
        }))
        .where('id', '=', id)
        .where('status', '=', 'queued')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async progress(id: number, percent: number, now: number): Promise<void> {
      await db
        .updateTable('jobs')
        .set({ progress: percent, locked_at: now, updated_at: now })
        .where('id', '=', id)
        .where('status', '=', 'running')
        .execute();
    },

    /** Shows running jobs are alive, so no other worker takes them for abandoned. */
    async heartbeat(ids: readonly number[], now: number): Promise<void> {
      if (ids.length === 0) return;
      await db
        .updateTable('jobs')
        .set({ locked_at: now })
        .where('id', 'in', ids)
        .where('status', '=', 'running')
        .execute();
    },

    async complete(id: number, now: number): Promise<void> {
      await db
        .updateTable('jobs')
        .set({ status: 'done', progress: 100, locked_at: null, last_error: null, updated_at: now })
        .where('id', '=', id)
        .where('status', '=', 'running')
        .execute();
    },

    async retryLater(id: number, error: string, runAt: number, now: number): Promise<void> {
      await db
        .updateTable('jobs')
        .set({
          status: 'queued',
          progress: 0,
          locked_at: null,
          run_at: runAt,
          last_error: clip(error),
          updated_at: now,
        })
        .where('id', '=', id)
        .where('status', '=', 'running')
        .execute();
    },

    async fail(id: number, error: string, now: number): Promise<void> {
      await db
        .updateTable('jobs')
        .set({ status: 'failed', locked_at: null, last_error: clip(error), updated_at: now })
        .where('id', '=', id)
        .where('status', '=', 'running')
        .execute();
    },

    /** Ends a queued or running job for good; false when it had already ended. */
    async cancel(id: number, now: number): Promise<boolean> {
      const result = await db
        .updateTable('jobs')
        .set({ status: 'cancelled', locked_at: null, updated_at: now })
        .where('id', '=', id)
        .where('status', 'in', ['queued', 'running'])
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Queues a failed or cancelled job again with fresh attempts, unless another live job does its work. */
    async requeueEnded(id: number, now: number): Promise<boolean> {
      const result = await db
        .updateTable('jobs')
        .set({ status: 'queued', progress: 0, attempts: 0, locked_at: null, run_at: now, updated_at: now })
        .where('id', '=', id)
        .where('status', 'in', ['failed', 'cancelled'])
        .where(({ eb, not, exists, selectFrom }) =>
          eb.or([
            eb('dedupe_key', 'is', null),
            not(
              exists(
                selectFrom('jobs as live')
                  .select('live.id')
                  .whereRef('live.dedupe_key', '=', 'jobs.dedupe_key')
                  .where('live.status', 'in', ['queued', 'running']),
              ),
            ),
          ]),
        )
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Of these jobs, the ones that are no longer running (cancelled, or taken over). */
    async notRunning(ids: readonly number[]): Promise<number[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .selectFrom('jobs')
        .select('id')
        .where('id', 'in', ids)
        .where('status', '!=', 'running')
        .execute();
      return rows.map((row) => row.id);
    },

    /** The jobs whose last attempt failed, most recent first. */
    async recentFailures(limit: number) {
      return db
        .selectFrom('jobs')
        .select(['id', 'type', 'last_error', 'attempts', 'updated_at'])
        .where('status', '=', 'failed')
        .orderBy('updated_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },

    async countByStatus(): Promise<Array<{ status: JobRow['status']; count: number }>> {
      const rows = await db
        .selectFrom('jobs')
        .select((eb) => ['status', eb.fn.countAll<number | string>().as('count')])
        .groupBy('status')
        .execute();
      return rows.map((row) => ({ status: row.status, count: Number(row.count) }));
    },

    /** A job stopped on purpose (shutdown): queued again, and the attempt does not count. */
    async release(id: number, now: number): Promise<void> {
      await db
        .updateTable('jobs')
        .set((eb) => ({
          status: 'queued',
          progress: 0,
          locked_at: null,
          run_at: now,
          attempts: eb('attempts', '-', 1),
          updated_at: now,
        }))
        .where('id', '=', id)
        .where('status', '=', 'running')
        .execute();
    },

    /** Running jobs nobody has shown signs of life for since `cutoff` (their worker died). */
    stale(cutoff: number): Promise<JobRow[]> {
      return db
        .selectFrom('jobs')
        .selectAll()
        .where('status', '=', 'running')
        .where((eb) => eb.or([eb('locked_at', 'is', null), eb('locked_at', '<', cutoff)]))
        .orderBy('id')
        .execute();
    },

    /** Puts an abandoned job back in the queue, unless another worker already did. */
    async requeueStale(id: number, cutoff: number, error: string, now: number): Promise<boolean> {
      const result = await db
        .updateTable('jobs')
        .set({
          status: 'queued',
          progress: 0,
          locked_at: null,
          run_at: now,
          last_error: clip(error),
          updated_at: now,
        })
        .where('id', '=', id)
        .where('status', '=', 'running')
        .where((eb) => eb.or([eb('locked_at', 'is', null), eb('locked_at', '<', cutoff)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async failStale(id: number, cutoff: number, error: string, now: number): Promise<boolean> {
      const result = await db
        .updateTable('jobs')
        .set({ status: 'failed', locked_at: null, last_error: clip(error), updated_at: now })
        .where('id', '=', id)
        .where('status', '=', 'running')
        .where((eb) => eb.or([eb('locked_at', 'is', null), eb('locked_at', '<', cutoff)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}
export type JobsRepository = ReturnType<typeof createJobsRepository>;
