// Starts the real server for the browser tests on a fresh data folder with the demo catalog.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const dataDir = path.join(root, 'artifacts', 'e2e-data');
rmSync(dataDir, { recursive: true, force: true });

const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'development',
    PORT: process.env.E2E_PORT ?? '3100',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://127.0.0.1:${process.env.E2E_PORT ?? '3100'}`,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_AUTH_MAX: '1000',
    CATALOG_CACHE_SECONDS: '0',
    // The demo seed queues full streams for background transcoding, which would take a CPU core
    // for minutes during the run. The tests need one full video only: the setup project imports a
    // short clip with the media import command, which transcodes it in its own process.
    MEDIA_WORKER_CONCURRENCY: '0',
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
