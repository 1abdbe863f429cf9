import { DelayedError, UnrecoverableError } from 'bullmq';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/connection';
import type { BullmqJobData } from './bullmq-queue';
import { createJobContext, messageOf } from './job-context';
import type { JobHandler } from './job-map';
import { createJobsRepository, type JobRow } from './jobs.repository';

export interface BullmqProcessorOptions {
  log?: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'> | undefined;
  /** First retry delay; doubles with every failed attempt, up to maxBackoffMs. */
  backoffMs?: number | undefined;
  maxBackoffMs?: number | undefined;
  /** How often a running job renews its row's lock and looks for a cancellation. */
  heartbeatMs?: number | undefined;
  /** Minimum time between two progress writes of one job. */
  progressIntervalMs?: number | undefined;
  /** How long a worker waits for the row of a job dispatched before its transaction committed. */
  uncommittedGraceMs?: number | undefined;
}

/**
 * What the processor needs of a BullMQ job: the same in the worker process (a `Job`) and in a
 * sandboxed child (BullMQ's `SandboxedJob`, whose methods are relayed to the worker).
 */
export interface ProcessableJob {
  data: BullmqJobData;
  timestamp: number;
  updateProgress(progress: number): Promise<unknown>;
  moveToDelayed(timestamp: number, token?: string): Promise<unknown>;
}

/** Abort reasons: a cancelled job ends for good; one stopped by a shutdown goes back to the queue. */
export const CANCELLED = 'cancelled';
export const SHUTDOWN = 'shutdown';

/** The job's row, unless it is not visible yet (its transaction has not committed). */
const isVisible = (row: JobRow | undefined, data: BullmqJobData): row is JobRow =>
  row !== undefined && row.updated_at >= data.at;

/** The delay before attempt `attempts + 1`: doubling from backoffMs, at most maxBackoffMs. */
export const backoffDelay = (attempts: number, backoffMs: number, maxBackoffMs: number) =>
  Math.min(maxBackoffMs, backoffMs * 2 ** Math.max(0, attempts - 1));

/**
 * Runs one BullMQ job against its row in the jobs table: waits for an uncommitted row, claims it
 * (a queued one, or one a dead worker left running), runs the handler with progress and a
 * heartbeat that sees cancellations, and writes the result. A failure with attempts left queues
 * the row again and delays the BullMQ job until its retry; the last one fails both. Used by the
 * worker process for its in-process lanes and by the sandboxed children for theirs.
 */
