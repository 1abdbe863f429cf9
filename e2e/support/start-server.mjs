// Starts the real server for the browser tests as production runs it (compiled, catalog cache on with its
// default lifetime, the in-process media worker running), on a fresh data folder holding the demo
// catalog. Production never seeds the demo, so a development-mode step seeds it first.
import { spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const port = process.env.E2E_PORT ?? '3100';
// A run on another port gets its own folder, so two runs on one machine never share data.
const dataDir = path.join(root, 'artifacts', port === '3100' ? 'e2e-data' : `e2e-data-${port}`);
rmSync(dataDir, { recursive: true, force: true });

const env = {
  ...process.env,
  NODE_ENV: 'production',
  PORT: port,
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  LOG_LEVEL: 'warn',
  // Every journey signs in from the same address; production's limit would refuse most of them.
  RATE_LIMIT_AUTH_MAX: '1000',
};

/** Runs an entry point with that environment (TypeScript through tsx); resolves with its exit code. */
function run(entry) {
  const args = entry.endsWith('.ts') ? ['--import', 'tsx', entry] : [entry];
  const child = spawn(process.execPath, args, { cwd: root, stdio: 'inherit', env });
  for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => child.kill(signal));
  return new Promise((resolve) => child.on('exit', (code) => resolve(code ?? 1)));
}

// The compiled server, as production runs it (`npm run build` made it; test:e2e builds first).
const server = 'apps/server/dist/main.js';
if (!existsSync(path.join(root, server))) {
  console.error(`${server} is missing: run \`npm run build\` first`);
  process.exit(1);
}
const seeded = await run('e2e/support/seed-demo.ts');
if (seeded !== 0) process.exit(seeded);
process.exit(await run(server));
