/**
 * Start-up of the compiled server against its TypeScript sources: `npm run bench:start`
 * (after `npm run build`).
 *
 * Migrates a SQLite database in a temporary DATA_DIR once (no demo), then starts the server on it
 * several times, alternating today's development way (`tsx src/main.ts`) and the production way
 * (`node dist/main.js`). For each start it prints the seconds from spawn to the first 200 of
 * /readyz and the resident memory of the API process at that moment; then the medians side by
 * side with their ratio. ROUNDS (default 5) sets the starts of each way.
 *
 * Loopback only; every server is stopped and the data folder removed at the end.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '../src/cluster/cluster';
import { descendantsOf } from '../src/testing/processes';
import { median } from './support/server-process';
import { table } from './support/table';

const serverDir = path.resolve(import.meta.dirname, '..');
const tsxBin = path.resolve(serverDir, '../../node_modules/.bin/tsx');
const READY_TIMEOUT_MS = 60_000;

interface Way {
  name: string;
  command: string;
  args: string[];
}
const WAYS: Way[] = [
  { name: 'tsx src/main.ts', command: tsxBin, args: ['src/main.ts'] },
  { name: 'node dist/main.js', command: process.execPath, args: ['dist/main.js'] },
];

interface Start {
  seconds: number;
  rssMiB: number;
}

function rssMiB(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((one) => one.startsWith('VmRSS:'));
  if (!line) throw new Error(`no VmRSS for process ${pid}`);
  return Number(line.split(/\s+/)[1]) / 1024;
}

/**
 * The process that serves: the spawned one, or the node process tsx's launcher started (its child
 * that is not esbuild's service). Node 24 names its main thread "MainThread", so not by name.
 */
function apiProcess(child: ChildProcess): number {
  const launched = descendantsOf(child.pid!).filter(
    (entry) => entry.ppid === child.pid && !entry.command.startsWith('esbuild'),
  );
  return launched[0]?.pid ?? child.pid!;
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

async function startOnce(way: Way, env: NodeJS.ProcessEnv): Promise<Start> {
  const port = await freePort();
  const spawned = performance.now();
  const child = spawn(way.command, way.args, {
    cwd: serverDir,
    env: { ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    const deadline = spawned + READY_TIMEOUT_MS;
    for (;;) {
      const ok = await fetch(`http://127.0.0.1:${port}/readyz`).then(
        (res) => res.status === 200,
        () => false,
      );
      if (ok) break;
      if (child.exitCode !== null) throw new Error(`${way.name} exited with code ${child.exitCode}`);
      if (performance.now() > deadline) throw new Error(`${way.name} was not ready within 60 s`);
      await sleep(20);
    }
    const seconds = (performance.now() - spawned) / 1000;
    return { seconds, rssMiB: rssMiB(apiProcess(child)) };
  } finally {
    await stop(child);
  }
}

async function main(): Promise<void> {
  if (!existsSync(path.join(serverDir, 'dist/main.js'))) {
    console.error('apps/server/dist/main.js is missing: run `npm run build` first');
    process.exit(1);
  }
  const rounds = Number(process.env.ROUNDS ?? 5);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'reeltime-bench-start-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    LOG_FORMAT: 'json',
    SEED_DEMO: 'false',
  };
  try {
    // The first start migrates the database; the measured ones start on it as it is.
    await startOnce(WAYS[1]!, env);
    const results = new Map<string, Start[]>(WAYS.map((way) => [way.name, []]));
    const rows = [['round', ...WAYS.flatMap((way) => [`${way.name} s`, 'RSS MiB'])]];
    for (let round = 1; round <= rounds; round++) {
      const row = [String(round)];
      // Alternate which way goes first, so neither always starts on a warmer machine.
      const order = round % 2 === 1 ? WAYS : [...WAYS].reverse();
      const measured = new Map<string, Start>();
      for (const way of order) measured.set(way.name, await startOnce(way, env));
      for (const way of WAYS) {
        const start = measured.get(way.name)!;
        results.get(way.name)!.push(start);
        row.push(start.seconds.toFixed(2), start.rssMiB.toFixed(0));
      }
      rows.push(row);
    }
    const medians = WAYS.map((way) => {
      const starts = results.get(way.name)!;
      return {
        seconds: median(starts.map((start) => start.seconds)),
        rssMiB: median(starts.map((start) => start.rssMiB)),
      };
    });
    rows.push(['median', ...medians.flatMap((m) => [m.seconds.toFixed(2), m.rssMiB.toFixed(0)])]);
    console.log(table(rows));
    const [sources, compiled] = medians as [Start, Start];
    console.log(
      `\ncompiled / tsx: ready in ${(compiled.seconds / sources.seconds).toFixed(2)}× the time ` +
        `(${compiled.seconds.toFixed(2)} s against ${sources.seconds.toFixed(2)} s), ` +
        `with ${(compiled.rssMiB / sources.rssMiB).toFixed(2)}× the memory ` +
        `(${compiled.rssMiB.toFixed(0)} MiB against ${sources.rssMiB.toFixed(0)} MiB)`,
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
