import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/connection';
import { createJobContext, messageOf } from './job-context';
import type { JobContext, JobHandler } from './job-map';
import { createJobsRepository, type JobRow } from './jobs.repository';

export type { JobContext, JobHandler };

export interface WorkerOptions {
  /** Jobs run at the same time by this worker. */
  concurrency: number;
  pollIntervalMs?: number;
  /** First retry delay; doubles with every failed attempt. */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** A running job whose lock is older than this is taken for abandoned (its worker died). */
  staleAfterMs?: number;
  /** How often running jobs renew their lock; well below staleAfterMs. */
  heartbeatMs?: number;
  /** Minimum time between two progress writes of one job. */
  progressIntervalMs?: number;
  log?: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

/** The abort reason of a job stopped because it was cancelled (rather than by a shutdown). */
const CANCELLED = 'cancelled';

/**
 * The in-process worker over the jobs table: polls for due jobs, claims each with a conditional
 * UPDATE (so several processes can share one database), records progress, retries failures with
 * exponential backoff up to max_attempts, and at start (and every few polls) puts jobs whose
 * worker died back in the queue.
 */
export function createJobWorker(db: Db, handlers: Record<string, JobHandler<never>>, options: WorkerOptions) {
  const jobs = createJobsRepository(db);
  const pollIntervalMs = options.pollIntervalMs ?? 1000;
  const backoffMs = options.backoffMs ?? 10_000;
  const maxBackoffMs = options.maxBackoffMs ?? 15 * 60_000;
  const staleAfterMs = options.staleAfterMs ?? 60_000;
  const heartbeatMs = options.heartbeatMs ?? Math.min(10_000, Math.floor(staleAfterMs / 3));
  const progressIntervalMs = options.progressIntervalMs ?? 1000;
  const log = options.log;

  const active = new Map<number, { controller: AbortController; done: Promise<void> }>();
  let running = false;
  let pollTimer: NodeJS.Timeout | undefined;
  let ticking: Promise<number> | undefined;
  let lastSweep = 0;

  const types = () => Object.keys(handlers);

  async function finish(
    row: JobRow,
    handler: JobHandler<never> | undefined,
    payload: unknown,
    error: unknown,
    signal: AbortSignal,
  ) {
    const now = Date.now();
    if (error === undefined) {
      await jobs.complete(row.id, now);
      return;
    }
    if (signal.aborted && signal.reason === CANCELLED) {
      log?.info({ jobId: row.id, type: row.type }, 'job cancelled');
      return;
    }
    if (signal.aborted && !running) {
      await jobs.release(row.id, now);
      log?.info({ jobId: row.id, type: row.type }, 'job interrupted; it will run again');
      return;
    }
    const message = messageOf(error);
    if (handler && row.attempts < row.max_attempts) {
      const delay = Math.min(maxBackoffMs, backoffMs * 2 ** Math.max(0, row.attempts - 1));
      await jobs.retryLater(row.id, message, now + delay, now);
      log?.warn(
        { jobId: row.id, type: row.type, attempt: row.attempts, err: message },
        'job failed; retrying',
      );
      return;
    }
    await jobs.fail(row.id, message, now);
    log?.error({ jobId: row.id, type: row.type, attempt: row.attempts, err: message }, 'job failed');
    try {
      await handler?.onFailed?.(payload as never, message, { id: row.id });
    } catch (hookError) {
      log?.error({ jobId: row.id, err: messageOf(hookError) }, 'job failure hook failed');
    }
  }

  /** Runs a job this worker has claimed; never throws. */
  async function execute(id: number): Promise<void> {
    const row = await jobs.findById(id);
    if (!row) return;
    const handler = handlers[row.type];
    const controller = new AbortController();
    const attempt = createJobContext(row, controller.signal, {
      progressIntervalMs,
      writeProgress: (percent) => jobs.progress(id, percent, Date.now()),
      log,
    });
    const done = (async () => {
      const { payload, failure } = await attempt.run(handler);
      try {
        await finish(row, handler, payload, failure, controller.signal);
      } catch (error) {
        log?.error({ jobId: id, err: messageOf(error) }, 'could not record job result');
      }
    })();
    active.set(id, { controller, done });
    // Renews the lock while the job runs, so no worker (in any process) takes it for abandoned,
    // and stops the work once the job is cancelled.
    const heartbeat = setInterval(() => {
      const now = Date.now();
      Promise.all([jobs.heartbeat([id], now), jobs.notRunning([id])])
        .then(([, ended]) => {
          if (ended.includes(id)) controller.abort(CANCELLED);
        })
        .catch((error: unknown) => log?.warn({ jobId: id, err: messageOf(error) }, 'job heartbeat failed'));
    }, heartbeatMs);
    heartbeat.unref?.();
    try {
      await done;
    } finally {
      clearInterval(heartbeat);
      active.delete(id);
      if (running) schedule(0);
    }
  }

  /** Requeues (or fails, when out of attempts) running jobs whose lock went stale. */
  async function recoverStale(now = Date.now()): Promise<number> {
    const cutoff = now - staleAfterMs;
    let recovered = 0;
    for (const row of await jobs.stale(cutoff)) {
      if (active.has(row.id)) continue;
      const reason = 'interrupted: the worker stopped while running it';
      if (row.attempts >= row.max_attempts) {
        if (await jobs.failStale(row.id, cutoff, reason, now)) {
          recovered++;
          const handler = handlers[row.type];
          try {
            await handler?.onFailed?.(JSON.parse(row.payload) as never, reason, { id: row.id });
          } catch (error) {
            log?.error({ jobId: row.id, err: messageOf(error) }, 'job failure hook failed');
          }
        }
      } else if (await jobs.requeueStale(row.id, cutoff, reason, now)) {
        recovered++;
        log?.warn({ jobId: row.id, type: row.type }, 'requeued a job left running by a stopped worker');
      }
    }
    return recovered;
  }

  /** Claims and starts due jobs up to the concurrency limit; returns how many it started. */
  function tick(): Promise<number> {
    if (ticking) return ticking;
    ticking = (async () => {
      // Yield first, so `ticking` is set before the finally below can clear it.
      await Promise.resolve();
      try {
        const now = Date.now();
        if (now - lastSweep >= staleAfterMs / 2) {
          lastSweep = now;
          await recoverStale(now);
        }
        const free = options.concurrency - active.size;
        if (free <= 0) return 0;
        let started = 0;
        for (const id of await jobs.dueIds(now, free * 2, types())) {
          if (started >= free || !running) break;
          if (await jobs.claim(id, Date.now())) {
            started++;
            void execute(id);
          }
        }
        return started;
      } finally {
        ticking = undefined;
      }
    })();
    return ticking;
  }

  function schedule(delayMs: number) {
    if (!running) return;
    clearTimeout(pollTimer);
    pollTimer = setTimeout(() => {
      tick()
        .catch((error: unknown) => log?.error({ err: messageOf(error) }, 'job poll failed'))
        .finally(() => schedule(pollIntervalMs));
    }, delayMs);
    pollTimer.unref?.();
  }

  return {
    get running() {
      return running;
    },
    /** Jobs this worker is running now. */
    get activeCount() {
      return active.size;
    },

    /** Starts polling (after putting abandoned jobs back in the queue). */
    async start(): Promise<void> {
      if (running || options.concurrency < 1) return;
      running = true;
      lastSweep = Date.now();
      await recoverStale();
      schedule(0);
    },

    /** Stops polling, interrupts running jobs (they go back to the queue) and waits for them. */
    async stop(): Promise<void> {
      running = false;
      clearTimeout(pollTimer);
      await ticking?.catch(() => undefined);
      for (const { controller } of active.values()) controller.abort();
      await Promise.all([...active.values()].map((job) => job.done));
    },

    /** Claims one job by id and runs it to the end, whatever its run_at; undefined if it was not queued. */
    async runJob(id: number): Promise<JobRow | undefined> {
      if (!(await jobs.claim(id, Date.now()))) return undefined;
      await execute(id);
      return jobs.findById(id);
    },

    /** Runs every due job one after another until none is left; for tests and scripts. */
    async drain(): Promise<number> {
      let count = 0;
      for (;;) {
        const [id] = await jobs.dueIds(Date.now(), 1, types());
        if (id === undefined) return count;
        if (await jobs.claim(id, Date.now())) {
          await execute(id);
          count++;
        }
      }
    },

    recoverStale,
    tick,
  };
}
export type JobWorker = ReturnType<typeof createJobWorker>;
