import type { FastifyBaseLogger } from 'fastify';
import { checkedPayload } from './database-queue';
import { isJobName, type JobContext, type JobHandler } from './job-map';
import type { JobRow } from './jobs.repository';

export interface JobContextOptions {
  /** Minimum time between two progress writes. */
  progressIntervalMs: number;
  /** Records a progress value: on the row, and on BullMQ's job where there is one. */
  writeProgress(percent: number): Promise<unknown>;
  log?: Pick<FastifyBaseLogger, 'warn'> | undefined;
}

export const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * A claimed job as its handler sees it (progress rounded, never going back, writes throttled and
 * in order), and `run`, which checks the payload, runs the handler and waits for its progress
 * writes: after a success, the last value the throttle held back is written too. `run` never
 * throws; it returns the payload and what the handler failed with, if anything.
 */
export function createJobContext(row: JobRow, signal: AbortSignal, options: JobContextOptions) {
  let lastWrite = 0;
  let latest = -1;
  let pendingWrite: Promise<unknown> = Promise.resolve();
  const write = (percent: number) => {
    pendingWrite = pendingWrite
      .then(() => options.writeProgress(percent))
      .catch((error: unknown) =>
        options.log?.warn({ jobId: row.id, err: messageOf(error) }, 'could not record job progress'),
      );
  };
  const context: JobContext = {
    id: row.id,
    attempt: row.attempts,
    maxAttempts: row.max_attempts,
    signal,
    progress(percent) {
      const value = Math.max(0, Math.min(100, Math.round(percent * 10) / 10));
      if (value <= latest) return;
      latest = value;
      const now = Date.now();
      if (now - lastWrite >= options.progressIntervalMs) {
        lastWrite = now;
        write(value);
      }
    },
  };

  async function run(
    handler: JobHandler<never> | undefined,
  ): Promise<{ payload: unknown; failure: unknown }> {
    let payload: unknown;
    let failure: unknown;
    try {
      if (!handler) throw new Error(`no handler for job type ${row.type}`);
      payload = JSON.parse(row.payload);
      if (isJobName(row.type)) payload = checkedPayload(row.type, payload);
      await handler.run(payload as never, context);
    } catch (error) {
      failure = error ?? new Error('job failed');
    }
    await pendingWrite;
    if (failure === undefined && latest >= 0 && latest < 100) write(latest);
    await pendingWrite;
    return { payload, failure };
  }

  return { context, run };
}
