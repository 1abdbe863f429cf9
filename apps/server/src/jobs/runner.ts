import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/connection';
import { toJobInfo } from './database-queue';
import { JobMap, jobNames, type JobHandlers, type JobLane, type JobSchedule } from './job-map';
import { createJobScheduler } from './job-scheduler';
import type { JobQueue, JobRunner } from './queue';
import { createJobWorker, type JobHandler, type WorkerOptions } from './database-worker';

export interface RunnerOptions {
  /** Jobs run at the same time, per lane; a lane of 0 runs nothing here. */
  concurrency: Record<JobLane, number>;
  log?: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  worker?: Omit<WorkerOptions, 'concurrency' | 'log'>;
  /** Repeatable jobs whose runs this runner queues, through `queue`, while it runs. */
  schedules?: {
    jobs: readonly JobSchedule[];
    queue: Pick<JobQueue, 'enqueue'>;
    /** How often due runs are looked for. */
    checkEveryMs?: number;
  };
}

/**
 * The embedded runner: one database worker per lane, each with the handlers of its jobs, and the
 * scheduler that queues the runs of repeatable jobs.
 */
export function createDatabaseJobRunner(db: Db, handlers: JobHandlers, options: RunnerOptions): JobRunner {
  const lanes = (Object.keys(options.concurrency) as JobLane[]).map((lane) => {
    const laneHandlers: Record<string, JobHandler<never>> = {};
    for (const name of jobNames) {
      if (JobMap[name].lane === lane && handlers[name])
        laneHandlers[name] = handlers[name] as JobHandler<never>;
    }
    return createJobWorker(db, laneHandlers, {
      ...options.worker,
      concurrency: options.concurrency[lane],
      ...(options.log ? { log: options.log } : {}),
    });
  });
  // Any lane's worker can run any job by id: runJob and drain are for tests and scripts.
  const all = createJobWorker(db, handlers as unknown as Record<string, JobHandler<never>>, {
    ...options.worker,
    concurrency: 1,
    ...(options.log ? { log: options.log } : {}),
  });

  const scheduler = options.schedules
    ? createJobScheduler(db, options.schedules.queue, options.schedules.jobs, {
        ...(options.schedules.checkEveryMs === undefined
          ? {}
          : { checkEveryMs: options.schedules.checkEveryMs }),
        ...(options.log ? { log: options.log } : {}),
      })
    : undefined;

  return {
    get running() {
      return lanes.some((worker) => worker.running);
    },
    async start() {
      await scheduler?.start();
      for (const worker of lanes) await worker.start();
    },
    async stop() {
      await Promise.all([scheduler?.stop(), ...lanes.map((worker) => worker.stop())]);
    },
    async runJob(id) {
      const row = await all.runJob(id);
      return row && toJobInfo(row);
    },
    drain: () => all.drain(),
  };
}
