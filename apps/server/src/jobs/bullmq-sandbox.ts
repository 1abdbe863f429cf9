import type { SandboxedJob } from 'bullmq';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/connection';
import {
  createBullmqJobProcessor,
  type BullmqJobProcessor,
  type BullmqProcessorOptions,
} from './bullmq-processor';
import type { BullmqJobData } from './bullmq-queue';
import type { JobHandler } from './job-map';

/** How the worker hands its runner's options (backoff, heartbeat...) to the children it forks. */
export const SANDBOX_OPTIONS_ENV = 'REELTIME_JOB_SANDBOX_OPTIONS';

/** Abort reason of the jobs of a child whose worker went away. */
const ORPHANED = 'orphaned';

/** What a sandboxed child needs to run its lane's jobs against their rows. */
export interface SandboxRuntime {
  db: Db;
  handlers: Record<string, JobHandler<never>>;
  log?: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

const optionsFromEnv = (): BullmqProcessorOptions => {
  // eslint-disable-next-line no-restricted-properties -- handed over by the worker, not configuration
  const text = process.env[SANDBOX_OPTIONS_ENV];
  return text ? (JSON.parse(text) as BullmqProcessorOptions) : {};
};

/**
 * The default export of a BullMQ processor file: BullMQ forks a child process that imports it and
 * calls it for each job, relaying progress and delays to the worker. The child builds what its
 * jobs need once (`bootstrap`: configuration from the environment, database, stores) and runs each
 * job as the worker would, against its row. When the worker dies the child stops its jobs at once
 * (their ffmpeg with them) and exits, so another worker can take them over without a twin.
 */
export function sandboxedProcessor(bootstrap: () => Promise<SandboxRuntime>) {
  let processor: Promise<BullmqJobProcessor> | undefined;
  let ready: BullmqJobProcessor | undefined;
  const processorOf = () =>
    (processor ??= bootstrap().then((runtime) => {
      ready = createBullmqJobProcessor(runtime.db, runtime.handlers, {
        ...optionsFromEnv(),
        log: runtime.log,
      });
      return ready;
    }));

  process.once('disconnect', () => {
    ready?.abortAll(ORPHANED);
    process.exit(1);
  });
  // Whatever ends this process, the tools its jobs started end with it (aborting kills them).
  process.once('exit', () => ready?.abortAll(ORPHANED));

  return async function processSandboxedJob(
    job: SandboxedJob<BullmqJobData>,
    token: string | undefined,
    signal: AbortSignal | undefined,
  ): Promise<void> {
    await (await processorOf()).processJob(job, token, signal);
  };
}
