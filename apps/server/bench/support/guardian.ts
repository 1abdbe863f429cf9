/**
 * The benchmark's safety net, run as a detached process of its own: it reads from stdin, one JSON
 * object a line, what the benchmark created (`{"postgres", "database"}`, `{"redis", "prefix"}`,
 * `{"dir"}`), and once stdin closes (the benchmark ended, however it ended, even by SIGKILL) it
 * removes whatever is left: the processes started with the site's Redis key prefix in their
 * environment, then the database, the Redis keys and the folder. After a normal end the benchmark
 * has removed all of it already and this finds nothing to do.
 */
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { deleteRedisKeys } from '../../src/testing/stores';

interface Leftovers {
  postgres?: string;
  database?: string;
  redis?: string;
  prefix?: string;
  dirs: string[];
}

/** Pids of this user's processes whose environment holds exactly `entry`. */
function processesWith(entry: string): number[] {
  const found: number[] = [];
  for (const name of readdirSync('/proc')) {
    const pid = Number(name);
    if (!Number.isInteger(pid) || pid === process.pid) continue;
    try {
      if (readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').includes(entry)) found.push(pid);
    } catch {
      // Another user's process, or gone already.
    }
  }
  return found;
}

const signal = (pid: number, name: NodeJS.Signals) => {
  try {
    process.kill(pid, name);
  } catch {
    // Exited meanwhile.
  }
};

async function stopProcesses(prefix: string): Promise<void> {
  const entry = `REDIS_KEY_PREFIX=${prefix}`;
  for (const pid of processesWith(entry)) signal(pid, 'SIGTERM');
  const deadline = Date.now() + 10_000;
  while (processesWith(entry).length > 0 && Date.now() < deadline) await sleep(200);
  for (const pid of processesWith(entry)) signal(pid, 'SIGKILL');
}

async function dropDatabase(postgres: string, database: string): Promise<void> {
  if (!/^[a-z0-9_]+$/.test(database)) return;
  const client = new pg.Client({ connectionString: postgres });
  await client.connect();
  try {
    await client.query(`drop database if exists ${database} with (force)`);
  } finally {
    await client.end();
  }
}

async function removeLeftovers(left: Leftovers): Promise<void> {
  const attempt = (work: () => Promise<unknown>) => work().catch(() => undefined);
  if (left.prefix) await attempt(() => stopProcesses(left.prefix!));
  if (left.postgres && left.database) await attempt(() => dropDatabase(left.postgres!, left.database!));
  if (left.redis && left.prefix) await attempt(() => deleteRedisKeys(left.redis!, left.prefix!));
  for (const dir of left.dirs) rmSync(dir, { recursive: true, force: true });
}

const left: Leftovers = { dirs: [] };
// Ctrl-C in the terminal is the benchmark's to handle; this process only ends with its stdin.
process.on('SIGINT', () => undefined);
createInterface({ input: process.stdin })
  .on('line', (line) => {
    try {
      const told = JSON.parse(line) as Partial<Leftovers> & { dir?: string };
      if (told.dir) left.dirs.push(told.dir);
      Object.assign(left, { ...told, dirs: left.dirs });
    } catch {
      // Not a line of ours.
    }
  })
  .on('close', () => {
    void removeLeftovers(left).finally(() => process.exit(0));
  });
