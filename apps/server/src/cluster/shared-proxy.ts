/**
 * Proxy processes sharing the launcher's listening socket. libuv (since 1.45) accepts one
 * connection per turn of an event loop, so a single busy proxy takes seconds to take in a burst
 * of new connections, and their first requests wait in the kernel's accept queue meanwhile (with
 * 500 connections opened at once, longer than a client's 10 s timeout on a loaded 2-core machine).
 * Each proxy process is one more loop accepting from the same socket; the launcher's own proxy
 * keeps accepting too. A proxy process that exits is started again; the launcher's own proxy
 * serves meanwhile.
 */
import { fork, type ChildProcess } from 'node:child_process';
import type { Server } from 'node:http';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { serverDir } from '../lib/server-files';
import type { Backend } from './proxy';

export type ToProxyProcess =
  | { type: 'start'; backends: Array<Pick<Backend, 'name' | 'host' | 'port' | 'up'>>; trustIncoming: boolean }
  | { type: 'backends'; up: boolean[] };

export type FromProxyProcess = { type: 'ready' } | { type: 'log'; line: string };

const RESTART_AFTER_MS = 1000;

export interface ProxyProcessesOptions {
  /** The launcher's proxy server, already listening. */
  server: Server;
  backends: Backend[];
  trustIncoming: boolean;
  count: number;
  cwd: string;
  log: (line: string) => void;
  output?: (name: string, line: string) => void;
}

export interface ProxyProcesses {
  /** Tells every proxy process which backends are up now. */
  backendsChanged(): void;
  /** SIGTERM: each stops accepting and finishes its requests; SIGKILL after `graceMs`. */
  stop(graceMs: number): Promise<void>;
  kill(): void;
  /** Pids of the proxy processes running now. */
  pids(): number[];
}

/** Starts `count` proxy processes; resolves once each proxies connections from the socket. */
export async function startProxyProcesses(options: ProxyProcessesOptions): Promise<ProxyProcesses> {
  const children = new Map<number, ChildProcess>();
  let stopping = false;
  const upStates = () => options.backends.map((backend) => backend.up);

  const start = (index: number): Promise<void> => {
    const name = `proxy-${index}`;
    // Its TypeScript through tsx, from a compiled launcher too: it has no bundle of its own.
    const child = fork(path.join(serverDir, 'src/cluster/proxy-process.ts'), [], {
      cwd: options.cwd,
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      // Ctrl-C reaches the launcher only, which stops the processes in order.
      detached: true,
    });
    children.set(index, child);
    const output =
      options.output ?? ((_: string, line: string) => process.stdout.write(`${name.padEnd(8)}| ${line}\n`));
    for (const stream of [child.stdout!, child.stderr!]) {
      createInterface({ input: stream }).on('line', (line) => output(name, line));
    }
    const ready = new Promise<void>((resolve, reject) => {
      child.on('message', (message: FromProxyProcess) => {
        if (message.type === 'ready') resolve();
        else if (message.type === 'log') options.log(message.line);
      });
      child.once('exit', (code, signal) => {
        reject(new Error(`${name} exited before it was ready (${signal ?? `code ${code}`})`));
        if (children.get(index) === child) children.delete(index);
        if (stopping) return;
        options.log(
          `${name} ${signal ? `was killed (${signal})` : `exited with code ${code}`}; restarting it`,
        );
        setTimeout(() => {
          if (!stopping) start(index).catch((error: Error) => options.log(error.message));
        }, RESTART_AFTER_MS).unref();
      });
    });
    const backends = options.backends.map(({ name: backend, host, port, up }) => ({
      name: backend,
      host,
      port,
      up,
    }));
    const message: ToProxyProcess = { type: 'start', backends, trustIncoming: options.trustIncoming };
    child.send(message, options.server);
    return ready;
  };

  const everyChild = () => [...children.values()];
  const stop = async (graceMs: number) => {
    stopping = true;
    await Promise.all(
      everyChild().map(async (child) => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
        await exited;
        clearTimeout(timer);
      }),
    );
  };

  try {
    await Promise.all(Array.from({ length: options.count }, (_, index) => start(index + 1)));
  } catch (error) {
    await stop(2000);
    throw error;
  }
  return {
    backendsChanged() {
      const message: ToProxyProcess = { type: 'backends', up: upStates() };
      for (const child of everyChild()) if (child.connected) child.send(message);
    },
    stop,
    kill() {
      stopping = true;
      for (const child of everyChild()) child.kill('SIGKILL');
    },
    pids: () => everyChild().flatMap((child) => (child.pid ? [child.pid] : [])),
  };
}
