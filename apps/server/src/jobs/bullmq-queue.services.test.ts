import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { deleteRedisKeys } from '../testing/stores';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRuntime, type Runtime } from '../app-context';
import { buildApp, type App } from '../app';
import { loadConfig } from '../config';
import { signUp } from '../testing/http';
import { serviceUrl } from '../testing/services';
import { createBullmqJobRunner, SCHEDULES_QUEUE, type BullmqRunnerOptions } from './bullmq-runner';
import { laneQueueName, type BullmqQueue } from './bullmq-queue';
import { createDatabaseQueue } from './database-queue';
import type { JobHandler, JobHandlers } from './job-map';
import type { JobRunner } from './queue';

/**
 * The BullMQ queue on real engines: two app instances share one PostgreSQL database and one
 * Redis (under a key prefix of this run's own), and jobs enqueued by one are run by the other.
 */
const REDIS_URL = serviceUrl('TEST_REDIS_URL');
const POSTGRES_BASE = serviceUrl('TEST_DATABASE_URL');
const PREFIX = `reeltime-test-${process.pid}-${Math.random().toString(36).slice(2, 8)}:`;
const BULL_PREFIX = `${PREFIX}bull`;

const dbName = `reeltime_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
const dbUrl = (() => {
  const url = new URL(POSTGRES_BASE);
  url.pathname = `/${dbName}`;
  return url.toString();
})();
const dataDir = mkdtempSync(path.join(tmpdir(), 'reeltime-bullmq-'));

const configFor = () =>
  loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://localhost:3000',
    RATE_LIMIT_AUTH_MAX: '1000',
    DATABASE_URL: dbUrl,
    REDIS_URL,
    REDIS_KEY_PREFIX: PREFIX,
  });

let api: App; // instance 1: an API process
let other: Runtime; // instance 2: a worker process
const runners: JobRunner[] = [];

const queueOf = (app: App) => app.ctx.jobs as BullmqQueue;
const db = () => api.ctx.db;

async function pgAdmin(sql: string) {
  const client = new pg.Client({ connectionString: POSTGRES_BASE });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Polls until `check` passes; a loaded machine only makes it take longer. */
async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!check(value)) {
    if (Date.now() > deadline) throw new Error(`gave up waiting; last value: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    value = await read();
  }
  return value;
}

const fast: Omit<BullmqRunnerOptions, 'concurrency'> = {
  backoffMs: 100,
  heartbeatMs: 100,
  progressIntervalMs: 0,
  lockDurationMs: 1500,
  stalledIntervalMs: 1000,
  sweepIntervalMs: 200,
  sweepQuietMs: 300,
  shutdownGraceMs: 400,
};

const idle: JobHandler<never> = { run: () => Promise.resolve() };
const handlersWith = (overrides: Partial<Record<keyof JobHandlers, JobHandler<never>>>) =>
  ({
    transcode: idle,
    'mail.deliver': idle,
    'auth.password-reset': idle,
    'billing.expire-subscription': idle,
    'billing.renewal-reminder': idle,
    'billing.reconcile-stripe': idle,
    'admin-commerce.sync-stripe-plan': idle,
    ...overrides,
  }) as unknown as JobHandlers;

/** A runner in the worker instance, with test handlers. */
async function startRunner(
  handlers: JobHandlers,
  options: Partial<BullmqRunnerOptions> = {},
): Promise<JobRunner> {
  const runner = createBullmqJobRunner(other.ctx.db, other.ctx.jobs as BullmqQueue, handlers, {
    ...fast,
    concurrency: { media: 1, light: 2 },
    ...options,
  });
  runners.push(runner);
  await runner.start();
  return runner;
}

const stopAll = async () => {
  await Promise.all(runners.splice(0).map((runner) => runner.stop()));
};

beforeAll(async () => {
  const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1, lazyConnect: true });
  try {
    await redis.connect();
    expect(await redis.ping()).toBe('PONG');
  } catch (error) {
    throw new Error(`these tests need Redis at ${REDIS_URL} (TEST_REDIS_URL): ${String(error)}`);
  } finally {
    redis.disconnect();
  }
  await pgAdmin(`create database ${dbName}`);
  api = await buildApp({ ...configFor(), webDistDir: dataDir });
  other = await createRuntime(configFor(), { log: api.ctx.log });
});

afterAll(async () => {
  await stopAll();
  await other?.close();
  await api?.close();
  await pgAdmin(`drop database if exists ${dbName} with (force)`);
  await deleteRedisKeys(REDIS_URL, PREFIX);
  rmSync(dataDir, { recursive: true, force: true });
});

