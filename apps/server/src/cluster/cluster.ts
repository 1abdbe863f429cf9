/**
 * The scaled-out mode on one machine: several API processes (src/main.ts) on internal ports behind
 * a round-robin proxy, and worker processes (src/worker.ts), all supervised. Used by
 * `npm run start:cluster` and by the scale suites, which need the processes' handles to kill them.
 */
import { createServer } from 'node:net';
import { entryPointFile, serverDir } from '../lib/server-files';
import { createProxy, describeUpstreamError, newBackend, type Backend } from './proxy';
import { startProxyProcesses, type ProxyProcesses } from './shared-proxy';
import { Supervised } from './supervisor';

export { serverDir };

export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, host, () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export interface ClusterOptions {
  api: number;
  workers: number;
  /** The proxy's port (0: any free one) and address. */
  port: number;
  host: string;
  /**
   * Every process's environment: DATABASE_URL, REDIS_URL, DATA_DIR and the secrets
   * (TOKEN_PEPPER, MEDIA_SIGNING_KEY) already fixed, so no two processes generate different ones.
   */
  env: NodeJS.ProcessEnv;
  /** Whether the proxy itself sits behind a trusted proxy (appends to X-Forwarded-For). */
  trustIncoming: boolean;
  /**
   * Proxy processes sharing the public socket with the launcher's own proxy (default 1), so that
   * a burst of new connections is accepted by more than one event loop (see shared-proxy.ts).
   */
  proxyProcesses?: number;
  /** The cluster's own lines (starts, exits, restarts, retried reads). */
  log: (line: string) => void;
  /** Each line a process prints, with its name; default: prefixed on stdout. */
  output?: (name: string, line: string) => void;
}

export interface RunningCluster {
  /** The proxy's address, e.g. http://127.0.0.1:3000. */
  url: string;
  port: number;
  apis: Supervised[];
  workers: Supervised[];
  backends: Backend[];
  /** Pids of the proxy processes sharing the public socket with the launcher's own proxy. */
  proxyPids(): number[];
  /** Starts one more worker process (e.g. to finish a killed worker's job). */
  addWorker(): Promise<Supervised>;
  /** The proxy stops accepting; API processes get 10 s and workers 30 s to finish, then SIGKILL. */
  stop(): Promise<void>;
  /** SIGKILL to every process at once. */
  kill(): void;
}

/** Starts the cluster; resolves once every process is ready and the proxy listens. */
export async function launchCluster(options: ClusterOptions): Promise<RunningCluster> {
  const { log } = options;
  const backends: Backend[] = [];
  const apis: Supervised[] = [];
  let proxyProcesses: ProxyProcesses | undefined;
  for (let index = 1; index <= options.api; index++) {
    const port = await freePort();
    const backend = newBackend(`api-${index}`, port);
    backends.push(backend);
    const env: NodeJS.ProcessEnv = {
      ...options.env,
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
      script: entryPointFile('main'),
      cwd: serverDir,
      env,
      readyUrl: `http://127.0.0.1:${port}/readyz`,
      output: options.output,
    };
    apis.push(
      new Supervised(spec, log, (ready) => {
        backend.up = ready;
        proxyProcesses?.backendsChanged();
      }),
    );
  }
  const newWorker = (index: number) =>
    new Supervised(
      {
        name: `worker-${index}`,
        script: entryPointFile('worker'),
        cwd: serverDir,
        env: options.env,
        output: options.output,
      },
      log,
    );
  const workers = Array.from({ length: options.workers }, (_, index) => newWorker(index + 1));
  const everyProcess = () => [...apis, ...workers];

  const proxy = createProxy({
    backends,
    trustIncoming: options.trustIncoming,
    onUpstreamError: (backend, error, retriedOn) => log(describeUpstreamError(backend, error, retriedOn)),
  });

  const stop = async () => {
    await Promise.all([
      proxy.close(),
      proxyProcesses?.stop(10_000),
      ...apis.map((one) => one.stop(10_000)),
      ...workers.map((one) => one.stop(30_000)),
    ]);
  };

  try {
    // The first process migrates the database (and seeds the demo in development) alone.
    await apis[0]!.start();
    await Promise.all(
      everyProcess()
        .slice(1)
        .map((one) => one.start()),
    );
    await new Promise<void>((resolve, reject) => {
      proxy.server.once('error', reject);
      proxy.server.listen(options.port, options.host, () => resolve());
    });
    proxyProcesses = await startProxyProcesses({
      server: proxy.server,
      backends,
      trustIncoming: options.trustIncoming,
      count: options.proxyProcesses ?? 1,
      cwd: serverDir,
      log,
      output: options.output,
    });
  } catch (error) {
    await Promise.all(everyProcess().map((one) => one.stop(5_000)));
    await proxy.close().catch(() => undefined);
    throw error;
  }
  const { port } = proxy.server.address() as { port: number };
  const shownHost = options.host === '0.0.0.0' || options.host === '::' ? '127.0.0.1' : options.host;
  return {
    url: `http://${shownHost}:${port}`,
    port,
    apis,
    workers,
    backends,
    proxyPids: () => proxyProcesses?.pids() ?? [],
    async addWorker() {
      const worker = newWorker(workers.length + 1);
      workers.push(worker);
      await worker.start();
      return worker;
    },
    stop,
    kill() {
      proxyProcesses?.kill();
      for (const one of everyProcess()) one.kill();
    },
  };
}
