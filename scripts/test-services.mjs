/**
 * `npm run test:services [-- <vitest arguments>]`: the suites that need servers
 * (vitest.services.config.ts). Each server is the one its variable names (TEST_DATABASE_URL,
 * TEST_REDIS_URL, TEST_S3_URL) or, when that is unset, one started here from the system's package, in a
 * temporary directory on a free port, and stopped at the end whatever happens, Ctrl-C included.
 *
 * A new server is a module in services/ (its name, variable, Debian package, and start()) added
 * to SERVICES.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cephS3 } from './services/ceph-s3.mjs';
import { postgres } from './services/postgres.mjs';
import { redis } from './services/redis.mjs';

const SERVICES = [postgres, redis, cephS3];
const ROOT = path.resolve(import.meta.dirname, '..');
const VITEST = path.join(
  path.dirname(createRequire(import.meta.url).resolve('vitest/package.json')),
  'vitest.mjs',
);

/** Undo steps of what was started, run last first. */
const cleanups = [];
const defer = (cleanup) => cleanups.push(cleanup);
async function cleanUp() {
  while (cleanups.length > 0)
    await cleanups
      .pop()()
      .catch((error) => console.error(String(error)));
}

let vitest;
let stoppingOn;
for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
  ['SIGHUP', 129],
]) {
  process.on(signal, () => {
    if (stoppingOn) return;
    stoppingOn = code;
    // With Vitest running, its end leads to the clean-up below; while starting, clean up now.
    if (vitest) vitest.kill(signal);
    else void cleanUp().then(() => process.exit(code));
  });
}

function missingServices() {
  return SERVICES.filter((service) => !process.env[service.variable] && !service.installed());
}

/** A server's URL as it may be printed: its password (a throw-away key, but still a key) left out. */
function withoutPassword(url) {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

async function serverUrls() {
  const env = {};
  for (const service of SERVICES) {
    const given = process.env[service.variable];
    if (given) {
      env[service.variable] = given;
      console.log(`test:services: ${service.name} from ${service.variable}`);
      continue;
    }
    const dir = mkdtempSync(path.join(tmpdir(), `reeltime-${service.debianPackage.split(' ')[0]}-`));
    defer(async () => rmSync(dir, { recursive: true, force: true }));
    env[service.variable] = await service.start(dir, defer);
    console.log(`test:services: ${service.name} started at ${withoutPassword(env[service.variable])}`);
    if (stoppingOn) return undefined;
  }
  return env;
}

async function main() {
  const missing = missingServices();
  if (missing.length > 0) {
    for (const service of missing) {
      console.error(
        `test:services: ${service.name} is needed: set ${service.variable}, or install the Debian package(s) ${service.debianPackage}`,
      );
    }
    return 1;
  }
  try {
    const env = await serverUrls();
    if (!env) return stoppingOn;
    vitest = spawn(
      process.execPath,
      [VITEST, 'run', '--config', 'vitest.services.config.ts', ...process.argv.slice(2)],
      { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } },
    );
    const [code, signal] = await once(vitest, 'close');
    return stoppingOn ?? code ?? (signal ? 1 : 0);
  } catch (error) {
    console.error(`test:services: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await cleanUp();
  }
}

process.exitCode = await main();
