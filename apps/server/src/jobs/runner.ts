import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/connection';
import { toJobInfo } from './database-queue';
import { JobMap, jobNames, type JobHandlers, type JobLane } from './job-map';
import type { JobRunner } from './queue';
import { createJobWorker, type JobHandler, type WorkerOptions } from './worker';

export interface RunnerOptions {
  /** Jobs run at the same time, per lane; a lane of 0 runs nothing here. */
  concurrency: Record<JobLane, number>;
  log?: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  worker?: Omit<WorkerOptions, 'concurrency' | 'log'>;
}

/** The embedded runner: one database worker per lane, each with the handlers of its jobs. */
export function createDatabaseJobRunner(db: Db, handlers: JobHandlers, options: RunnerOptions): JobRunner {
  const lanes = (Object.keys(options.concurrency) as JobLane[]).map((lane) => {
    const laneHandlers: Record<string, JobHandler<never>> = {};
    for (const name of jobNames) {
      if (JobMap[name].lane === lane) laneHandlers[name] = handlers[name] as JobHandler<never>;
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

  return {
    get running() {
      return lanes.some((worker) => worker.running);
    },
    async start() {
      for (const worker of lanes) await worker.start();
    },
    async stop() {
      await Promise.all(lanes.map((worker) => worker.stop()));
    },
    async runJob(id) {
      const row = await all.runJob(id);
      return row && toJobInfo(row);
    },
    drain: () => all.drain(),
  };
}
