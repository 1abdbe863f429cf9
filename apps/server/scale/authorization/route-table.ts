import type { HTTPMethods } from 'fastify';
import { buildApp, type App } from '../../src/app';
import { loadConfig } from '../../src/config';

/**
 * Who a route lets through, as its registration declares it (the scope's onRequest hook);
 * `account` is a member acting as a profile that is not a kids profile.
 */
export type Access = 'public' | 'member' | 'account' | 'admin';

export interface Route {
  method: HTTPMethods;
  /** As registered, with `:param` and `*` segments. */
  path: string;
  access: Access;
}

const NODE_LINE = /^([│ ]*)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/;
const HOOK_LINE = /^[│ ]*• \((\w+)\) (\[.*\])$/;
/** printRoutes lists a second method of the same node on its own line, without a branch. */
const METHOD_LINE = /^[│ ]*(\S.*?) \(([A-Z, ]+)\)$/;

function accessOf(onRequest: string[]): Access {
  if (onRequest.includes('requireAdmin()')) return 'admin';
  if (onRequest.includes('requireAccount()')) return 'account';
  if (onRequest.includes('requireMember()')) return 'member';
  return 'public';
}

/**
 * Every route of the app with its declared access, read from Fastify's own route table
 * (`printRoutes` with the hooks each route runs, scope hooks included). Every line of the table
 * must be understood and every route found must exist, so a route is never dropped silently.
 */
export function routeTable(app: App): Route[] {
  const routes: Route[] = [];
  const parents: string[] = [];
  let current: Array<{ method: HTTPMethods; path: string; onRequest: string[] }> = [];
  // The methods of the last node or method line: the hook lines after it describe them.
  let group: typeof current = [];
  const flush = () => {
    for (const route of current)
      routes.push({ method: route.method, path: route.path, access: accessOf(route.onRequest) });
    current = [];
  };
  const lines = app
    .printRoutes({ includeHooks: true })
    .split('\n')
    .filter((line) => line.trim() !== '');
  for (const line of lines) {
    const hook = HOOK_LINE.exec(line);
    if (hook) {
      if (hook[1] === 'onRequest') {
        const names = JSON.parse(hook[2]!) as string[];
        if (group.length === 0) throw new Error(`route table: hooks without a route: "${line}"`);
        for (const route of group) route.onRequest = names;
      }
      continue;
    }
    const node = NODE_LINE.exec(line);
    if (node) {
      flush();
      const depth = node[1]!.length / 4;
      const path = (parents[depth - 1] ?? '') + node[2]!;
      parents[depth] = path;
      parents.length = depth + 1;
      group = (node[3]?.split(', ') ?? []).map((method) => ({
        method: method as HTTPMethods,
        path,
        onRequest: [],
      }));
      current.push(...group);
      continue;
    }
    const more = METHOD_LINE.exec(line);
    if (more && current.length > 0) {
      const path = current[0]!.path;
      if (!path.endsWith(more[1]!)) throw new Error(`route table: "${line}" does not continue ${path}`);
      group = more[2]!.split(', ').map((method) => ({ method: method as HTTPMethods, path, onRequest: [] }));
      current.push(...group);
      continue;
    }
    throw new Error(`route table: a line not understood: "${line}"`);
  }
  flush();
  for (const route of routes) {
    if (!app.hasRoute({ method: route.method, url: route.path })) {
      throw new Error(`route table: ${route.method} ${route.path} read from the table is not a route`);
    }
  }
  return routes;
}

/**
 * Builds the app in this process with the configuration the site's processes run with (not
 * listening, no job runner) and reads its route table.
 */
export async function siteRouteTable(env: NodeJS.ProcessEnv): Promise<Route[]> {
  const app = await buildApp(loadConfig({ ...env, IN_PROCESS_WORKER: 'false', LOG_LEVEL: 'silent' }));
  try {
    return routeTable(app);
  } finally {
    await app.close();
  }
}
