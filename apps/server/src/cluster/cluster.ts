/**
 * The scaled-out mode on one machine, run by the primary of Node's `cluster` module: API workers
 * (src/main.ts) forked with `cluster.fork()` share the public listening socket, and BullMQ worker
 * processes (src/worker.ts) run beside them as ordinary child processes. Each is restarted with a
 * growing delay when it dies. See docs/decisions/0028-node-cluster.md.
 */
import cluster, { type Worker } from 'node:cluster';
import { createServer } from 'node:net';
import { entryPointFile } from '../lib/server-files';
import { isApiReady } from './api-ready';
import { clockIn, howItEnded, RestartDelay } from './restart-delay';
import { relayLines, Supervised, terminate } from './supervisor';

export { serverDir } from '../lib/server-files';

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
  /** The public port every API worker listens on, and its address. */
  port: number;
  host: string;
  /**
   * Every process's environment: DATABASE_URL, REDIS_URL, DATA_DIR and the secrets
   * (TOKEN_PEPPER, MEDIA_SIGNING_KEY) already fixed, so no two processes generate different ones.
   */
  env: NodeJS.ProcessEnv;
  /** The cluster's own lines (starts, exits, restarts). */
  log: (line: string) => void;
  /** Each line a process prints, with its name; default: prefixed on stdout. */
  output?: (name: string, line: string) => void;
  /** Told whenever a process starts, becomes ready or goes away. */
  onChange?: (states: ProcessState[]) => void;
}

export interface ProcessState {
  name: string;
  role: 'api' | 'worker';
  pid: number | undefined;
  /** An API worker: listening on the public port. A BullMQ worker: running. */
  ready: boolean;
  /** An API worker's own port on 127.0.0.1, where it alone answers (src/cluster/direct-port.ts). */
  directPort?: number;
}

export interface RunningCluster {
  states(): ProcessState[];
  /** Starts one more BullMQ worker process. */
  addWorker(): void;
  /** API workers finish their requests (10 s) and workers their jobs (30 s), then SIGKILL. */
  stop(): Promise<void>;
  /** SIGKILL to every process at once. */
  kill(): void;
}

const API_GRACE_MS = 10_000;
const WORKER_GRACE_MS = 30_000;

/** One API worker slot: the cluster worker filling it now, restarted when it dies. */
class ApiSlot {
  worker: Worker | undefined;
  ready = false;
  directPort: number | undefined;
  everReady = false;
  stopping = false;
  private readonly delay = new RestartDelay();
  private restartTimer: NodeJS.Timeout | undefined;
  private firstReady!: { resolve: () => void; reject: (error: Error) => void };
  readonly started = new Promise<void>((resolve, reject) => (this.firstReady = { resolve, reject }));

  constructor(
    readonly name: string,
    private readonly env: NodeJS.ProcessEnv,
    private readonly options: ClusterOptions,
    private readonly changed: () => void,
  ) {
    this.started.catch(() => undefined);
  }

  fork() {
    const startedAt = Date.now();
    const worker = cluster.fork(this.env);
    this.worker = worker;
    relayLines(this.name, [worker.process.stdout, worker.process.stderr], this.options.output);
    this.changed();
    worker.on('message', (message: unknown) => {
      if (!isApiReady(message) || this.worker !== worker) return;
      const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
      this.options.log(
        `${this.name} (pid ${worker.process.pid}, alone on 127.0.0.1:${message.directPort}) is ` +
          `${this.everReady ? 'back' : 'ready'} after ${seconds} s`,
      );
      this.ready = true;
      this.everReady = true;
      this.directPort = message.directPort;
      this.changed();
      this.firstReady.resolve();
    });
    worker.once('exit', (code, signal) => {
      if (this.worker === worker) this.worker = undefined;
      this.ready = false;
      this.directPort = undefined;
      this.changed();
      if (this.stopping) return;
      const how = `${this.name} (pid ${worker.process.pid}) ${howItEnded(code, signal)}`;
      if (!this.everReady) {
        // Before it ever listened: a configuration or database problem a restart would not fix.
        this.firstReady.reject(new Error(`${how} before it was ready`));
        return;
      }
      const waitMs = this.delay.after(Date.now() - startedAt);
      this.options.log(`${how}; restarting it in ${waitMs / 1000} s (at ${clockIn(waitMs)})`);
      this.restartTimer = setTimeout(() => {
        this.restartTimer = undefined;
        if (!this.stopping) this.fork();
      }, waitMs);
    });
  }