export function createBullmqJobProcessor(
  db: Db,
  handlers: Record<string, JobHandler<never>>,
  options: BullmqProcessorOptions = {},
) {
  const jobs = createJobsRepository(db);
  const log = options.log;
  const backoffMs = options.backoffMs ?? 10_000;
  const maxBackoffMs = options.maxBackoffMs ?? 15 * 60_000;
  const heartbeatMs = options.heartbeatMs ?? 5_000;
  const progressIntervalMs = options.progressIntervalMs ?? 1000;
  const uncommittedGraceMs = options.uncommittedGraceMs ?? 60_000;

  /** The jobs running here, by row id: aborting one stops its handler. */
  const active = new Map<number, AbortController>();

  /** Takes the row for this worker: a queued one, or one a dead worker left running. */
  async function claim(id: number): Promise<boolean> {
    const now = Date.now();
    const result = await db
      .updateTable('jobs')
      .set((eb) => ({ status: 'running', locked_at: now, attempts: eb('attempts', '+', 1), updated_at: now }))
      .where('id', '=', id)
      .where('status', 'in', ['queued', 'running'])
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Marks the row failed for good and tells the job's handler. */
  async function failed(row: JobRow, payload: unknown, message: string) {
    await jobs.fail(row.id, message, Date.now());
    log?.error({ jobId: row.id, type: row.type, attempt: row.attempts, err: message }, 'job failed');
    try {
      await handlers[row.type]?.onFailed?.(payload as never, message, { id: row.id });
    } catch (hookError) {
      log?.error({ jobId: row.id, err: messageOf(hookError) }, 'job failure hook failed');
    }
  }

  /**
   * The attempt of a running row ended without recording its result (the sandboxed process that
   * ran it died, or the result could not be written): queued again after its backoff, or failed
   * when it was the last. Returns the run time of the retry, or undefined when nothing was due.
   */
  async function attemptLost(id: number, reason: string): Promise<number | undefined> {
    const row = await jobs.findById(id);
    if (row?.status !== 'running') return undefined;
    const now = Date.now();
    if (row.attempts < row.max_attempts) {
      const runAt = now + backoffDelay(row.attempts, backoffMs, maxBackoffMs);
      await jobs.retryLater(id, reason, runAt, now);
      log?.warn({ jobId: id, type: row.type, attempt: row.attempts, err: reason }, 'job failed; retrying');
      return runAt;
    }
    await failed(row, JSON.parse(row.payload), reason);
    return undefined;
  }

  async function processJob(
    job: ProcessableJob,
    token: string | undefined,
    signal: AbortSignal | undefined,
  ): Promise<void> {
    const { id } = job.data;
    const found = await jobs.findById(id);
    if (!isVisible(found, job.data)) {
      // Dispatched inside a transaction that has not committed yet: look again shortly. A row that
      // never appears was rolled back, and so is its job.
      if (Date.now() - job.timestamp < uncommittedGraceMs) {
        await job.moveToDelayed(Date.now() + 200, token);
        throw new DelayedError();
      }
      return;
    }
    let row = found;
    if (row.status !== 'queued' && row.status !== 'running') return; // done, failed or cancelled
    if (row.status === 'queued' && row.run_at > Date.now() + 1000) {
      await job.moveToDelayed(row.run_at, token);
      throw new DelayedError();
    }
    if (row.status === 'running' && row.attempts >= row.max_attempts) {
      await failed(row, JSON.parse(row.payload), 'interrupted: the worker stopped while running it');
      return;
    }
    if (row.status === 'running') {
      log?.warn({ jobId: id, type: row.type }, 'taking over a job left running by a stopped worker');
    }
    if (!(await claim(id))) return;
    row = (await jobs.findById(id))!;

    const handler = handlers[row.type];
    const controller = new AbortController();
    // BullMQ's own signal: a shutdown past its grace period, relayed to a sandboxed child too.
    const forward = () => controller.abort(signal?.reason);
    if (signal?.aborted) forward();
    else signal?.addEventListener('abort', forward, { once: true });
    active.set(id, controller);
    const attempt = createJobContext(row, controller.signal, {
      progressIntervalMs,
      writeProgress: (percent) =>
        Promise.all([jobs.progress(id, percent, Date.now()), job.updateProgress(percent)]),
      log,
    });
    // Renews the row's lock (the sweep leaves it alone) and stops the work once it is cancelled.
    const heartbeat = setInterval(() => {
      Promise.all([jobs.heartbeat([id], Date.now()), jobs.notRunning([id])])
        .then(([, ended]) => {
          if (ended.includes(id)) controller.abort(CANCELLED);
        })
        .catch((error: unknown) => log?.warn({ jobId: id, err: messageOf(error) }, 'job heartbeat failed'));
    }, heartbeatMs);
    heartbeat.unref?.();
    const { payload, failure } = await attempt.run(handler).finally(() => {
      clearInterval(heartbeat);
      signal?.removeEventListener('abort', forward);
      active.delete(id);
    });

    const now = Date.now();
    if (failure === undefined) {
      await jobs.complete(id, now);
      return;
    }
    if (controller.signal.aborted && controller.signal.reason === CANCELLED) {
      log?.info({ jobId: id, type: row.type }, 'job cancelled');
      return;
    }
    if (controller.signal.aborted && controller.signal.reason === SHUTDOWN) {
      await jobs.release(id, now);
      log?.info({ jobId: id, type: row.type }, 'job interrupted by a shutdown; it will run again');
      await job.moveToDelayed(now, token);
      throw new DelayedError();
    }
    const message = messageOf(failure);
    if (handler && row.attempts < row.max_attempts) {
      const runAt = now + backoffDelay(row.attempts, backoffMs, maxBackoffMs);
      await jobs.retryLater(id, message, runAt, now);
      log?.warn({ jobId: id, type: row.type, attempt: row.attempts, err: message }, 'job failed; retrying');
      await job.moveToDelayed(runAt, token);
      throw new DelayedError();
    }
    await failed(row, payload, message);
    throw new UnrecoverableError(message);
  }

  return {
    processJob,
    attemptLost,
    /** Stops every job running here (their handlers see their signal abort with this reason). */
    abortAll(reason: string) {
      for (const controller of active.values()) controller.abort(reason);
    },
  };
}
export type BullmqJobProcessor = ReturnType<typeof createBullmqJobProcessor>;
