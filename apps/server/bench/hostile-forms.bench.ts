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
import { setTimeout as sleep } from 'node:timers/promises';
import { median, ms, startServerProcess } from './support/server-process';

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

async function main() {
  const server = await startServerProcess();
  const base = server.baseUrl;

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
    console.log(`server: ${server.serverDir}\n`);
    console.log(`/healthz alone: median ${ms(median(baseline))}, slowest ${ms(Math.max(...baseline))}\n`);
    console.log('request | status | request took | /healthz median | /healthz slowest');
    console.log('--- | --- | --- | --- | ---');
    for (const hostile of HOSTILE) {
      let status = 'no answer';
      let took = 0;
      const times = await healthzDuring(async () => {
        const form = new FormData();
        for (const [name, value] of hostile.fields) form.append(name, value);
        const started = performance.now();
        try {
          const res = await fetch(`${base}${hostile.path}`, { method: 'POST', body: form });
          await res.arrayBuffer();
          status = String(res.status);
        } catch {
          // The server may answer and close the connection before a long body has been sent.
          status = 'closed by the server';
        }
        took = performance.now() - started;
      });
      console.log(
        `${hostile.name} | ${status} | ${ms(took)} | ${ms(median(times))} | ${ms(Math.max(...times))}`,
      );
    }
  } finally {
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
