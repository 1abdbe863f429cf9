import type { Db } from '../db/connection';
import { dedupeKeyOf } from './dedupe-key';
import { isJobName, JobMap, type JobName, type JobPayload } from './job-map';
import { createJobsRepository, type JobRow } from './jobs.repository';
import {
  JOB_STATES,
  type EnqueueOptions,
  type JobDetails,
  type JobInfo,
  type JobQueue,
  type JobState,
} from './queue';

export const toJobInfo = (row: JobRow): JobInfo => ({
  id: row.id,
  name: row.type,
  state: row.status,
  progress: row.progress,
  attempts: row.attempts,
  maxAttempts: row.max_attempts,
  lastError: row.last_error,
  runAt: row.run_at,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

const parsedPayload = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
};

const toJobDetails = (row: JobRow): JobDetails => ({
  ...toJobInfo(row),
  payload: parsedPayload(row.payload),
});

/** Checks a payload against the job map; the error names the job and the fields. */
export function checkedPayload<N extends JobName>(name: N, payload: unknown): JobPayload<N> {
  if (!isJobName(name)) throw new Error(`unknown job ${JSON.stringify(name)}`);
  const parsed = JobMap[name].payload.safeParse(payload);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.') || 'payload'}: ${issue.message}`,
    );
    throw new Error(`invalid payload for job ${name}: ${problems.join('; ')}`);
  }
  return parsed.data as JobPayload<N>;
}

const maxAttemptsOf = (name: JobName): number | undefined => {
  const job = JobMap[name];
  return 'maxAttempts' in job ? job.maxAttempts : undefined;
};

/** The embedded queue: jobs are rows of the jobs table, claimed by workers in any process. */
export function createDatabaseQueue(db: Db, defaults: { maxAttempts: number }): JobQueue {
  const jobs = createJobsRepository(db);
  return {
    async enqueue(name, payload, options: EnqueueOptions = {}) {
      const checked = checkedPayload(name, payload);
      const now = Date.now();
      const repository = createJobsRepository(options.within ?? db);
      const job = {
        type: name,
        payload: JSON.stringify(checked),
        maxAttempts: options.maxAttempts ?? maxAttemptsOf(name) ?? defaults.maxAttempts,
        runAt: options.runAt ?? now,
        now,
      };
      const dedupeKey = dedupeKeyOf(name, checked);
      if (dedupeKey === null) return toJobInfo(await repository.insert(job));
      // One live job per key: a second enqueue gets the one already queued or running. If that
      // one ended between the insert and the look-up, the insert is tried again.
      for (;;) {
        const row =
          (await repository.insertUnlessLive({ ...job, dedupeKey })) ??
          (await repository.findLive(dedupeKey));
        if (row) return toJobInfo(row);
      }
    },
    async get(id, options = {}) {
      const row = await createJobsRepository(options.within ?? db).findById(id);
      return row && toJobDetails(row);
    },
    async list(filter) {
      const { rows, total } = await jobs.list(filter);
      return { jobs: rows.map(toJobDetails), total };
    },
    cancel: (id, options = {}) => createJobsRepository(options.within ?? db).cancel(id, Date.now()),
    retry: (id, options = {}) => createJobsRepository(options.within ?? db).requeueEnded(id, Date.now()),
    async countByState() {
      const counts = Object.fromEntries(JOB_STATES.map((state) => [state, 0])) as Record<JobState, number>;
      for (const { status, count } of await jobs.countByStatus()) counts[status] = count;
      return counts;
    },
  };
}
