import { vi } from 'vitest';
import type { Route } from './operations';

/**
 * Every route the server registers, read from Fastify's onRoute hook while the whole app is built
 * in this process (SQLite in a temporary folder; it never listens). Fastify's printRoutes folds
 * wildcard routes such as `/media/*` into the catch-all, so the hook is the only full list.
 *
 * The hook must be on the instance before the first route: `fastify` is wrapped for the one
 * import of the app below, then unwrapped.
 */
export async function readRouteTable(): Promise<Route[]> {
  const routes: Route[] = [];
  vi.resetModules();
  vi.doMock('fastify', async (importOriginal) => {
    const actual = await importOriginal<typeof import('fastify')>();
    const withRouteLog = ((options: Parameters<typeof actual.default>[0]) => {
      const app = actual.default(options);
      app.addHook('onRoute', (route) => {
        const methods = Array.isArray(route.method) ? route.method : [route.method];
        for (const method of methods) routes.push({ method: String(method), url: route.url });
      });
      return app;
    }) as typeof actual.default;
    return { ...actual, default: withRouteLog, fastify: withRouteLog };
  });
  try {
    const { startTestServer } = await import('../../src/testing/app');
    const server = await startTestServer();
    await server.close();
  } finally {
    vi.doUnmock('fastify');
    vi.resetModules();
  }
  return routes;
}
