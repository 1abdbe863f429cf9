/**
 * `npm run start:cluster -- --api 3 --workers 1 [--port 3000]`: the scaled-out mode on one machine.
 * The primary of Node's `cluster` module forks API workers (src/main.ts) that share the public
 * port, and starts `npm run worker` processes (src/worker.ts), all on the PostgreSQL of
 * DATABASE_URL and the Redis of REDIS_URL, with one DATA_DIR and the same secrets. A process that
 * dies is restarted; Ctrl-C or SIGTERM stops them all, a second one kills them.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadConfigOrExit, type Config } from '../config';
import { parseClusterArgs, UsageError, type ClusterArgs } from './args';
import { launchCluster, serverDir, type RunningCluster } from './cluster';
import { answerParent, hasParentChannel, reportToParent } from './parent-channel';

const log = (line: string) => process.stdout.write(`cluster | ${line}\n`);

/** What every process gets: the operator's environment with the secrets and DATA_DIR fixed. */
function sharedEnvironment(config: Config, publicPort: number): NodeJS.ProcessEnv {
  // eslint-disable-next-line no-restricted-properties -- the child processes read their configuration from it
  const env = process.env;
  return {
    ...env,
    DATA_DIR: config.dataDir,
    // Resolved (or generated) once here, so no two processes race to generate different ones.
    TOKEN_PEPPER: config.tokenPepper,
    MEDIA_SIGNING_KEY: config.mediaSigningKey,
    PUBLIC_URL: env.PUBLIC_URL?.trim() ? env.PUBLIC_URL : `http://localhost:${publicPort}`,
  };
}

function ensureWebBuild(config: Config) {
  if (existsSync(path.join(config.webDistDir, 'index.html'))) return;
  log('apps/web/dist is missing: running npm run build first');
  const build = spawnSync('npm', ['run', 'build'], {
    cwd: path.resolve(serverDir, '../..'),
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(1);
}

async function main(args: ClusterArgs): Promise<void> {
  const config = loadConfigOrExit();
  if (config.dialect !== 'postgres' || !config.redis) {
    console.error(
      'start:cluster needs DATABASE_URL (postgres://…) and REDIS_URL (redis://…): its processes share all state through them (see docs/scaled-out.md)',
    );
    process.exit(1);
  }
  ensureWebBuild(config);
  const publicPort = args.port ?? config.port;
  const env = sharedEnvironment(config, publicPort);

  let cluster: RunningCluster | undefined;
  let launching: Promise<RunningCluster> | undefined;
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) {
      log(`${signal} again: killing every process`);
      cluster?.kill();
      process.exit(1);
    }
    stopping = true;
    log(
      `${signal}: stopping (requests in progress finish, running jobs finish or go back to the queue${signal.startsWith('SIG') ? `; ${signal} again to kill` : ''})`,
    );
    // Stopped while starting: the processes started so far are stopped once the launch is done.
    const running = cluster ?? (await launching?.catch(() => undefined));
    await running?.stop();
    log('stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  // Started by a program that watches it (the scale suites): it does not outlive that program.
  if (hasParentChannel()) {
    process.once('disconnect', () => stopping || void stop('the program that started it went away'));
  }
  process.on('exit', () => cluster?.kill());

  try {
    launching = launchCluster({
      api: args.api,
      workers: args.workers,
      port: publicPort,
      host: config.host,
      env,
      log,
      onChange: reportToParent,
    });
    cluster = await launching;
  } catch (error) {
    log(`${error instanceof Error ? error.message : String(error)}; stopping`);
    process.exit(1);
  }
  if (stopping) return;
  answerParent(cluster);
  reportToParent(cluster.states());
  const names = `${args.api} API worker${args.api === 1 ? '' : 's'} and ${args.workers} BullMQ worker${args.workers === 1 ? '' : 's'}`;
  log(`${config.appName}: ${names} on ${env.PUBLIC_URL} (port ${publicPort}, data in ${config.dataDir})`);
}

let args: ClusterArgs;
try {
  args = parseClusterArgs(process.argv.slice(2));
} catch (error) {
  if (!(error instanceof UsageError)) throw error;
  console.error(`start:cluster: ${error.message}`);
  process.exit(2);
}
main(args).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
