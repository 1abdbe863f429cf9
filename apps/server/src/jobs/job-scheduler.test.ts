import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/app';
import { createJobScheduler, nextRunAfter } from './job-scheduler';
import type { JobHandler, JobHandlers, JobSchedule } from './job-map';
import type { JobRunner } from './queue';
import { createDatabaseJobRunner } from './runner';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const runners: JobRunner[] = [];
afterEach(async () => {
  await Promise.all(runners.splice(0).map((runner) => runner.stop()));
  await db().deleteFrom('jobs').execute();
  await db().deleteFrom('job_schedules').execute();
});

const db = () => server.app.ctx.db;
const HOUR_MS = 3_600_000;
const hourly: JobSchedule = { name: 'profile.sweep-avatars', everyMs: HOUR_MS };
const T0 = Date.UTC(2030, 0, 1, 12);

const runsOf = (name: string) =>
  db().selectFrom('jobs').select(['id', 'status']).where('type', '=', name).orderBy('id').execute();

describe('the schedule of a repeatable job', () => {
  it('queues a run when first seen, then one per interval, however many processes check', async () => {
    const first = createJobScheduler(db(), server.app.ctx.jobs, [hourly]);
    const second = createJobScheduler(db(), server.app.ctx.jobs, [hourly]);

    expect(await Promise.all([first.check(T0), second.check(T0)])).toEqual(expect.arrayContaining([1, 0]));
    expect(await runsOf(hourly.name)).toHaveLength(1);
    // The same occurrence is never queued twice, by either process.
    expect(await first.check(T0 + HOUR_MS - 1)).toBe(0);
    expect(await second.check(T0 + 10)).toBe(0);

    const [run] = await runsOf(hourly.name);
    await server.app.jobs.runJob(run!.id);
    expect(await Promise.all([second.check(T0 + HOUR_MS), first.check(T0 + HOUR_MS)])).toEqual(
      expect.arrayContaining([1, 0]),
    );
    expect((await runsOf(hourly.name)).map((row) => row.status)).toEqual(['done', 'queued']);
  });

  it('does not queue a second run while one still waits, nor make up runs missed while no runner was up', async () => {
    const scheduler = createJobScheduler(db(), server.app.ctx.jobs, [hourly]);
    await scheduler.check(T0);
    await scheduler.check(T0 + HOUR_MS);
    expect(await runsOf(hourly.name)).toHaveLength(1);

    const [run] = await runsOf(hourly.name);
    await server.app.jobs.runJob(run!.id);
    expect(await scheduler.check(T0 + 5.5 * HOUR_MS)).toBe(1);
    expect(await scheduler.check(T0 + 5.9 * HOUR_MS)).toBe(0);
    const { next_run_at } = await db()
      .selectFrom('job_schedules')
      .select('next_run_at')
      .where('name', '=', hourly.name)
      .executeTakeFirstOrThrow();
    expect(Number(next_run_at)).toBe(T0 + 6 * HOUR_MS);
  });

  it('places the next run on the first occurrence still to come', () => {
    expect(nextRunAfter(T0, HOUR_MS, T0)).toBe(T0 + HOUR_MS);
    expect(nextRunAfter(T0, HOUR_MS, T0 + HOUR_MS)).toBe(T0 + 2 * HOUR_MS);
    expect(nextRunAfter(T0, HOUR_MS, T0 + 2.5 * HOUR_MS)).toBe(T0 + 3 * HOUR_MS);
  });
});

describe('repeatable jobs in database job runners', () => {
  it('run on their schedule, each occurrence once, with two runners on one database', async () => {
    const everyMs = 250;
    let runs = 0;
    const counting: JobHandler<never> = {
      run: async () => {
        runs++;
      },
    };
    const handlers = { 'profile.sweep-avatars': counting } as unknown as JobHandlers;
    const started = Date.now();
    for (let i = 0; i < 2; i++) {
      const runner = createDatabaseJobRunner(db(), handlers, {
        concurrency: { media: 0, light: 2 },
        worker: { pollIntervalMs: 10 },
        schedules: {
          jobs: [{ name: 'profile.sweep-avatars', everyMs }],
          queue: server.app.ctx.jobs,
          checkEveryMs: 10,
        },
      });
      runners.push(runner);
      await runner.start();
    }
    await new Promise((resolve) => setTimeout(resolve, 4 * everyMs + 100));
    await Promise.all(runners.splice(0).map((runner) => runner.stop()));
    const occurrences = Math.floor((Date.now() - started) / everyMs) + 1;

    const rows = await runsOf('profile.sweep-avatars');
    expect(runs).toBeGreaterThanOrEqual(3);
    // Two runners checking every 10 ms would make about twice as many if they both queued a run.
    expect(runs).toBeLessThanOrEqual(occurrences);
    expect(rows.filter((row) => row.status === 'done')).toHaveLength(runs);
  });
});
