import type { Plugin } from 'vite';
import { FIRST_VIEWS, type FirstViewName } from './first-views';

/**
 * The pages whose first load is worth starting early: their route pattern (as in src/lib/paths.ts),
 * the module the router loads lazily for it (src/app/router.tsx) and its first view as static
 * HTML (first-views.ts).
 */
const FIRST_LOAD_PAGES: readonly { pattern: string; module: string; firstView: FirstViewName }[] = [
  { pattern: '/', module: 'src/features/landing/pages/landing-page.tsx', firstView: 'landing' },
  { pattern: '/login', module: 'src/features/auth/pages/login-page.tsx', firstView: 'login' },
  { pattern: '/signup', module: 'src/features/auth/pages/signup-page.tsx', firstView: 'public' },
  { pattern: '/browse', module: 'src/features/browse/pages/browse-page.tsx', firstView: 'browse' },
  { pattern: '/movies/:id?', module: 'src/features/titles/pages/movies-page.tsx', firstView: 'movies' },
  { pattern: '/tv-show', module: 'src/features/titles/pages/tv-shows-page.tsx', firstView: 'tvShows' },
  {
    pattern: '/movie-details/:id',
    module: 'src/features/titles/pages/movie-details-page.tsx',
    firstView: 'details',
  },
  { pattern: '/search', module: 'src/features/search/pages/search-page.tsx', firstView: 'site' },
  {
    pattern: '/my-watch-list',
    module: 'src/features/watchlist/pages/watch-list-page.tsx',
    firstView: 'site',
  },
];

/** One page's files and first view, as the server adds them to index.html (`route-preloads.json`). */
export interface RoutePreload {
  pattern: string;
  scripts: string[];
  styles: string[];
  /** The page's first view, for `<div id="root">` (`__APP_NAME__` is the site's name). */
  firstView: string;
}

interface BuiltChunk {
  type: 'chunk';
  fileName: string;
  imports: string[];
  facadeModuleId: string | null;
  isEntry: boolean;
  viteMetadata?: { importedCss: Set<string> };
}

/**
 * Writes `route-preloads.json` beside index.html: for each page of FIRST_LOAD_PAGES, its route
 * chunk, the chunks it imports statically and their stylesheets, less what index.html already
 * loads. The server names them in the page it sends for that address, so the browser fetches
 * them beside the entry chunk instead of after it has run.
 */
export function routePreloads(): Plugin {
  return {
    name: 'reeltime-route-preloads',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const chunks = new Map<string, BuiltChunk>();
        for (const item of Object.values(bundle)) {
          if (item.type === 'chunk') chunks.set(item.fileName, item as unknown as BuiltChunk);
        }
        const closure = (start: BuiltChunk, seen = new Set<string>()): Set<string> => {
          if (seen.has(start.fileName)) return seen;
          seen.add(start.fileName);
          for (const name of start.imports) {
            const imported = chunks.get(name);
            if (imported) closure(imported, seen);
          }
          return seen;
        };
        const entry = [...chunks.values()].find((chunk) => chunk.isEntry);
        if (!entry) return;
        const loaded = closure(entry);
        /** Stylesheets in the order Vite links them: those of a chunk's imports before its own. */
        const cssOf = (start: BuiltChunk, seen = new Set<string>(), found: string[] = []): string[] => {
          if (seen.has(start.fileName)) return found;
          seen.add(start.fileName);
          for (const name of start.imports) {
            const imported = chunks.get(name);
            if (imported) cssOf(imported, seen, found);
          }
          for (const css of start.viteMetadata?.importedCss ?? []) if (!found.includes(css)) found.push(css);
          return found;
        };
        const loadedCss = new Set(cssOf(entry));
        const preloads: RoutePreload[] = FIRST_LOAD_PAGES.map(({ pattern, module, firstView }) => {
          const route = [...chunks.values()].find((chunk) =>
            chunk.facadeModuleId?.replaceAll('\\', '/').endsWith(module),
          );
          if (!route) this.error(`route-preloads: no chunk for ${module}`);
          return {
            pattern,
            scripts: [...closure(route)].filter((name) => !loaded.has(name)).map((name) => `/${name}`),
            styles: cssOf(route)
              .filter((name) => !loadedCss.has(name))
              .map((name) => `/${name}`),
            firstView: FIRST_VIEWS[firstView],
          };
        });
        this.emitFile({
          type: 'asset',
          fileName: 'route-preloads.json',
          source: `${JSON.stringify(preloads, null, 2)}\n`,
        });
      },
    },
  };
}
