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

/** A job with what it works on, for the operator's list. */
export interface JobDetails extends JobInfo {
  /** The payload as enqueued (checked against the job map). */
  payload: unknown;
}

/** Which jobs to list: newest first, one page at a time. */
export interface JobListFilter {
  name?: string;
  state?: JobState;
  limit: number;
  offset: number;
}

/** A change to a job made as part of a larger one: written in that change's transaction. */
export interface JobChangeOptions {
  within?: Db;
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
  /** `within`: read it in the transaction of a change to it. */
  get(id: number, options?: JobChangeOptions): Promise<JobDetails | undefined>;
  /** Jobs newest first, with their payloads, and how many match the filter in all. */
  list(filter: JobListFilter): Promise<{ jobs: JobDetails[]; total: number }>;
  /**
   * Stops a queued or running job for good (a running one is aborted at its worker's next
   * heartbeat); false when it had already ended.
   */
  cancel(id: number, options?: JobChangeOptions): Promise<boolean>;
  /** Queues a failed or cancelled job again, with its attempts reset; false otherwise. */
  retry(id: number, options?: JobChangeOptions): Promise<boolean>;
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
