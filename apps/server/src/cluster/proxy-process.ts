/**
 * A proxy process of the cluster (started by shared-proxy.ts, never by hand). It receives the
 * launcher's listening socket and the backends, and proxies the connections it accepts from that
 * socket exactly as the launcher's own proxy does. The launcher tells it when a backend comes and
 * goes; its upstream errors go back to the launcher's log. It exits when the launcher goes away.
 */
import type { Server } from 'node:net';
import { createProxy, describeUpstreamError, type Backend } from './proxy';
import type { ToProxyProcess, FromProxyProcess } from './shared-proxy';

const tell = (message: FromProxyProcess) => process.send?.(message);

let backends: Backend[] = [];
let close: (() => Promise<void>) | undefined;

process.on('message', (message: ToProxyProcess, socket?: Server) => {
  if (message.type === 'start' && socket) {
    backends = message.backends.map((backend) => ({ ...backend, refusedUntil: 0 }));
    const proxy = createProxy({
      backends,
      trustIncoming: message.trustIncoming,
      onUpstreamError: (backend, error, retriedOn) =>
        tell({ type: 'log', line: describeUpstreamError(backend, error, retriedOn) }),
    });
    socket.on('connection', (connection) => proxy.server.emit('connection', connection));
    close = async () => {
      await Promise.all([new Promise<void>((resolve) => socket.close(() => resolve())), proxy.close()]);
    };
    tell({ type: 'ready' });
  } else if (message.type === 'backends') {
    for (const [index, up] of message.up.entries()) if (backends[index]) backends[index].up = up;
  }
});

const stop = () => {
  void (close?.() ?? Promise.resolve()).finally(() => process.exit(0));
};
process.once('SIGTERM', stop);
process.once('SIGINT', () => undefined);
// The launcher is gone (even killed): nothing would tell this process about the backends any more.
process.once('disconnect', () => process.exit(0));
