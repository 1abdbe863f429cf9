import type { Db } from '../db/connection';
import type { JobName, JobPayload } from './job-map';

export type JobState = 'queued' | 'running' | 'done' | 'failed' | 'cancelled';
export const JOB_STATES: readonly JobState[] = ['queued', 'running', 'done', 'failed', 'cancelled'];

/** A job as the rest of the server sees it, whichever queue holds it. */
export interface JobInfo {
  id: number;
  name: string;
  state: JobState;
  /** Percent, 0–100. */
  progress: number;
  attempts: number;
  maxAttempts: number;
  lastError: string | null;
  runAt: number;
  createdAt: number;
  updatedAt: number;
}

export interface EnqueueOptions {
  maxAttempts?: number;
  /** Epoch ms; now by default. */
  runAt?: number;
  /**
   * The transaction of the change that causes the job. The database queue writes the job in it,
   * so the job exists exactly when the change commits.
   */
  within?: Db;
}

/**
 * Puts work in the background. The embedded implementation keeps jobs in the database; a Redis
 * one (BullMQ) satisfies the same interface. `failed` is the dead-letter state: a job whose last
 * attempt failed stays there, with its error, until retried.
 */
export interface JobQueue {
  /** Refuses an unknown name or a payload that does not match the job map. */
  enqueue<N extends JobName>(name: N, payload: JobPayload<N>, options?: EnqueueOptions): Promise<JobInfo>;
  get(id: number): Promise<JobInfo | undefined>;
  /** Stops a queued or running job for good; false when it had already ended. */
  cancel(id: number): Promise<boolean>;
  /** Queues a failed or cancelled job again, with its attempts reset; false otherwise. */
  retry(id: number): Promise<boolean>;
  countByState(): Promise<Record<JobState, number>>;
}

/** Runs the jobs of a queue: in the API process by default, or in `npm run worker` processes. */
export interface JobRunner {
  readonly running: boolean;
  /** Starts taking jobs (after putting back those a dead worker left running). */
  start(): Promise<void>;
  /** Stops taking jobs; running ones are interrupted and go back to the queue. */
  stop(): Promise<void>;
  /** Runs one job to its end now, whatever its run time; undefined when it was not queued. For tests and scripts. */
  runJob(id: number): Promise<JobInfo | undefined>;
  /** Runs every due job one after another until none is left; for tests and scripts. */
  drain(): Promise<number>;
}