  /** SIGTERM (it stops accepting and finishes its requests), then SIGKILL after `graceMs`. */
  async stop(graceMs: number): Promise<void> {
    this.stopping = true;
    clearTimeout(this.restartTimer);
    const worker = this.worker;
    if (!worker || worker.isDead()) return;
    await terminate(worker.process, this.name, graceMs, this.options.log);
  }

  kill() {
    this.stopping = true;
    clearTimeout(this.restartTimer);
    this.worker?.process.kill('SIGKILL');
  }
}

/** Starts the cluster from its primary; resolves once every API worker listens. */
export async function launchCluster(options: ClusterOptions): Promise<RunningCluster> {
  if (!cluster.isPrimary) throw new Error('launchCluster runs in the primary process only');
  // Round-robin is Node's default on Linux: the primary accepts and hands each connection to the
  // next worker, which spreads load evenly (decision 0028). Set here so NODE_CLUSTER_SCHED_POLICY
  // in the operator's environment cannot change it unnoticed.
  cluster.schedulingPolicy = cluster.SCHED_RR;
  // fork() runs the API entry with the primary's own Node options (tsx's loader in development).
  cluster.setupPrimary({ exec: entryPointFile('main'), args: [], silent: true });

  const apis = Array.from({ length: options.api }, (_, index) => {
    const env: NodeJS.ProcessEnv = {
      ...options.env,
      PORT: String(options.port),
      HOST: options.host,
      IN_PROCESS_WORKER: 'false',
      // The demo (development only) is seeded by the first worker alone.
      ...(index > 0 ? { SEED_DEMO: 'false' } : {}),
    };
    return new ApiSlot(`api-${index + 1}`, env, options, () => changed());
  });
  const workers: Supervised[] = [];
  const states = (): ProcessState[] => [
    ...apis.map((one) => ({
      name: one.name,
      role: 'api' as const,
      pid: one.worker?.process.pid,
      ready: one.ready,
      directPort: one.directPort,
    })),
    ...workers.map((one) => ({
      name: one.spec.name,
      role: 'worker' as const,
      pid: one.pid,
      ready: one.pid !== undefined,
    })),
  ];
  const changed = () => options.onChange?.(states());
  const addWorker = () => {
    const worker = new Supervised(
      {
        name: `worker-${workers.length + 1}`,
        entry: entryPointFile('worker'),
        env: options.env,
        output: options.output,
        onChange: changed,
      },
      options.log,
    );
    workers.push(worker);
    worker.start();
  };
  const stop = async () => {
    await Promise.all([
      ...apis.map((one) => one.stop(API_GRACE_MS)),
      ...workers.map((one) => one.stop(WORKER_GRACE_MS)),
    ]);
  };
  const kill = () => {
    for (const one of apis) one.kill();
    for (const one of workers) one.kill();
  };

  try {
    // The first API worker migrates the database (and seeds the demo in development) alone.
    apis[0]!.fork();
    await apis[0]!.started;
    for (const one of apis.slice(1)) one.fork();
    for (let index = 0; index < options.workers; index++) addWorker();
    await Promise.all(apis.map((one) => one.started));
  } catch (error) {
    await Promise.all([...apis.map((one) => one.stop(5_000)), ...workers.map((one) => one.stop(5_000))]);
    throw error;
  }
  return { states, addWorker, stop, kill };
}
