import { connect } from 'node:net';
import path from 'node:path';
import { findOnPath, freePort, startServer, waitUntilReady } from './processes.mjs';

/** True once Redis answers PING on the port. */
function answersPing(port) {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let reply = '';
    socket.setTimeout(1_000, () => socket.destroy());
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk) => {
      reply += chunk;
      if (reply.includes('\r\n')) socket.end();
    });
    socket.on('error', () => {});
    socket.on('close', () => resolve(reply.startsWith('+PONG')));
  });
}

/** Redis: in memory only, on 127.0.0.1. */
export const redis = {
  name: 'Redis',
  variable: 'TEST_REDIS_URL',
  debianPackage: 'redis-server',
  installed: () => findOnPath('redis-server') !== undefined,

  async start(dir, defer) {
    const port = await freePort();
    const logFile = path.join(dir, 'redis.log');
    const server = startServer(
      findOnPath('redis-server'),
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
      { cwd: dir, logFile },
    );
    defer(() => server.stop());
    await waitUntilReady('Redis', server, () => answersPing(port), logFile);
    return `redis://127.0.0.1:${port}`;
  },
};
