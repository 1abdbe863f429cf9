import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/connection';
import { messageOf } from './job-context';
import type { JobSchedule } from './job-map';
import type { JobQueue } from './queue';

export interface JobSchedulerOptions {
  /** How often due runs are looked for; an interval's run starts at most this late. */
  checkEveryMs?: number;
  log?: Pick<FastifyBaseLogger, 'info' | 'warn'>;
}

/**
 * The next run after a due one: the first occurrence of the interval that is still to come, so
 * runs missed while no runner was up are not made up one by one.
 */
export function nextRunAfter(due: number, everyMs: number, now: number): number {
  const elapsed = Math.max(0, now - due);
  return due + (Math.floor(elapsed / everyMs) + 1) * everyMs;
}

/**
 * Queues the runs of repeatable jobs over the job_schedules table (migration 0019), for the
 * embedded runner. A schedule first seen is due at once. A due run is claimed by moving its
 * `next_run_at` on with a conditional UPDATE, and queued in the same transaction: of several
 * processes checking at once, exactly one queues each run. The job's dedupe key keeps a second
 * run from being queued while one still waits or runs.
 */
export function createJobScheduler(
  db: Db,
  queue: Pick<JobQueue, 'enqueue'>,
  schedules: readonly JobSchedule[],
  options: JobSchedulerOptions = {},
) {
  const checkEveryMs = options.checkEveryMs ?? 15_000;
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  let checking: Promise<number> | undefined;

  /** Queues one run of `schedule` when it is due at `now` and no other process took it; true when queued. */
  async function queueIfDue(schedule: JobSchedule, now: number): Promise<boolean> {
    await db
      .insertInto('job_schedules')
      .values({ name: schedule.name, next_run_at: now })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const row = await db
      .selectFrom('job_schedules')
      .select('next_run_at')
      .where('name', '=', schedule.name)
      .executeTakeFirstOrThrow();
    const due = Number(row.next_run_at);
    if (due > now) return false;
    return db.transaction().execute(async (trx) => {
      const claimed = await trx
        .updateTable('job_schedules')
        .set({ next_run_at: nextRunAfter(due, schedule.everyMs, now) })
        .where('name', '=', schedule.name)
        .where('next_run_at', '=', due)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) return false;
      await queue.enqueue(schedule.name, {}, { within: trx });
      return true;
    });
  }

  /** Queues every run due at `now`; returns how many it queued. Never throws. */
  function check(now = Date.now()): Promise<number> {
    checking ??= (async () => {
      let queued = 0;
      for (const schedule of schedules) {
        try {
          if (await queueIfDue(schedule, now)) queued++;
        } catch (error) {
          options.log?.warn(
            { job: schedule.name, err: messageOf(error) },
            'could not queue a repeatable job',
          );
        }
      }
      return queued;
    })().finally(() => {
      checking = undefined;
    });
    return checking;
  }

  function scheduleCheck() {
    if (!running) return;
    timer = setTimeout(() => {
      void check().finally(scheduleCheck);
    }, checkEveryMs);
    timer.unref?.();
  }

  return {
    check,
    async start(): Promise<void> {
      if (running || schedules.length === 0) return;
      running = true;
      await check();
      scheduleCheck();
    },
    async stop(): Promise<void> {
      running = false;
      clearTimeout(timer);
      await checking;
    },
  };
}
export type JobScheduler = ReturnType<typeof createJobScheduler>;
