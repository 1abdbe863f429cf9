import type { Db } from '../db/connection';
import { createJobsRepository, type JobRow } from './jobs.repository';

export interface EnqueueOptions {
  maxAttempts?: number;
  /** Epoch ms; now by default. */
  runAt?: number;
}

/** Puts work on the jobs table; any worker with a handler for the type picks it up. */
export function createJobQueue(db: Db, defaults: { maxAttempts: number }) {
  const jobs = createJobsRepository(db);
  return {
    async enqueue<P>(type: string, payload: P, options: EnqueueOptions = {}): Promise<JobRow> {
      const now = Date.now();
      return jobs.insert({
        type,
        payload: JSON.stringify(payload),
        maxAttempts: options.maxAttempts ?? defaults.maxAttempts,
        runAt: options.runAt ?? now,
        now,
      });
    },
    get: (id: number) => jobs.findById(id),
  };
}
export type JobQueue = ReturnType<typeof createJobQueue>;
