import type { AddressInfo } from 'node:net';
import type { App } from '../app';

export interface ConcurrentProbe<T> {
  /** What the request under test answered. */
  result: T;
  /** How long each /healthz sent while it was in flight took, in ms. */
  healthzMs: number[];
}

/**
 * Sends `request` to a listening copy of the app while /healthz is asked over and over on another
 * connection; a request that blocks the event loop shows up as a slow /healthz.
 */
export async function whileInFlight<T>(
  app: App,
  request: (baseUrl: string) => Promise<T>,
): Promise<ConcurrentProbe<T>> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const healthzMs: number[] = [];
  let done = false;
  const probe = (async () => {
    do {
      const started = performance.now();
      await fetch(`${baseUrl}/healthz`).then((res) => res.arrayBuffer());
      healthzMs.push(performance.now() - started);
    } while (!done);
  })();
  try {
    const result = await request(baseUrl);
    return { result, healthzMs };
  } finally {
    done = true;
    await probe;
  }
}
