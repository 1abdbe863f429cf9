import { Queue, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/connection';
import { toJobInfo } from './database-queue';
import { createBullmqJobProcessor, SHUTDOWN, type BullmqProcessorOptions } from './bullmq-processor';
import { laneQueueName, lanes, type BullmqJobData, type BullmqQueue } from './bullmq-queue';
import { SANDBOX_OPTIONS_ENV } from './bullmq-sandbox';
import { messageOf } from './job-context';
import {
  isRepeatableJob,
  type JobHandler,
  type JobHandlers,
  type JobLane,
  type JobSchedule,
} from './job-map';
import type { JobRunner } from './queue';
import { createJobWorker } from './database-worker';

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
  /**
   * Lanes whose jobs run in BullMQ sandboxed processors: the processor file (see
   * bullmq-sandbox.ts) each lane's child processes load. Other lanes run in this process.
   */
  sandboxed?: Partial<Record<JobLane, string>>;
  /** Extra environment for the sandboxed children (they inherit this process's). */
  sandboxEnv?: NodeJS.ProcessEnv;
  /** How long a worker waits for the row of a job dispatched before its transaction committed. */
  uncommittedGraceMs?: number;
  /**
   * The repeatable jobs to run: each is a BullMQ job scheduler, shared by every runner on this
   * Redis. Schedulers of jobs left out are removed; none are touched when this is not given.
   */
  schedules?: readonly JobSchedule[];
}

/** The BullMQ queue of the job schedulers: each of its jobs queues one run of a repeatable job. */
export const SCHEDULES_QUEUE = 'job-schedules';

interface ScheduledRunData {
  name: string;
}

/** True when this process loads TypeScript through tsx, as its sandboxed children must too. */
const loadsTypeScript = (execArgv: readonly string[]) => execArgv.some((arg) => /\btsx\b/.test(arg));

/**
 * Runs the jobs of a BullMQ queue: one BullMQ worker per lane with the lane's concurrency, each
 * job run against its row (claimed, progress, attempts, result), retries delayed in BullMQ's
 * delayed set with exponential backoff, cancellation seen at the next heartbeat, and a sweep that
 * dispatches rows whose hand-over to Redis was lost. A lane given a processor file in `sandboxed`
 * runs its jobs in child processes BullMQ forks from this one; the others run in this process.
 */
export function createBullmqJobRunner(
  db: Db,
  queue: BullmqQueue,
  handlers: JobHandlers,
  options: BullmqRunnerOptions,
): JobRunner {
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
  const processorOptions: BullmqProcessorOptions = {
    backoffMs,
    maxBackoffMs,
    heartbeatMs,
    progressIntervalMs,
    uncommittedGraceMs,
  };
  const processor = createBullmqJobProcessor(db, anyHandler, { ...processorOptions, log });

  let workers: Array<{ worker: Worker<BullmqJobData> | Worker<ScheduledRunData>; connection: Redis }> = [];
  let sweepTimer: NodeJS.Timeout | undefined;
  let running = false;

  /**
   * BullMQ forks a lane's children with the runner's options, and with tsx's loader when the
   * processor file is TypeScript (the compiled worker's bundles need none, and tsx is not installed
   * in production).
   */
  const forkOptions = (processorFile: string) => ({
    execArgv:
      processorFile.endsWith('.ts') && !loadsTypeScript(process.execArgv)
        ? [...process.execArgv, '--import', 'tsx']
        : process.execArgv,
    env: {
      // eslint-disable-next-line no-restricted-properties -- the children read their configuration from it
      ...process.env,
      ...options.sandboxEnv,
      [SANDBOX_OPTIONS_ENV]: JSON.stringify(processorOptions),
    },
  });

  /**
   * A BullMQ job failed without its row recording why: the child running it died (exit, crash,
   * killed) or the result could not be written. The attempt counts; the row is queued again after
   * its backoff and handed back to BullMQ (which dropped its failed job), or failed for good.
   */
  async function onFailed(job: Job<BullmqJobData> | undefined, error: Error) {
    if (!job || !running) return;
    try {
      const runAt = await processor.attemptLost(
        job.data.id,
        `the job stopped unexpectedly: ${messageOf(error)}`,
      );
      if (runAt === undefined) return;
      const row = await db
        .selectFrom('jobs')
        .select(['id', 'type', 'payload', 'run_at', 'updated_at'])
        .where('id', '=', job.data.id)
        .executeTakeFirst();
      if (row) await queue.dispatch([row]);
    } catch (recordError) {
      log?.error({ jobId: job.data.id, err: messageOf(recordError) }, 'could not record a lost job attempt');
    }
  }

  /**
   * Makes BullMQ's job schedulers match the schedules, and runs a worker that turns each of their
   * jobs into a run of the repeatable job: a row, dispatched as any other job. BullMQ gives every
   * occurrence of a scheduler one job id, so however many runners share Redis, each occurrence is
   * queued once; the job's dedupe key keeps a run from being queued while another still waits.
   */
  async function startSchedules(schedules: readonly JobSchedule[]) {
    const connection = new Redis(queue.redisUrl, { maxRetriesPerRequest: null });
    const schedulers = new Queue<ScheduledRunData>(SCHEDULES_QUEUE, { connection, prefix: queue.prefix });
    try {
      const wanted = new Set<string>(schedules.map((schedule) => schedule.name));
      for (const scheduler of await schedulers.getJobSchedulers()) {
        if (!wanted.has(scheduler.key)) await schedulers.removeJobScheduler(scheduler.key);
      }
      for (const { name, everyMs } of schedules) {
        await schedulers.upsertJobScheduler(
          name,
          { every: everyMs },
          { name, data: { name }, opts: { attempts: 3, removeOnComplete: true, removeOnFail: true } },
        );
      }
    } finally {
      await schedulers.close();
    }
    if (schedules.length === 0) {
      connection.disconnect();
      return;
    }
    const worker = new Worker<ScheduledRunData>(
      SCHEDULES_QUEUE,
      async (job) => {
        if (isRepeatableJob(job.data.name)) await queue.enqueue(job.data.name, {});
      },
      { connection, prefix: queue.prefix, concurrency: 1 },
    );
    worker.on('error', (error) => log?.warn({ err: messageOf(error) }, 'job scheduler worker error'));
    workers.push({ worker, connection });
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
        const processorFile = options.sandboxed?.[lane];
        const worker = new Worker<BullmqJobData>(laneQueueName(lane), processorFile ?? processor.processJob, {
          connection,
          prefix: queue.prefix,
          concurrency,
          lockDuration: lockDurationMs,
          stalledInterval: stalledIntervalMs,
          maxStalledCount: 5,
          ...(processorFile ? { workerForkOptions: forkOptions(processorFile) } : {}),
        });
        worker.on('error', (error) => log?.warn({ lane, err: messageOf(error) }, 'job worker error'));
        worker.on('failed', (job, error) => void onFailed(job, error));
        workers.push({ worker, connection });
      }
      if (options.schedules) await startSchedules(options.schedules);
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
        // In this process directly; in sandboxed children through BullMQ, which relays the abort.
        processor.abortAll(SHUTDOWN);
        for (const { worker } of stopping) worker.cancelAllJobs(SHUTDOWN);
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
