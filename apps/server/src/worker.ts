/**
 * `npm run worker`: a process that runs background jobs only (transcoding, mail, password
 * resets, and the recurring ones of the job map), beside API processes started with
 * IN_PROCESS_WORKER=false. Any number may run on one
 * database; each claims jobs atomically. With REDIS_URL set, BullMQ delivers the jobs and
 * transcodes run in its sandboxed child processes (docs/decisions/0021).
 */
import { createRuntime, type Runtime } from './app-context';
import { loadConfigOrExit } from './config';

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  // Set once started; a stop before then has nothing to close.
  const started: { runtime?: Runtime } = {};
  let stopping = false;
  const shutdown = async (signal: string) => {
    // Ctrl-C reaches a cluster's processes both from the terminal and from the primary.
    if (stopping) return;
    stopping = true;
    started.runtime?.ctx.log.info({ signal }, 'worker stopping; running jobs go back to the queue');
    await started.runtime?.close();
    process.exit(0);
  };
  // Listening before anything else: a stop that comes while the worker is still starting counts.
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  // Started by `npm run start:cluster`: a worker whose primary is gone stops too.
  process.once('disconnect', () => void shutdown('the cluster primary went away'));
  const runtime = await createRuntime(config);
  started.runtime = runtime;
  await runtime.jobs.start();
  runtime.ctx.log.info(`${config.appName} worker is running jobs`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