describe('jobs on BullMQ when REDIS_URL is set', () => {
  it('runs a job enqueued by one instance in the worker of another: a reset mail is written', async () => {
    const member = await signUp(api);
    // The worker instance's own runner, with the real handlers.
    runners.push(other.jobs);
    await other.jobs.start();
    const forgot = await api.inject({
      method: 'POST',
      url: '/api/v1/forgot-password',
      payload: { email: member.email },
    });
    expect(forgot.statusCode).toBe(200);
    const mail = await eventually(
      () =>
        db()
          .selectFrom('outbox')
          .select(['to_address', 'subject'])
          .where('to_address', '=', member.email)
          .executeTakeFirst(),
      (row) => row !== undefined,
    );
    expect(mail!.subject).toMatch(/Reset your .* password/);
    const { jobs } = await queueOf(api).list({ name: 'auth.password-reset', limit: 5, offset: 0 });
    expect(jobs[0]).toMatchObject({ state: 'done', attempts: 1, progress: 100 });
    await stopAll();
  });

  it('shows a running job’s progress from any instance, in the table and in BullMQ, then done', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await startRunner(
      handlersWith({
        'auth.password-reset': {
          run: async (_payload: never, job) => {
            job.progress(40);
            await released;
          },
        },
      }),
    );
    const job = await queueOf(api).enqueue('auth.password-reset', { email: 'progress@example.com' });
    const running = await eventually(
      () => queueOf(api).get(job.id),
      (info) => info?.state === 'running' && info.progress === 40,
    );
    expect(running).toMatchObject({ attempts: 1, payload: { email: 'progress@example.com' } });
    const bull = new Queue(laneQueueName('light'), { connection: { url: REDIS_URL }, prefix: BULL_PREFIX });
    const inRedis = await eventually(
      () => bull.getJob(`job-${job.id}`),
      (found) => found?.progress === 40,
    );
    expect(await inRedis!.getState()).toBe('active');
    await bull.close();
    expect((await queueOf(api).countByState()).running).toBe(1);
    release();
    await eventually(
      () => queueOf(api).get(job.id),
      (info) => info?.state === 'done' && info.progress === 100,
    );
    await stopAll();
  });

  it('retries a failing job with exponential backoff, and fails it for good after its attempts', async () => {
    const runs: Array<{ email: string; at: number }> = [];
    const failedHook: string[] = [];
    await startRunner(
      handlersWith({
        'auth.password-reset': {
          run: (payload: never) => {
            const { email } = payload as { email: string };
            runs.push({ email, at: Date.now() });
            if (email === 'never@example.com' || runs.filter((run) => run.email === email).length < 3)
              return Promise.reject(new Error(`smtp down for ${email}`));
            return Promise.resolve();
          },
          onFailed: (payload: never, error: string) => {
            failedHook.push(`${(payload as { email: string }).email}: ${error}`);
            return Promise.resolve();
          },
        },
      }),
      { backoffMs: 300 },
    );
    const third = await queueOf(api).enqueue(
      'auth.password-reset',
      { email: 'third-time@example.com' },
      { maxAttempts: 3 },
    );
    const never = await queueOf(api).enqueue(
      'auth.password-reset',
      { email: 'never@example.com' },
      { maxAttempts: 2 },
    );
    const waiting = await eventually(
      () => queueOf(api).get(third.id),
      (info) => info?.state === 'queued' && info.attempts === 1,
    );
    expect(waiting).toMatchObject({ lastError: 'smtp down for third-time@example.com' });
    expect(waiting!.runAt).toBeGreaterThan(waiting!.updatedAt);
    expect(
      await eventually(
        () => queueOf(api).get(third.id),
        (info) => info?.state === 'done',
      ),
    ).toMatchObject({ attempts: 3, lastError: null });
    const times = runs.filter((run) => run.email === 'third-time@example.com').map((run) => run.at);
    // 300 ms before the second attempt, 600 ms before the third: each wait doubles.
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(290);
    expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(590);
    expect(
      await eventually(
        () => queueOf(api).get(never.id),
        (info) => info?.state === 'failed',
      ),
    ).toMatchObject({ attempts: 2, lastError: 'smtp down for never@example.com' });
    expect(failedHook).toEqual(['never@example.com: smtp down for never@example.com']);

    // The console's retry queues it again with fresh attempts, through BullMQ.
    expect(await queueOf(api).retry(never.id)).toBe(true);
    await eventually(
      () => queueOf(api).get(never.id),
      (info) => info?.state === 'failed' && failedHook.length === 2,
    );
    await stopAll();
  });

  it('cancels a queued job (it leaves Redis) and a running one (its handler is aborted)', async () => {
    let aborted: unknown;
    await startRunner(
      handlersWith({
        'auth.password-reset': {
          run: (_payload: never, job) =>
            new Promise<void>((_resolve, reject) => {
              job.progress(5);
              job.signal.addEventListener('abort', () => {
                aborted = job.signal.reason;
                reject(new Error('stopped'));
              });
            }),
        },
      }),
    );
    const later = await queueOf(api).enqueue(
      'auth.password-reset',
      { email: 'later@example.com' },
      { runAt: Date.now() + 3_600_000 },
    );
    const bull = new Queue(laneQueueName('light'), { connection: { url: REDIS_URL }, prefix: BULL_PREFIX });
    expect(await (await bull.getJob(`job-${later.id}`))?.getState()).toBe('delayed');
    expect(await queueOf(api).cancel(later.id)).toBe(true);
    expect(await bull.getJob(`job-${later.id}`)).toBeUndefined();
    expect(await queueOf(api).get(later.id)).toMatchObject({ state: 'cancelled' });
    expect(await queueOf(api).cancel(later.id)).toBe(false);
    await bull.close();

    const busy = await queueOf(api).enqueue('auth.password-reset', { email: 'busy@example.com' });
    await eventually(
      () => queueOf(api).get(busy.id),
      (info) => info?.state === 'running' && info.progress === 5,
    );
    expect(await queueOf(api).cancel(busy.id)).toBe(true);
    await eventually(
      async () => aborted,
      (reason) => reason === 'cancelled',
    );
    await stopAll();
    expect(await queueOf(api).get(busy.id)).toMatchObject({ state: 'cancelled', attempts: 1 });
  });

  it('runs a repeatable job on its schedule, each occurrence once, with two runners sharing Redis', async () => {
    let runs = 0;
    const handlers = handlersWith({
      'profile.sweep-avatars': {
        run: async () => {
          runs++;
        },
      },
    });
    const everyMs = 500;
    const schedules = [{ name: 'profile.sweep-avatars' as const, everyMs }];
    const started = Date.now();
    await startRunner(handlers, { schedules });
    await startRunner(handlers, { schedules });
    await eventually(
      async () => runs,
      (count) => count >= 3,
    );
    await stopAll();
    const occurrences = Math.floor((Date.now() - started) / everyMs) + 1;
    // Two runners would make about twice as many runs if each queued every occurrence.
    expect(runs).toBeLessThanOrEqual(occurrences);
    const { jobs } = await queueOf(api).list({
      name: 'profile.sweep-avatars',
      state: 'done',
      limit: 50,
      offset: 0,
    });
    expect(jobs.filter((job) => job.createdAt >= started)).toHaveLength(runs);

    // A runner started without a repeatable job removes its scheduler from Redis.
    const schedulers = new Queue(SCHEDULES_QUEUE, { connection: { url: REDIS_URL }, prefix: BULL_PREFIX });
    expect((await schedulers.getJobSchedulers()).map((scheduler) => scheduler.key)).toContain(
      'profile.sweep-avatars',
    );
    await startRunner(handlers, { schedules: [] });
    await stopAll();
    expect(await schedulers.getJobSchedulers()).toEqual([]);
    await schedulers.close();
  });

  it('gives a video one transcode, however many times it is enqueued', async () => {
    let transcodes = 0;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const first = await queueOf(api).enqueue('transcode', { videoId: 424242 });
    const again = await queueOf(api).enqueue('transcode', { videoId: 424242, discardSource: true });
    expect(again.id).toBe(first.id);
    // Two processes enqueueing it at the same moment still make one BullMQ job for the video.
    const bull = new Queue(laneQueueName('media'), { connection: { url: REDIS_URL }, prefix: BULL_PREFIX });
    expect(await (await bull.getJob('transcode-video-424242'))?.getState()).toBe('waiting');
    await startRunner(
      handlersWith({
        transcode: {
          run: async () => {
            transcodes++;
            await released;
          },
        },
      }),
      { concurrency: { media: 2, light: 0 } },
    );
    await eventually(
      () => queueOf(api).get(first.id),
      (info) => info?.state === 'running',
    );
    expect((await queueOf(other as unknown as App).enqueue('transcode', { videoId: 424242 })).id).toBe(
      first.id,
    );
    release();
    await eventually(
      () => queueOf(api).get(first.id),
      (info) => info?.state === 'done',
    );
    expect(await queueOf(api).enqueue('transcode', { videoId: 424242 })).toMatchObject({ id: first.id });
    expect(transcodes).toBe(1);
    const { total } = await queueOf(api).list({ name: 'transcode', limit: 10, offset: 0 });
    expect(total).toBe(1);
    await bull.close();
    await stopAll();
  });

  it('runs a job only once its transaction commits, never one rolled back, and one whose hand-over was lost', async () => {
    const ran: string[] = [];
    await startRunner(
      handlersWith({
        'auth.password-reset': {
          run: (payload: never) => {
            ran.push((payload as { email: string }).email);
            return Promise.resolve();
          },
        },
      }),
    );
    let committedId = 0;
    await db()
      .transaction()
      .execute(async (trx) => {
        committedId = (
          await queueOf(api).enqueue(
            'auth.password-reset',
            { email: 'slow-commit@example.com' },
            { within: trx },
          )
        ).id;
        await new Promise((resolve) => setTimeout(resolve, 700));
      });
    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          await queueOf(api).enqueue(
            'auth.password-reset',
            { email: 'rolled-back@example.com' },
            { within: trx },
          );
          throw new Error('the change failed');
        }),
    ).rejects.toThrow('the change failed');
    // A process that died between its commit and the hand-over: the row exists, Redis never heard of it.
    const lost = await createDatabaseQueue(db(), { maxAttempts: 3 }).enqueue('auth.password-reset', {
      email: 'lost-dispatch@example.com',
    });
    await eventually(
      () => queueOf(api).get(committedId),
      (info) => info?.state === 'done',
    );
    await eventually(
      () => queueOf(api).get(lost.id),
      (info) => info?.state === 'done',
    );
    expect(ran.sort()).toEqual(['lost-dispatch@example.com', 'slow-commit@example.com']);
    await stopAll();
  });

  it('lets a running job finish on stop, and hands one that outlasts the grace period back', async () => {
    let finishQuickly!: () => void;
    const quick = new Promise<void>((resolve) => (finishQuickly = resolve));
    const runner = await startRunner(
      handlersWith({
        'auth.password-reset': {
          run: async (payload: never, job) => {
            job.progress(1);
            if ((payload as { email: string }).email === 'quick@example.com') return quick;
            await new Promise<void>((_resolve, reject) =>
              job.signal.addEventListener('abort', () => reject(new Error('interrupted'))),
            );
          },
        },
      }),
      { shutdownGraceMs: 1500 },
    );
    const short = await queueOf(api).enqueue('auth.password-reset', { email: 'quick@example.com' });
    const long = await queueOf(api).enqueue('auth.password-reset', { email: 'endless@example.com' });
    for (const id of [short.id, long.id])
      await eventually(
        () => queueOf(api).get(id),
        (info) => info?.state === 'running' && info.progress === 1,
      );
    const stopping = runner.stop();
    finishQuickly();
    await stopping;
    expect(await queueOf(api).get(short.id)).toMatchObject({ state: 'done' });
    // Handed back without spending an attempt, and finished by the next worker.
    expect(await queueOf(api).get(long.id)).toMatchObject({ state: 'queued', attempts: 0 });
    await startRunner(handlersWith({}));
    expect(
      await eventually(
        () => queueOf(api).get(long.id),
        (info) => info?.state === 'done',
      ),
    ).toMatchObject({ attempts: 1 });
    await stopAll();
  });

  it('finishes in another worker a job whose worker process was killed mid-job', async () => {
    const fixture = path.join(import.meta.dirname, 'bullmq-worker.fixture.ts');
    const child: ChildProcess = spawn(
      process.execPath,
      ['--import', 'tsx', fixture, dbUrl, REDIS_URL, BULL_PREFIX],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    await new Promise<void>((resolve, reject) => {
      child.stdout!.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('ready')) resolve();
      });
      child.once('exit', (code) => reject(new Error(`the worker process exited with ${code}`)));
    });
    const job = await queueOf(api).enqueue('auth.password-reset', { email: 'orphan@example.com' });
    await eventually(
      () => queueOf(api).get(job.id),
      (info) => info?.state === 'running' && info.progress === 10,
    );
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    let finishedBy = '';
    await startRunner(
      handlersWith({
        'auth.password-reset': {
          run: () => {
            finishedBy = 'the surviving worker';
            return Promise.resolve();
          },
        },
      }),
    );
    expect(
      await eventually(
        () => queueOf(api).get(job.id),
        (info) => info?.state === 'done',
        30_000,
      ),
    ).toMatchObject({ attempts: 2, progress: 100 });
    expect(finishedBy).toBe('the surviving worker');
    await stopAll();
  }, 60_000);
});
