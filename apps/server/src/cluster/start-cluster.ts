/**
 * `npm run start:cluster -- --api 3 --workers 1 [--port 3000]`: the scaled-out mode on one machine,
 * for trying it out. Several API processes (src/main.ts) on internal ports behind a round-robin
 * proxy on the public port, and `npm run worker` processes, all on the PostgreSQL of DATABASE_URL
 * and the Redis of REDIS_URL, with one DATA_DIR and the same secrets. A process that exits is
 * restarted; Ctrl-C or SIGTERM stops them all.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { loadConfigOrExit, type Config } from '../config';
import { clusterUsage, parseClusterArgs, UsageError, type ClusterArgs } from './args';
import { createProxy, newBackend } from './proxy';
import { Supervised } from './supervisor';

const serverDir = path.resolve(import.meta.dirname, '../..');
const log = (line: string) => process.stdout.write(`cluster | ${line}\n`);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

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
  const shared = sharedEnvironment(config, publicPort);

  const backends = [];
  const apis: Supervised[] = [];
  for (let index = 1; index <= args.api; index++) {
    const port = await freePort();
    const backend = newBackend(`api-${index}`, port);
    backends.push(backend);
    const env: NodeJS.ProcessEnv = {
      ...shared,
      PORT: String(port),
      HOST: '127.0.0.1',
      IN_PROCESS_WORKER: 'false',
      // Only the proxy reaches these ports; it sets X-Forwarded-For to the client's address.
      TRUST_PROXY: 'true',
      // The demo (development only) is seeded by the first process alone.
      ...(index > 1 ? { SEED_DEMO: 'false' } : {}),
    };
    const spec = {
      name: backend.name,
      script: 'src/main.ts',
      cwd: serverDir,
      env,
      readyUrl: `http://127.0.0.1:${port}/readyz`,
    };
    apis.push(new Supervised(spec, log, (ready) => (backend.up = ready)));
  }
  const workers = Array.from(
    { length: args.workers },
    (_, index) =>
      new Supervised(
        { name: `worker-${index + 1}`, script: 'src/worker.ts', cwd: serverDir, env: shared },
        log,
      ),
  );
  const all = [...apis, ...workers];

  const proxy = createProxy({
    backends,
    trustIncoming: config.trustProxy,
    onUpstreamError: (backend, error, retriedOn) =>
      log(
        `${backend.name}: ${(error as NodeJS.ErrnoException).code ?? error.message}` +
          (retriedOn ? `; read retried on ${retriedOn.name}` : ''),
      ),
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) {
      log(`${signal} again: killing every process`);
      for (const one of all) one.kill();
      process.exit(1);
    }
    stopping = true;
    log(`${signal}: stopping (running jobs finish or go back to the queue; ${signal} again to kill)`);
    await Promise.all([
      proxy.close(),
      ...apis.map((one) => one.stop(10_000)),
      ...workers.map((one) => one.stop(30_000)),
    ]);
    log('stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('exit', () => {
    for (const one of all) one.kill();
  });

  try {
    // The first process migrates the database (and seeds the demo in development) alone.
    await apis[0]!.start();
    await Promise.all(all.slice(1).map((one) => one.start()));
  } catch (error) {
    log(`${error instanceof Error ? error.message : String(error)}; stopping`);
    stopping = true;
    await Promise.all(all.map((one) => one.stop(5_000)));
    process.exit(1);
  }
  if (stopping) return;

  await new Promise<void>((resolve, reject) => {
    proxy.server.once('error', reject);
    proxy.server.listen(publicPort, config.host, () => resolve());
  });
  const names = `${args.api} API process${args.api === 1 ? '' : 'es'} and ${args.workers} worker${args.workers === 1 ? '' : 's'}`;
  log(`${config.appName}: ${names} on ${shared.PUBLIC_URL} (port ${publicPort}, data in ${config.dataDir})`);
}

let args: ClusterArgs;
try {
  args = parseClusterArgs(process.argv.slice(2));
} catch (error) {
  if (!(error instanceof UsageError)) throw error;
  console.error(`${error.message}\n${clusterUsage}`);
  process.exit(2);
}
main(args).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
