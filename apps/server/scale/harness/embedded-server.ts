import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort, serverDir } from '../../src/cluster/cluster';

/**
 * The embedded default as an operator runs it: one `src/main.ts` process in production mode with
 * SQLite in its DATA_DIR and the in-process worker, nothing else. Started again on the same
 * DATA_DIR after a kill -9, as a process manager would.
 */
export interface EmbeddedServer {
  url: string;
  pid: number;
  /** From spawn to the first 200 of /readyz. */
  startMs: number;
  /** SIGKILL; resolves once the process is gone. */
  kill(): Promise<void>;
  /** SIGTERM (a clean shutdown), then SIGKILL after `graceMs`. */
  stop(graceMs?: number): Promise<void>;
}

export interface EmbeddedServerOptions {
  dataDir: string;
  /** Extra environment (e.g. a higher auth rate limit for load from one address). */
  env?: NodeJS.ProcessEnv;
  /** Each line the process prints. */
  output?: (line: string) => void;
  readyTimeoutMs?: number;
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

async function isReady(url: string): Promise<boolean> {
  try {
    const res = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2000) });
    await res.arrayBuffer();
    return res.status === 200;
  } catch {
    return false;
  }
}

export async function startEmbeddedServer(options: EmbeddedServerOptions): Promise<EmbeddedServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const startedAt = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
      DATA_DIR: options.dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = options.output ?? (() => undefined);
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', output);
  }
  const gone = exited(child);
  let hasExited = false;
  void gone.then(() => (hasExited = true));

  const deadline = startedAt + (options.readyTimeoutMs ?? 180_000);
  while (!(await isReady(url))) {
    if (hasExited) {
      throw new Error(`the server exited (code ${child.exitCode}, ${child.signalCode}) before it was ready`);
    }
    if (performance.now() > deadline) {
      child.kill('SIGKILL');
      await gone;
      throw new Error(`the server was not ready within ${options.readyTimeoutMs ?? 180_000} ms`);
    }
    await sleep(25);
  }
  const startMs = performance.now() - startedAt;

  return {
    url,
    pid: child.pid!,
    startMs,
    async kill() {
      child.kill('SIGKILL');
      await gone;
    },
    async stop(graceMs = 10_000) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await gone;
      clearTimeout(timer);
    },
  };
}
