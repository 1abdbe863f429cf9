import { DelayedError, UnrecoverableError, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/connection';
import { checkedPayload, toJobInfo } from './database-queue';
import { laneQueueName, lanes, type BullmqJobData, type BullmqQueue } from './bullmq-queue';
import { isJobName, type JobContext, type JobHandler, type JobHandlers, type JobLane } from './job-map';
import { createJobsRepository, type JobRow } from './jobs.repository';
import type { JobRunner } from './queue';
import { createJobWorker } from './worker';

export interface BullmqRunnerOptions {
  /** Jobs run at the same time by this process, per lane; a lane of 0 runs nothing here. */
  concurrency: Record<JobLane, number>;
  log?: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** First retry delay; doubles with every failed attempt, up to maxBackoffMs. */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** How often a running job renews its row's lock and looks for a cancellation. */
  heartbeatMs?: number;
  /** Minimum time between two progress writes of one job. */
  progressIntervalMs?: number;
  /** BullMQ's lock on a running job; a worker silent this long is taken for dead. */
  lockDurationMs?: number;
  /** How often BullMQ looks for jobs whose worker died, and hands them to another. */
  stalledIntervalMs?: number;
  /** How often the rows the database says need a job are handed to BullMQ again. */
  sweepIntervalMs?: number;
  /** A queued row untouched this long is re-dispatched by the sweep (its hand-over may be lost). */
  sweepQuietMs?: number;
  /** Stopping lets running jobs finish for this long, then interrupts them and hands them back. */
  shutdownGraceMs?: number;
  /** How long a worker waits for the row of a job dispatched before its transaction committed. */
  uncommittedGraceMs?: number;
}

/** Abort reasons: a cancelled job ends for good; one stopped by a shutdown goes back to the queue. */
const CANCELLED = 'cancelled';
const SHUTDOWN = 'shutdown';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The job's row, unless it is not visible yet (its transaction has not committed). */
const isVisible = (row: JobRow | undefined, data: BullmqJobData): row is JobRow =>
  row !== undefined && row.updated_at >= data.at;

/**
 * Runs the jobs of a BullMQ queue: one BullMQ worker per lane with the lane's concurrency, each
 * job run against its row (claimed, progress, attempts, result), retries delayed in BullMQ's
 * delayed set with exponential backoff, cancellation seen at the next heartbeat, and a sweep that
 * dispatches rows whose hand-over to Redis was lost.
 */
export function createBullmqJobRunner(
  db: Db,
  queue: BullmqQueue,
  handlers: JobHandlers,
  options: BullmqRunnerOptions,
): JobRunner {
  const jobs = createJobsRepository(db);
  const log = options.log;
  const backoffMs = options.backoffMs ?? 10_000;
  const maxBackoffMs = options.maxBackoffMs ?? 15 * 60_000;
  const heartbeatMs = options.heartbeatMs ?? 5_000;
  const progressIntervalMs = options.progressIntervalMs ?? 1000;
  const lockDurationMs = options.lockDurationMs ?? 30_000;
  const stalledIntervalMs = options.stalledIntervalMs ?? 30_000;
  const sweepIntervalMs = options.sweepIntervalMs ?? 30_000;
  const sweepQuietMs = options.sweepQuietMs ?? 30_000;
  const shutdownGraceMs = options.shutdownGraceMs ?? 8_000;
  const uncommittedGraceMs = options.uncommittedGraceMs ?? 60_000;
  const anyHandler = handlers as unknown as Record<string, JobHandler<never>>;

  const active = new Map<number, AbortController>();
  let workers: Array<{ worker: Worker<BullmqJobData>; connection: Redis }> = [];
  let sweepTimer: NodeJS.Timeout | undefined;
  let running = false;

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

  async function failed(row: JobRow, payload: unknown, message: string) {
    await jobs.fail(row.id, message, Date.now());
    log?.error({ jobId: row.id, type: row.type, attempt: row.attempts, err: message }, 'job failed');
    try {
      await anyHandler[row.type]?.onFailed?.(payload as never, message, { id: row.id });
    } catch (hookError) {
      log?.error({ jobId: row.id, err: messageOf(hookError) }, 'job failure hook failed');
    }
  }

  async function processJob(job: Job<BullmqJobData>, token?: string): Promise<void> {
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

    const handler = anyHandler[row.type];
    const controller = new AbortController();
    active.set(id, controller);
    let payload: unknown;
    let failure: unknown;
    let lastWrite = 0;
    let latest = -1;
    let pendingWrite: Promise<unknown> = Promise.resolve();
    const writeProgress = (percent: number) => {
      pendingWrite = pendingWrite
        .then(() => Promise.all([jobs.progress(id, percent, Date.now()), job.updateProgress(percent)]))
        .catch((error: unknown) =>
          log?.warn({ jobId: id, err: messageOf(error) }, 'could not record job progress'),
        );
    };
    const context: JobContext = {
      id,
      attempt: row.attempts,
      maxAttempts: row.max_attempts,
      signal: controller.signal,
      progress(percent) {
        const value = Math.max(0, Math.min(100, Math.round(percent * 10) / 10));
        if (value <= latest) return;
        latest = value;
        const now = Date.now();
        if (now - lastWrite >= progressIntervalMs) {
          lastWrite = now;
          writeProgress(value);
        }
      },
    };
    // Renews the row's lock (the sweep leaves it alone) and stops the work once it is cancelled.
    const heartbeat = setInterval(() => {
      Promise.all([jobs.heartbeat([id], Date.now()), jobs.notRunning([id])])
        .then(([, ended]) => {
          if (ended.includes(id)) controller.abort(CANCELLED);
        })
        .catch((error: unknown) => log?.warn({ jobId: id, err: messageOf(error) }, 'job heartbeat failed'));
    }, heartbeatMs);
    heartbeat.unref?.();
    try {
      try {
        if (!handler) throw new Error(`no handler for job type ${row.type}`);
        payload = JSON.parse(row.payload);
        if (isJobName(row.type)) payload = checkedPayload(row.type, payload);
        await handler.run(payload as never, context);
      } catch (error) {
        failure = error ?? new Error('job failed');
      }
      await pendingWrite;
      if (failure === undefined && latest >= 0 && latest < 100) writeProgress(latest);
      await pendingWrite;
    } finally {
      clearInterval(heartbeat);
      active.delete(id);
    }

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
      const runAt = now + Math.min(maxBackoffMs, backoffMs * 2 ** Math.max(0, row.attempts - 1));
      await jobs.retryLater(id, message, runAt, now);
      log?.warn({ jobId: id, type: row.type, attempt: row.attempts, err: message }, 'job failed; retrying');
      await job.moveToDelayed(runAt, token);
      throw new DelayedError();
    }
    await failed(row, payload, message);
    throw new UnrecoverableError(message);
  }

  async function sweep() {
    try {
      await queue.sweep({ quietMs: sweepQuietMs, staleMs: Math.max(3 * heartbeatMs, lockDurationMs) });
    } catch (error) {
      log?.warn({ err: messageOf(error) }, 'job sweep failed');
    }
  }

  function scheduleSweep() {
    if (!running) return;
    sweepTimer = setTimeout(() => {
      void sweep().finally(scheduleSweep);
    }, sweepIntervalMs);
    sweepTimer.unref?.();
  }

  // runJob and drain (tests and scripts) run rows directly, as the embedded runner does; a
  // BullMQ job left for such a row finds it ended and is dropped.
  const direct = createJobWorker(db, anyHandler, {
    concurrency: 1,
    backoffMs,
    maxBackoffMs,
    progressIntervalMs,
    ...(log ? { log } : {}),
  });

  return {
    get running() {
      return running;
    },
    async start() {
      if (running) return;
      running = true;
      for (const lane of lanes) {
        const concurrency = options.concurrency[lane];
        if (concurrency < 1) continue;
        const connection = new Redis(queue.redisUrl, { maxRetriesPerRequest: null });
        const worker = new Worker<BullmqJobData>(laneQueueName(lane), processJob, {
          connection,
          prefix: queue.prefix,
          concurrency,
          lockDuration: lockDurationMs,
          stalledInterval: stalledIntervalMs,
          maxStalledCount: 5,
        });
        worker.on('error', (error) => log?.warn({ lane, err: messageOf(error) }, 'job worker error'));
        workers.push({ worker, connection });
      }
      await Promise.all(workers.map(({ worker }) => worker.waitUntilReady()));
      await sweep();
      scheduleSweep();
    },
    async stop() {
      if (!running) return;
      running = false;
      clearTimeout(sweepTimer);
      const stopping = workers;
      workers = [];
      // No new jobs; running ones get the grace period, then are interrupted and handed back.
      const closing = Promise.all(stopping.map(({ worker }) => worker.close()));
      let graceTimer: NodeJS.Timeout | undefined;
      const graceOver = new Promise<'grace-over'>((resolve) => {
        graceTimer = setTimeout(() => resolve('grace-over'), shutdownGraceMs);
      });
      const ended = await Promise.race([closing, graceOver]);
      clearTimeout(graceTimer);
      if (ended === 'grace-over') {
        for (const controller of active.values()) controller.abort(SHUTDOWN);
        await closing;
      }
      for (const { connection } of stopping) connection.disconnect();
    },
    async runJob(id) {
      const row = await direct.runJob(id);
      return row && toJobInfo(row);
    },
    drain: () => direct.drain(),
  };
}
