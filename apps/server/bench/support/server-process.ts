import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * The real server (src/main.ts) in a child process on 127.0.0.1, with SQLite in a temporary
 * DATA_DIR and no demo (unless `env` asks for it). Resolves once /healthz first answers. BENCH_SERVER_DIR runs another checkout's server package instead, to
 * compare with an earlier version in the same run.
 */
export async function startServerProcess(
  env: Record<string, string> = {},
  options: { startTimeoutMs?: number } = {},
) {
  const serverDir = path.resolve(process.env.BENCH_SERVER_DIR ?? path.join(import.meta.dirname, '..', '..'));
  const port = Number(process.env.BENCH_PORT ?? 3391);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'reeltime-bench-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
      SEED_DEMO: 'false',
      RATE_LIMIT_AUTH_MAX: '100000',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = performance.now() + (options.startTimeoutMs ?? 30_000);
  for (;;) {
    if (
      await fetch(`${baseUrl}/healthz`).then(
        (res) => res.ok,
        () => false,
      )
    )
      break;
    if (performance.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`the server in ${serverDir} did not start on port ${port}`);
    }
    await sleep(100);
  }
  return {
    baseUrl,
    serverDir,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
export const ms = (value: number) => `${value.toFixed(1)} ms`;
