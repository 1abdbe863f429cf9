/**
 * Hostile forms benchmark: `npm run bench:forms`.
 *
 * Starts the real server (src/main.ts, SQLite in a temporary DATA_DIR, no demo) in a child process
 * on 127.0.0.1 and asks /healthz over and over on its own connection, first with nothing else going on (the baseline), then while
 * each hostile multipart request of the list below is in flight. A request that blocks the event
 * loop shows up as a slow /healthz. Prints, per request, its status, how long it took, and the
 * median and slowest /healthz beside the baseline. BENCH_SERVER_DIR runs another checkout's server
 * package instead (to compare with an earlier version); BENCH_PORT picks the port (3391).
 *
 * Loopback only; everything it creates is removed at the end.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const SERVER_DIR = path.resolve(process.env.BENCH_SERVER_DIR ?? path.join(import.meta.dirname, '..'));
const PORT = Number(process.env.BENCH_PORT ?? 3391);

const HOSTILE: Array<{ name: string; path: string; fields: [string, string][] }> = [
  { name: 'x[200000000] to an unknown path', path: '/nothing', fields: [['x[200000000]', 'z']] },
  { name: 'x[999999999] to an unknown path', path: '/nothing', fields: [['x[999999999]', 'z']] },
  { name: 'x[200000000] to /register', path: '/api/v1/register', fields: [['x[200000000]', 'z']] },
  { name: 'x[999999999] to /register', path: '/api/v1/register', fields: [['x[999999999]', 'z']] },
  {
    name: '3000 parts to /register',
    path: '/api/v1/register',
    fields: Array.from({ length: 3000 }, (_, i): [string, string] => [`f${i}`, 'v']),
  },
  { name: '1000 levels to /register', path: '/api/v1/register', fields: [[`a${'[0]'.repeat(1000)}`, 'z']] },
];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const ms = (value: number) => `${value.toFixed(1)} ms`;

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'reeltime-bench-forms-'));
  const base = `http://127.0.0.1:${PORT}`;
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
      SEED_DEMO: 'false',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let tries = 0; ; tries += 1) {
    const ready = await fetch(`${base}/healthz`).then(
      (res) => res.ok,
      () => false,
    );
    if (ready) break;
    if (tries > 300) throw new Error(`the server in ${SERVER_DIR} did not start on port ${PORT}`);
    await sleep(100);
  }

  async function healthzDuring(work: () => Promise<unknown>): Promise<number[]> {
    const times: number[] = [];
    let done = false;
    const probe = (async () => {
      do {
        const started = performance.now();
        await fetch(`${base}/healthz`).then((res) => res.arrayBuffer());
        times.push(performance.now() - started);
      } while (!done);
    })();
    await work();
    done = true;
    await probe;
    return times;
  }

  try {
    const baseline = await healthzDuring(() => sleep(1000));
    console.log(`/healthz alone: median ${ms(median(baseline))}, slowest ${ms(Math.max(...baseline))}\n`);
    console.log('request | status | request took | /healthz median | /healthz slowest');
    console.log('--- | --- | --- | --- | ---');
    console.log(`server: ${SERVER_DIR}\n`);
    for (const hostile of HOSTILE) {
      let status = 0;
      let took = 0;
      const times = await healthzDuring(async () => {
        const form = new FormData();
        for (const [name, value] of hostile.fields) form.append(name, value);
        const started = performance.now();
        const res = await fetch(`${base}${hostile.path}`, { method: 'POST', body: form });
        await res.arrayBuffer();
        took = performance.now() - started;
        status = res.status;
      });
      console.log(
        `${hostile.name} | ${status} | ${ms(took)} | ${ms(median(times))} | ${ms(Math.max(...times))}`,
      );
    }
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
