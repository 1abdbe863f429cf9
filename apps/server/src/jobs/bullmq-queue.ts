import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/connection';
import { createDatabaseQueue } from './database-queue';
import { JobMap, type JobLane, type JobName } from './job-map';
import type { JobRow } from './jobs.repository';
import type { JobInfo, JobQueue } from './queue';

/**
 * What a BullMQ job carries: the id of its row in the jobs table, and the time the row was last
 * written when it was dispatched. A worker that finds the row older than that (or missing) is
 * looking before the enqueuing transaction committed, and waits for it.
 */
export interface BullmqJobData {
  id: number;
  name: string;
  at: number;
}

export interface BullmqQueueOptions {
  redisUrl: string;
  /** Namespaces every key of these queues (several sites, or test runs, on one Redis). */
  prefix: string;
  maxAttempts: number;
  /** A dispatch that takes longer (Redis away) is left to the sweep. */
  dispatchTimeoutMs?: number;
  log?: Pick<FastifyBaseLogger, 'warn'>;
}

/** One BullMQ queue per lane, so each lane has its own workers and concurrency. */
export const laneQueueName = (lane: JobLane) => `jobs-${lane}`;
export const lanes: readonly JobLane[] = ['media', 'light'];

const videoIdOf = (payload: string): number | undefined => {
  try {
    const parsed = JSON.parse(payload) as { videoId?: unknown };
    return typeof parsed.videoId === 'number' ? parsed.videoId : undefined;
  } catch {
    return undefined;
  }
};

/**
 * The BullMQ id of a job row. A transcode's is fixed by its video, so two transcodes of one video
 * never exist in Redis together; other jobs use their row id (BullMQ refuses ids that are
 * integers or contain a colon).
 */
export function bullmqJobId(row: Pick<JobRow, 'id' | 'type' | 'payload'>): string {
  if (row.type === 'transcode') {
    const videoId = videoIdOf(row.payload);
    if (videoId !== undefined) return `transcode-video-${videoId}`;
  }
  return `job-${row.id}`;
}

const laneOf = (type: string): JobLane => (type in JobMap ? JobMap[type as JobName].lane : 'light');

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The transcode of this video that is queued, running or done, if any (a second one is never made). */
async function liveTranscodeOf(db: Db, videoId: number): Promise<JobRow | undefined> {
  const rows = await db
    .selectFrom('jobs')
    .selectAll()
    .where('type', '=', 'transcode')
    .where('status', 'in', ['queued', 'running', 'done'])
    .where('payload', 'like', `{"videoId":${videoId}%`)
    .orderBy('id')
    .execute();
  return rows.find((row) => videoIdOf(row.payload) === videoId);
}

export type BullmqQueue = JobQueue & {
  /** Hands job rows to BullMQ; a row already there under its id is left alone. */
  dispatch(
    rows: ReadonlyArray<Pick<JobRow, 'id' | 'type' | 'payload' | 'run_at' | 'updated_at'>>,
  ): Promise<void>;
  /**
   * Dispatches the rows that need a job in Redis and may not have one: queued rows untouched for
   * `quietMs` (their dispatch may have been lost with a process or Redis), and running rows whose
   * worker has shown no sign of life for `staleMs`. Returns how many rows it looked at.
   */
  sweep(options: { quietMs: number; staleMs: number }): Promise<number>;
  readonly prefix: string;
  readonly redisUrl: string;
  close(): Promise<void>;
};

/**
 * The job queue when REDIS_URL is set. The jobs table stays the record of every job (its id,
 * state, progress, attempts, error and payload: what the console lists and what videos join), and
 * is written in the transaction of the change that causes a job, as before. BullMQ carries the
 * work: one queue per lane, delayed jobs and retries in its delayed set, locks, and stalled-job
 * recovery that hands a dead worker's job to another. A row is handed to BullMQ right after it
 * is written; a sweep by the runners re-dispatches any row whose hand-over was lost.
 */
