import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverDir } from '../lib/server-files';
import { serviceUrl } from '../testing/services';
import { deleteRedisKeys, freshPostgresDatabase, type FreshPostgresDatabase } from '../testing/stores';
import { freePort } from './cluster';

/** `npm run start:cluster` stopped with Ctrl-C, at any moment of its start: nothing is left running. */

const redisUrl = serviceUrl('TEST_REDIS_URL');
let database: FreshPostgresDatabase;
let dataDir = '';
const marker = `reeltime_stop_${randomBytes(4).toString('hex')}:`;

beforeAll(async () => {
  database = await freshPostgresDatabase(serviceUrl('TEST_DATABASE_URL'));
  dataDir = mkdtempSync(path.join(tmpdir(), 'reeltime-cluster-stop-'));
});
afterAll(async () => {
  await database?.drop();
  await deleteRedisKeys(redisUrl, marker);
  rmSync(dataDir, { recursive: true, force: true });
});

/** Processes whose environment carries this test's Redis key prefix: the cluster's, and only them. */
function processesOfThisCluster(): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/environ`, 'latin1').includes(`REDIS_KEY_PREFIX=${marker}`)) {
        found.push(Number(entry));
      }
    } catch {
      // Gone meanwhile, or not ours to read.
    }
  }
  return found;
}

/** Starts the cluster, sends SIGINT once `line` has been printed, and waits for it to end. */
async function stopWhenPrinted(line: RegExp) {
  const port = await freePort();
  const primary = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'src/cluster/start-cluster.ts',
      '--api',
      '2',
      '--workers',
      '1',
      '--port',
      String(port),
    ],
    {
      cwd: serverDir,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        DATABASE_URL: database.url,
        REDIS_URL: redisUrl,
        REDIS_KEY_PREFIX: marker,
        DATA_DIR: dataDir,
        TOKEN_PEPPER: 'a'.repeat(40),
        MEDIA_SIGNING_KEY: 'b'.repeat(40),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const exited = new Promise<number | null>((resolve) => primary.once('exit', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`never printed ${line}:\n${output}`)), 60_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (line.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    primary.stdout.on('data', read);
    primary.stderr.on('data', read);
  });
  primary.kill('SIGINT');
  const code = await exited;
  // A process the primary started but did not stop would still be running a moment later.
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  return { code, output, left: processesOfThisCluster() };
}

describe('start:cluster stopped with SIGINT', () => {
  it('while its first API worker has just come up and the others are starting: every process ends', async () => {
    const result = await stopWhenPrinted(/api-1 \(pid \d+, alone on [^)]+\) is ready/);
    expect(result.output).toContain('cluster | stopped');
    expect(result.code).toBe(0);
    expect(result.left).toEqual([]);
  });

  it('once everything runs: API and BullMQ workers stop, and the primary exits 0', async () => {
    const result = await stopWhenPrinted(/API workers? and 1 BullMQ worker on /);
    expect(result.output).toContain('cluster | stopped');
    expect(result.code).toBe(0);
    expect(result.left).toEqual([]);
  });
});
