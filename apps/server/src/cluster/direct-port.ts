import cluster from 'node:cluster';
import type { Server } from 'node:http';
import { createServer } from 'node:net';
import type { ApiReady } from './api-ready';

/**
 * A port of its own for an API worker of `npm run start:cluster`, on 127.0.0.1 only, beside the
 * public port it shares with the other workers: there it alone answers, so one worker can be
 * health-checked or tested by itself. Connections accepted there go to the same HTTP server.
 * Outside a cluster this does nothing.
 */
export async function openDirectPortInCluster(server: Server): Promise<() => void> {
  if (!cluster.isWorker) return () => undefined;
  const direct = createServer((socket) => server.emit('connection', socket));
  await new Promise<void>((resolve, reject) => {
    direct.once('error', reject);
    // exclusive: bound by this worker itself, not shared through the primary like the public port.
    direct.listen({ port: 0, host: '127.0.0.1', exclusive: true }, () => resolve());
  });
  const { port } = direct.address() as { port: number };
  const ready: ApiReady = { kind: 'reeltime:api-ready', directPort: port };
  process.send?.(ready);
  // Stops accepting; its open connections end with the HTTP server's.
  return () => direct.close();
}
