import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/app';
import { createDatabaseJobRunner } from './runner';
import type { JobHandlers } from './job-map';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const queue = () => server.app.ctx.jobs;

describe('the typed job queue', () => {
  it('refuses an unknown job name or a payload that does not match the job map', async () => {
    // @ts-expect-error: not a job of the map
    await expect(queue().enqueue('no-such-job', {})).rejects.toThrow('unknown job "no-such-job"');
    // @ts-expect-error: outboxId must be a number
    await expect(queue().enqueue('mail.deliver', { outboxId: 'seven' })).rejects.toThrow(
      'invalid payload for job mail.deliver: outboxId',
    );
    // @ts-expect-error: a payload field the job does not take
    await expect(queue().enqueue('auth.password-reset', {})).rejects.toThrow(/email/);
    expect((await queue().countByState()).queued).toBe(0);
  });

  it('writes a job inside the transaction of the change that causes it, and only if it commits', async () => {
    const before = await queue().countByState();
    await expect(
      server.app.ctx.db.transaction().execute(async (trx) => {
        await queue().enqueue('auth.password-reset', { email: 'rolled-back@example.com' }, { within: trx });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await queue().countByState()).toEqual(before);
  });

  it('cancels a queued job for good, and retries it on request with fresh attempts', async () => {
    const job = await queue().enqueue('auth.password-reset', { email: 'cancel-me@example.com' });
    expect(await queue().cancel(job.id)).toBe(true);
    expect(await queue().cancel(job.id)).toBe(false);
    expect(await server.app.jobs.runJob(job.id)).toBeUndefined();
    expect(await queue().get(job.id)).toMatchObject({ state: 'cancelled' });

    expect(await queue().retry(job.id)).toBe(true);
    expect(await queue().get(job.id)).toMatchObject({ state: 'queued', attempts: 0 });
    expect(await server.app.jobs.runJob(job.id)).toMatchObject({ state: 'done', attempts: 1 });
    expect(await queue().retry(job.id)).toBe(false);
  });

  it('stops a running job once it is cancelled, and leaves it cancelled', async () => {
    let aborted = false;
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const handlers = {
      'auth.password-reset': {
        run: (_payload, job) =>
          new Promise<void>((_resolve, reject) => {
            started();
            job.signal.addEventListener('abort', () => {
              aborted = true;
              reject(new Error('stopped'));
            });
          }),
      },
    } as Partial<JobHandlers> as JobHandlers;
    const runner = createDatabaseJobRunner(server.app.ctx.db, handlers, {
      concurrency: { media: 0, light: 1 },
      worker: { pollIntervalMs: 10, heartbeatMs: 20 },
    });
    const job = await queue().enqueue('auth.password-reset', { email: 'long@example.com' });
    const finished = runner.runJob(job.id);
    await running;
    expect(await queue().cancel(job.id)).toBe(true);
    expect(await finished).toMatchObject({ state: 'cancelled' });
    expect(aborted).toBe(true);
  });

  it('keeps a job whose last attempt failed as failed, with its error (the dead letters)', async () => {
    const handlers = {
      'auth.password-reset': {
        run: () => Promise.reject(new Error('mail server on fire')),
      },
    } as Partial<JobHandlers> as JobHandlers;
    const runner = createDatabaseJobRunner(server.app.ctx.db, handlers, {
      concurrency: { media: 0, light: 1 },
    });
    const job = await queue().enqueue(
      'auth.password-reset',
      { email: 'dead@example.com' },
      { maxAttempts: 1 },
    );
    expect(await runner.runJob(job.id)).toMatchObject({
      state: 'failed',
      attempts: 1,
      lastError: 'mail server on fire',
    });
    expect((await queue().countByState()).failed).toBeGreaterThanOrEqual(1);
  });
});
