// Seeds the demo catalog into the data folder named by DATA_DIR, as a first development start
// does. The server under test runs in production, which never seeds (start-server.mjs).
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { seedDemoIfEmpty } from '../../apps/server/src/db/seed/demo';

const config = loadConfig({ ...process.env, NODE_ENV: 'development', IN_PROCESS_WORKER: 'false' });
const app = await buildApp(config);
try {
  await seedDemoIfEmpty(app.ctx, (line) => console.log(line));
} finally {
  await app.close();
}
