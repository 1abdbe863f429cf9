import type { PatchRoutesOnNavigationFunction } from 'react-router';
import { patterns } from '../../../lib/paths';

function isConsolePath(pathname: string): boolean {
  const root = patterns.admin.overview;
  return pathname === root || pathname.startsWith(`${root}/`);
}

/**
 * The console joins the member site's router, under the route `parentId`, the first time an
 * address under /admin is opened: none of it, not even its list of sections, is in the site's
 * code. Its route (console-route.tsx) holds the guard, the frame and each section's lazy pages.
 */
export function discoverConsole(parentId: string): PatchRoutesOnNavigationFunction {
  return async ({ path, matches, patch }) => {
    const consoleLoaded = matches.some((match) => match.route.path === patterns.admin.overview);
    if (consoleLoaded || !isConsolePath(path)) return;
    const { consoleRoute } = await import('./console-route');
    patch(parentId, [consoleRoute]);
  };
}
