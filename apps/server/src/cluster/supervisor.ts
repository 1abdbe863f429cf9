import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { nodeArgumentsFor } from '../lib/server-files';

export type ProcessSpec = {
  /** Shown before each of its log lines, e.g. `api-1`. */
  name: string;
  /** The entry file: a bundle of dist/, or TypeScript run with `node --import tsx`. */
  script: string;
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Polled after each start; the process counts as ready once it answers 200. */
  readyUrl?: string;
  /** Each line the process prints; default: written to stdout after its name. */
  output?: (name: string, line: string) => void;
};

const FIRST_BACKOFF_MS = 500;
const MAX_BACKOFF_MS = 10_000;
/** A process that ran this long before exiting is restarted after the first backoff again. */
const STABLE_MS = 30_000;

/**
 * One process of the cluster: started, its output prefixed with its name, restarted with a
 * growing backoff when it exits unexpectedly, stopped with SIGTERM (then SIGKILL).
 */
export class Supervised {
  private child: ChildProcess | undefined;
  private stopping = false;
  private everReady = false;
  private backoffMs = FIRST_BACKOFF_MS;
  private restartTimer: NodeJS.Timeout | undefined;
  private readonly firstReady: Promise<void>;
  private resolveFirstReady!: () => void;
  private rejectFirstReady!: (error: Error) => void;

  constructor(
    readonly spec: ProcessSpec,
    private readonly log: (line: string) => void,
    /** Told when the process becomes ready and when it goes away. */
    private readonly onReadyChange: (ready: boolean) => void = () => undefined,
  ) {
    this.firstReady = new Promise((resolve, reject) => {
      this.resolveFirstReady = resolve;
      this.rejectFirstReady = reject;
    });
    this.firstReady.catch(() => undefined);
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Starts the process; resolves once it is first ready, rejects if it exits before that. */
  start(): Promise<void> {
    this.spawnChild();
    return this.firstReady;
  }

  private spawnChild() {
    const { name, script, cwd, env } = this.spec;
    const child = spawn(process.execPath, nodeArgumentsFor(script), {
      cwd,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group: Ctrl-C reaches the supervisor only, which stops the processes in order.
      detached: true,
    });
    this.child = child;
    const startedAt = Date.now();
    const prefix = `${name.padEnd(8)}| `;
    const output =
      this.spec.output ?? ((_: string, line: string) => process.stdout.write(`${prefix}${line}\n`));
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on('line', (line) => output(name, line));
    }
    child.once('exit', (code, signal) => {
      if (this.child === child) this.child = undefined;
      this.onReadyChange(false);
      if (this.stopping) return;
      const how = signal ? `was killed (${signal})` : `exited with code ${code}`;
      if (!this.everReady && this.spec.readyUrl) {
        this.rejectFirstReady(new Error(`${name} ${how} before it was ready`));
        return;
      }
      if (Date.now() - startedAt > STABLE_MS) this.backoffMs = FIRST_BACKOFF_MS;
      this.log(`${name} ${how}; restarting it in ${(this.backoffMs / 1000).toFixed(1)} s`);
      this.restartTimer = setTimeout(() => {
        this.restartTimer = undefined;
        if (!this.stopping) this.spawnChild();
      }, this.backoffMs);
      this.backoffMs = Math.min(this.backoffMs * 2, MAX_BACKOFF_MS);
    });
    void this.waitUntilReady(child, startedAt);
  }

  private async waitUntilReady(child: ChildProcess, startedAt: number) {
    const { readyUrl, name } = this.spec;
    let warned = false;
    while (this.child === child && !this.stopping) {
      const ready = readyUrl
        ? await fetch(readyUrl, { signal: AbortSignal.timeout(2000) }).then(
            (res) => res.status === 200,
            () => false,
          )
        : true;
      if (this.child !== child || this.stopping) return;
      if (ready) {
        const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
        this.log(
          `${name} (pid ${child.pid}) is ${this.everReady ? 'back' : readyUrl ? 'ready' : 'started'} after ${seconds} s`,
        );
        this.everReady = true;
        this.onReadyChange(true);
        this.resolveFirstReady();
        return;
      }
      if (!warned && Date.now() - startedAt > 60_000) {
        warned = true;
        this.log(`${name} is not ready after 60 s (${readyUrl}); still waiting`);
      }
      await sleep(200);
    }
  }

  /** SIGTERM, then SIGKILL if it has not exited within `graceMs`. */
  async stop(graceMs: number): Promise<void> {
    this.stopping = true;
    clearTimeout(this.restartTimer);
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => {
      this.log(`${this.spec.name} did not stop within ${graceMs / 1000} s; killing it`);
      child.kill('SIGKILL');
    }, graceMs);
    await exited;
    clearTimeout(timer);
  }

  /** At once, for when the supervisor itself is going away. */
  kill() {
    this.stopping = true;
    clearTimeout(this.restartTimer);
    this.child?.kill('SIGKILL');
  }
}