export function createBullmqQueue(db: Db, options: BullmqQueueOptions): BullmqQueue {
  const base = createDatabaseQueue(db, { maxAttempts: options.maxAttempts });
  const connection = new Redis(options.redisUrl, { maxRetriesPerRequest: null, lazyConnect: false });
  const queues = new Map<JobLane, Queue<BullmqJobData>>(
    lanes.map((lane) => [
      lane,
      new Queue<BullmqJobData>(laneQueueName(lane), { connection, prefix: options.prefix }),
    ]),
  );
  const queueOf = (type: string) => queues.get(laneOf(type))!;
  const dispatchTimeoutMs = options.dispatchTimeoutMs ?? 2000;
  const pending = new Set<Promise<unknown>>();

  const addAll = async (
    rows: ReadonlyArray<Pick<JobRow, 'id' | 'type' | 'payload' | 'run_at' | 'updated_at'>>,
  ) => {
    const now = Date.now();
    for (const lane of lanes) {
      const ofLane = rows.filter((row) => laneOf(row.type) === lane);
      for (let start = 0; start < ofLane.length; start += 500) {
        await queues.get(lane)!.addBulk(
          ofLane.slice(start, start + 500).map((row) => ({
            name: row.type,
            data: { id: row.id, name: row.type, at: row.updated_at },
            opts: {
              jobId: bullmqJobId(row),
              delay: Math.max(0, row.run_at - now),
              removeOnComplete: true,
              removeOnFail: true,
            },
          })),
        );
      }
    }
  };

  /** Never throws and never waits long: a row left undispatched is picked up by the sweep. */
  const dispatch: BullmqQueue['dispatch'] = async (rows) => {
    let timer: NodeJS.Timeout | undefined;
    const attempt = addAll(rows);
    pending.add(attempt);
    try {
      await Promise.race([
        attempt,
        new Promise((_resolve, reject) => {
          timer = setTimeout(() => reject(new Error('Redis did not answer in time')), dispatchTimeoutMs);
        }),
      ]);
    } catch (error) {
      options.log?.warn(
        { jobIds: rows.map((row) => row.id), err: messageOf(error) },
        'could not hand jobs to the queue; the sweep will',
      );
    } finally {
      clearTimeout(timer);
      void attempt.catch(() => undefined).finally(() => pending.delete(attempt));
    }
  };

  const rowOf = (info: JobInfo, type: string, payload: unknown) => ({
    id: info.id,
    type,
    payload: JSON.stringify(payload),
    run_at: info.runAt,
    updated_at: info.updatedAt,
  });

  return {
    prefix: options.prefix,
    redisUrl: options.redisUrl,
    async enqueue(name, payload, enqueueOptions = {}) {
      if (name === 'transcode') {
        const videoId = (payload as { videoId?: unknown }).videoId;
        if (typeof videoId === 'number') {
          const live = await liveTranscodeOf(enqueueOptions.within ?? db, videoId);
          if (live) {
            const { payload: _payload, ...info } = (await base.get(live.id, enqueueOptions))!;
            return info;
          }
        }
      }
      const info = await base.enqueue(name, payload, enqueueOptions);
      await dispatch([rowOf(info, name, payload)]);
      return info;
    },
    get: (id, getOptions) => base.get(id, getOptions),
    list: (filter) => base.list(filter),
    countByState: () => base.countByState(),
    async cancel(id, cancelOptions = {}) {
      const row = await base.get(id, cancelOptions);
      if (!(await base.cancel(id, cancelOptions))) return false;
      // A waiting or delayed job leaves Redis now; a running one is stopped by its worker, which
      // sees the row cancelled at its next heartbeat.
      if (row) {
        const jobId = bullmqJobId({ id, type: row.name, payload: JSON.stringify(row.payload) });
        await queueOf(row.name)
          .remove(jobId)
          .catch(() => 0);
      }
      return true;
    },
    async retry(id, retryOptions = {}) {
      if (!(await base.retry(id, retryOptions))) return false;
      const row = (await base.get(id, retryOptions))!;
      await dispatch([rowOf(row, row.name, row.payload)]);
      return true;
    },
    dispatch,
    async sweep({ quietMs, staleMs }) {
      const now = Date.now();
      const rows = await db
        .selectFrom('jobs')
        .select(['id', 'type', 'payload', 'run_at', 'updated_at'])
        .where((eb) =>
          eb.or([
            eb.and([eb('status', '=', 'queued'), eb('updated_at', '<', now - quietMs)]),
            eb.and([
              eb('status', '=', 'running'),
              eb.or([eb('locked_at', 'is', null), eb('locked_at', '<', now - staleMs)]),
            ]),
          ]),
        )
        .orderBy('id')
        .execute();
      if (rows.length > 0) await addAll(rows);
      return rows.length;
    },
    async close() {
      await Promise.allSettled([...pending]);
      await Promise.all([...queues.values()].map((queue) => queue.close()));
      connection.disconnect();
    },
  };
}
