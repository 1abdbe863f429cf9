import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { freePort, serverDir, type ProcessState } from '../../src/cluster/cluster';
import type { ClusterReport, ClusterRequest } from '../../src/cluster/parent-channel';

/** One process of a running cluster, kept up to date from the primary's reports. */
export interface ClusterMember {
  readonly name: string;
  /** Its pid now; undefined while it is down. */
  readonly pid: number | undefined;
  /** An API worker: listening on the public port. A BullMQ worker: running. */
  readonly ready: boolean;
  /** An API worker's own port on 127.0.0.1. */
  readonly directPort: number | undefined;
}

export interface ClusterProcess {
  /** The public port the API workers share: what a member's browser would use. */
  url: string;
  port: number;
  /** The primary of `npm run start:cluster`. */
  primaryPid: number;
  apis: ClusterMember[];
  workers: ClusterMember[];
  /** Starts one more BullMQ worker and resolves once it runs. */
  addWorker(): Promise<ClusterMember>;
  /** SIGTERM to the primary (a graceful stop, as Ctrl-C); SIGKILL to all after `graceMs`. */
  stop(graceMs?: number): Promise<void>;
  /** SIGKILL to the primary and every process it reported. */
  kill(): void;
}

const isReport = (message: unknown): message is ClusterReport =>
  (message as { kind?: unknown } | null)?.kind === 'reeltime:cluster';

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/**
 * `npm run start:cluster -- --api N --workers M --port P` as an operator runs it (under tsx, as
 * `npm run` does), with an IPC channel on which its primary reports its processes. Resolves once
 * every API worker listens.
 */
export async function startClusterProcess(options: {
  api: number;
  workers: number;
  env: NodeJS.ProcessEnv;
  /** Each line the cluster prints: its own (`cluster | …`) and its processes' (`api-1   | …`). */
  output: (line: string) => void;
}): Promise<ClusterProcess> {
  const port = await freePort();
  const args = ['--api', String(options.api), '--workers', String(options.workers), '--port', String(port)];
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cluster/start-cluster.ts', ...args], {
    cwd: serverDir,
    env: { ...options.env, HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  for (const stream of [child.stdout!, child.stderr!]) {
    createInterface({ input: stream }).on('line', options.output);
  }
  const members = new Map<string, ProcessState>();
  const view = (name: string): ClusterMember => ({
    name,
    get pid() {
      return members.get(name)?.pid;
    },
    get ready() {
      return members.get(name)?.ready ?? false;
    },
    get directPort() {
      return members.get(name)?.directPort;
    },
  });
  const apis: ClusterMember[] = [];
  const workers: ClusterMember[] = [];
  const listeners = new Set<() => void>();
  child.on('message', (message: unknown) => {
    if (!isReport(message)) return;
    for (const state of message.processes) {
      if (!members.has(state.name)) (state.role === 'api' ? apis : workers).push(view(state.name));
      members.set(state.name, state);
    }
    for (const listener of listeners) listener();
  });
  const gone = exited(child);
  const until = (what: string, done: () => boolean, limitMs = 180_000) =>
    new Promise<void>((resolve, reject) => {
      if (done()) return resolve();
      const finish = (error?: Error) => {
        listeners.delete(check);
        clearTimeout(timer);
        if (error) reject(error);
        else resolve();
      };
      const check = () => done() && finish();
      listeners.add(check);
      const timer = setTimeout(() => finish(new Error(`${what}: not within ${limitMs / 1000} s`)), limitMs);
      void gone.then(() => finish(new Error(`${what}: the cluster exited (code ${child.exitCode})`)));
    });

  const kill = () => {
    for (const state of members.values()) if (state.pid) tryKill(state.pid);
    child.kill('SIGKILL');
  };
  try {
    await until(
      'every API worker ready',
      () =>
        apis.length === options.api && apis.every((one) => one.ready) && workers.length === options.workers,
    );
  } catch (error) {
    kill();
    throw error;
  }
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    primaryPid: child.pid!,
    apis,
    workers,
    async addWorker() {
      const count = workers.length;
      const request: ClusterRequest = { kind: 'reeltime:add-worker' };
      child.send(request);
      await until('the added worker running', () => workers.length > count && workers[count]!.ready, 60_000);
      return workers[count]!;
    },
    async stop(graceMs = 45_000) {
      child.kill('SIGTERM');
      const timer = setTimeout(kill, graceMs);
      await gone;
      clearTimeout(timer);
    },
    kill,
  };
}

function tryKill(pid: number) {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // already gone
  }
}
