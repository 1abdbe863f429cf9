import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/app';
import { createJobsRepository } from './jobs.repository';
import { createJobWorker, type JobHandler, type JobWorker } from './database-worker';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const db = () => server.app.ctx.db;
/** Jobs of any type straight into the table: these tests exercise the worker, not the job map. */
const queue = () => ({
  enqueue: (type: string, payload: unknown, options: { maxAttempts?: number } = {}) =>
    createJobsRepository(db()).insert({
      type,
      payload: JSON.stringify(payload),
      maxAttempts: options.maxAttempts ?? 3,
      runAt: Date.now(),
      now: Date.now(),
    }),
});
const job = (id: number) =>
  db().selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await sleep(20);
  }
}

/** Each test uses its own job type, so workers of other tests never pick its jobs. */
let serial = 0;
const jobType = () => `test-${++serial}`;

describe('job worker', () => {
  it('runs a job with its payload and records its progress', async () => {
    const type = jobType();
    const seen: unknown[] = [];
    const midway: Array<{ status: string; progress: number }> = [];
    const handler: JobHandler<{ n: number }> = {
      async run(payload, context) {
        seen.push(payload, context.attempt);
        context.progress(12.34);
        context.progress(40);
        await sleep(30);
        const row = await job(context.id);
        midway.push({ status: row.status, progress: row.progress });
      },
    };
    const worker = createJobWorker(db(), { [type]: handler }, { concurrency: 1, progressIntervalMs: 0 });
    const queued = await queue().enqueue(type, { n: 7 });
    expect(queued).toMatchObject({ status: 'queued', attempts: 0, progress: 0, max_attempts: 3 });

    const done = await worker.runJob(queued.id);
    expect(seen).toEqual([{ n: 7 }, 1]);
    expect(midway).toEqual([{ status: 'running', progress: 40 }]);
    expect(done).toMatchObject({
      status: 'done',
      progress: 100,
      attempts: 1,
      locked_at: null,
      last_error: null,
    });
    // A finished job cannot be claimed again.
    expect(await worker.runJob(queued.id)).toBeUndefined();
  });

  it('retries a failing job with growing delays, then marks it failed and calls onFailed once', async () => {
    const type = jobType();
    let runs = 0;
    const failures: string[] = [];
    const handler: JobHandler<{ id: string }> = {
      async run() {
        runs++;
        throw new Error(`boom ${runs}`);
      },
      async onFailed(payload, error) {
        failures.push(`${payload.id}: ${error}`);
      },
    };
    const worker = createJobWorker(db(), { [type]: handler }, { concurrency: 1, backoffMs: 1000 });
    const { id } = await queue().enqueue(type, { id: 'x' });

    const before = Date.now();
    const first = await worker.runJob(id);
    expect(first).toMatchObject({ status: 'queued', attempts: 1, last_error: 'boom 1', locked_at: null });
    expect(first!.run_at).toBeGreaterThanOrEqual(before + 1000);
    expect(first!.run_at).toBeLessThan(Date.now() + 1000 + 50);
    // Not due yet: a polling worker leaves it alone.
    expect(await worker.drain()).toBe(0);

    const second = await worker.runJob(id);
    expect(second).toMatchObject({ status: 'queued', attempts: 2, last_error: 'boom 2' });
    expect(second!.run_at).toBeGreaterThanOrEqual(Date.now() + 1900);

    const third = await worker.runJob(id);
    expect(third).toMatchObject({ status: 'failed', attempts: 3, last_error: 'boom 3' });
    expect(failures).toEqual(['x: boom 3']);
    expect(runs).toBe(3);
  });

  it('drains due retries without waiting when there is no backoff', async () => {
    const type = jobType();
    let runs = 0;
    const worker = createJobWorker(
      db(),
      {
        [type]: {
          run: async () => {
            if (++runs === 1) throw new Error('flaky');
          },
        },
      },
      { concurrency: 1, backoffMs: 0 },
    );
    const { id } = await queue().enqueue(type, {});
    expect(await worker.drain()).toBe(2);
    expect(await job(id)).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('puts a job left running by a dead worker back in the queue on start, and runs it', async () => {
    const type = jobType();
    const ran: number[] = [];
    const failed: number[] = [];
    const worker = createJobWorker(
      db(),
      {
        [type]: {
          run: async (_payload, context) => void ran.push(context.id),
          onFailed: async (_payload, _error, failedJob) => void failed.push(failedJob.id),
        },
      },
      { concurrency: 1, pollIntervalMs: 20, staleAfterMs: 60_000 },
    );
    const long = Date.now() - 10 * 60_000;
    const orphan = await queue().enqueue(type, {});
    await db()
      .updateTable('jobs')
      .set({ status: 'running', attempts: 1, locked_at: long, progress: 55 })
      .where('id', '=', orphan.id)
      .execute();
    const exhausted = await queue().enqueue(type, {});
    await db()
      .updateTable('jobs')
      .set({ status: 'running', attempts: 3, locked_at: long })
      .where('id', '=', exhausted.id)
      .execute();
    const alive = await queue().enqueue(type, {});
    await db()
      .updateTable('jobs')
      .set({ status: 'running', attempts: 1, locked_at: Date.now() })
      .where('id', '=', alive.id)
      .execute();

    await worker.start();
    try {
      await until(async () => (await job(orphan.id)).status === 'done');
      expect(await job(orphan.id)).toMatchObject({ status: 'done', attempts: 2, progress: 100 });
      expect(ran).toEqual([orphan.id]);
      expect(await job(exhausted.id)).toMatchObject({
        status: 'failed',
        last_error: expect.stringContaining('interrupted'),
      });
      expect(failed).toEqual([exhausted.id]);
      // A job whose worker is still alive (fresh lock) is left alone.
      expect(await job(alive.id)).toMatchObject({ status: 'running', attempts: 1 });
    } finally {
      await worker.stop();
    }
  });

  it('keeps the lock of a long job fresh, so another worker never takes it for abandoned', async () => {
    const type = jobType();
    let runs = 0;
    const handler: JobHandler = {
      async run() {
        runs++;
        await sleep(400);
      },
    };
    const options = { concurrency: 1, staleAfterMs: 150, heartbeatMs: 30, pollIntervalMs: 20 };
    const busy = createJobWorker(db(), { [type]: handler }, options);
    const other = createJobWorker(db(), { [type]: handler }, options);
    const { id } = await queue().enqueue(type, {});
    const running = busy.runJob(id);
    await sleep(250);
    await other.recoverStale();
    expect(await job(id)).toMatchObject({ status: 'running', attempts: 1 });
    expect(await running).toMatchObject({ status: 'done', attempts: 1 });
    expect(runs).toBe(1);
  });

  it('runs up to `concurrency` jobs at once and lets only one worker claim a job', async () => {
    const type = jobType();
    let inFlight = 0;
    let peak = 0;
    const runsById = new Map<number, number>();
    const handler: JobHandler = {
      async run(_payload, context) {
        runsById.set(context.id, (runsById.get(context.id) ?? 0) + 1);
        inFlight++;
        peak = Math.max(peak, inFlight);
        await sleep(80);
        inFlight--;
      },
    };
    const ids = [];
    for (let i = 0; i < 5; i++) ids.push((await queue().enqueue(type, { i })).id);
    const workers: JobWorker[] = [
      createJobWorker(db(), { [type]: handler }, { concurrency: 2, pollIntervalMs: 10 }),
      createJobWorker(db(), { [type]: handler }, { concurrency: 1, pollIntervalMs: 10 }),
    ];
    await Promise.all(workers.map((worker) => worker.start()));
    try {
      await until(async () => {
        const rows = await db().selectFrom('jobs').select('status').where('type', '=', type).execute();
        return rows.every((row) => row.status === 'done');
      });
    } finally {
      await Promise.all(workers.map((worker) => worker.stop()));
    }
    expect(peak).toBeLessThanOrEqual(3);
    expect(peak).toBeGreaterThanOrEqual(2);
    expect([...runsById.keys()].sort((a, b) => a - b)).toEqual(ids);
    expect([...runsById.values()].every((count) => count === 1)).toBe(true);
  });

  it('on stop, interrupts a running job and queues it again without using up an attempt', async () => {
    const type = jobType();
    let started = false;
    const handler: JobHandler = {
      run: (_payload, context) =>
        new Promise<void>((_resolve, reject) => {
          started = true;
          context.signal.addEventListener('abort', () => reject(new Error('aborted')));
        }),
    };
    const worker = createJobWorker(db(), { [type]: handler }, { concurrency: 1, pollIntervalMs: 10 });
    const { id } = await queue().enqueue(type, {});
    await worker.start();
    await until(async () => started);
    await worker.stop();
    expect(await job(id)).toMatchObject({ status: 'queued', attempts: 0, locked_at: null });
    expect(worker.activeCount).toBe(0);
  });

  it('fails a job of a type nobody handles only when asked to run it', async () => {
    const worker = createJobWorker(db(), {}, { concurrency: 1 });
    const { id } = await queue().enqueue('nobody-handles-this', {}, { maxAttempts: 1 });
    expect(await worker.drain()).toBe(0);
    expect(await worker.runJob(id)).toMatchObject({
      status: 'failed',
      last_error: 'no handler for job type nobody-handles-this',
    });
  });
});
