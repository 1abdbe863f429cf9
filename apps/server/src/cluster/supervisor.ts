import { fork, type ChildProcess } from 'node:child_process';
import type { Readable } from 'node:stream';
import { createInterface } from 'node:readline';
import { clockIn, howItEnded, RestartDelay } from './restart-delay';

export type ProcessSpec = {
  /** Shown before each of its log lines, e.g. `worker-1`. */
  name: string;
  /** The entry file (src/worker.ts under tsx, dist/worker.js compiled). */
  entry: string;
  env: NodeJS.ProcessEnv;
  /** Each line the process prints; default: written to stdout after its name. */
  output?: (name: string, line: string) => void;
  /** Told when the process starts (with its pid) and when it goes away (undefined). */
  onChange?: (pid: number | undefined) => void;
};

/** Relays each line of a process's stdout and stderr, after its name. */
export function relayLines(
  name: string,
  streams: Array<Readable | null>,
  output?: (name: string, line: string) => void,
) {
  const prefix = `${name.padEnd(8)}| `;
  const write = output ?? ((_: string, line: string) => process.stdout.write(`${prefix}${line}\n`));
  for (const stream of streams) {
    if (stream) createInterface({ input: stream }).on('line', (line) => write(name, line));
  }
}

/**
 * A child process of the cluster's primary (a BullMQ worker): started with the primary's own
 * Node options (tsx's loader in development, none when compiled), its output prefixed with its
 * name, restarted with a growing delay when it exits unexpectedly, stopped with SIGTERM (then
 * SIGKILL). It has an IPC channel, so it can stop by itself when the primary is gone.
 */
export class Supervised {
  private child: ChildProcess | undefined;
  private stopping = false;
  private readonly delay = new RestartDelay();
  private restartTimer: NodeJS.Timeout | undefined;

  constructor(
    readonly spec: ProcessSpec,
    private readonly log: (line: string) => void,
  ) {}

  get pid(): number | undefined {
    return this.child?.pid;
  }

  start() {
    const { name, entry, env } = this.spec;
    const child = fork(entry, [], {
      env,
      execArgv: process.execArgv,
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      // Its own process group: Ctrl-C reaches the primary only, which stops the processes in order.
      detached: true,
    });
    this.child = child;
    const startedAt = Date.now();
    relayLines(name, [child.stdout, child.stderr], this.spec.output);
    this.spec.onChange?.(child.pid);
    child.once('exit', (code, signal) => {
      if (this.child === child) this.child = undefined;
      this.spec.onChange?.(undefined);
      if (this.stopping) return;
      const waitMs = this.delay.after(Date.now() - startedAt);
      this.log(
        `${name} (pid ${child.pid}) ${howItEnded(code, signal)}; restarting it in ${waitMs / 1000} s (at ${clockIn(waitMs)})`,
      );
      this.restartTimer = setTimeout(() => {
        this.restartTimer = undefined;
        if (!this.stopping) this.start();
      }, waitMs);
    });
    // A crash before the first line is still reported by 'exit'; an error to spawn is not fatal here.
    child.once('error', (error) => this.log(`${name}: ${error.message}`));
  }

  /** SIGTERM, then SIGKILL if it has not exited within `graceMs`. */
  async stop(graceMs: number): Promise<void> {
    this.stopping = true;
    clearTimeout(this.restartTimer);
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    await terminate(child, this.spec.name, graceMs, this.log);
  }

  /** At once, for when the primary itself is going away. */
  kill() {
    this.stopping = true;
    clearTimeout(this.restartTimer);
    this.child?.kill('SIGKILL');
  }
}

/** SIGTERM, then SIGKILL once `graceMs` has passed; resolves when the process has exited. */
export async function terminate(
  child: ChildProcess,
  name: string,
  graceMs: number,
  log: (line: string) => void,
): Promise<void> {
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => {
    log(`${name} did not stop within ${graceMs / 1000} s; killing it`);
    child.kill('SIGKILL');
  }, graceMs);
  await exited;
  clearTimeout(timer);
}
