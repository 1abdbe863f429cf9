import { escapeHtml } from '../lib/html';

/** One page's files, as the web build lists them in route-preloads.json (apps/web/route-preloads.ts). */
interface RoutePreload {
  pattern: string;
  scripts: string[];
  styles: string[];
  /** The page's first view, static HTML for `<div id="root">` (apps/web/first-views.ts). */
  firstView?: string;
}

const ASSET_PATH = /^\/assets\/[\w.-]+\.(?:js|css)$/;

/** `/movie-details/:id` → a RegExp for the whole path; `:name?` may be left out. */
function patternToRegExp(pattern: string): RegExp {
  if (pattern === '/') return /^\/$/;
  const source = pattern
    .split('/')
    .slice(1)
    .map((segment) => {
      if (segment.startsWith(':')) return segment.endsWith('?') ? '(?:/[^/]+)?' : '/[^/]+';
      return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
    })
    .join('');
  return new RegExp(`^${source}/?$`);
}

function pagesOf(manifest: unknown) {
  return (Array.isArray(manifest) ? manifest : []).filter(isRoutePreload).map((page) => ({
    ...page,
    matches: patternToRegExp(page.pattern),
  }));
}

function isRoutePreload(value: unknown): value is RoutePreload {
  if (!value || typeof value !== 'object') return false;
  const item = value as Record<string, unknown>;
  const assets = (list: unknown) =>
    Array.isArray(list) && list.every((file) => typeof file === 'string' && ASSET_PATH.test(file));
  return (
    typeof item.pattern === 'string' &&
    item.pattern.startsWith('/') &&
    assets(item.scripts) &&
    assets(item.styles)
  );
}

/** A page's own files as tags: its stylesheets for the head, its chunks' preloads for the app's list. */
export interface PageTags {
  styles: string;
  scripts: string;
}

const NO_TAGS: PageTags = { styles: '', scripts: '' };

/**
 * The tags that start a page's own code and stylesheets with the page itself (the web app loads
 * them only once its entry chunk has run): a function from an address's path to the page's tags,
 * empty for a path of no listed page. `manifest` is route-preloads.json's content; anything else
 * in it than asset paths is ignored.
 */
export function routePreloadTags(manifest: unknown): (pathname: string) => PageTags {
  const pages = pagesOf(manifest).map((page) => ({
    matches: page.matches,
    tags: {
      styles: page.styles
        .map((href) => `<link rel="stylesheet" crossorigin href="${escapeHtml(href)}">`)
        .join(''),
      scripts: page.scripts
        .map((href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}">`)
        .join(''),
    },
  }));
  return (pathname) => pages.find((page) => page.matches.test(pathname))?.tags ?? NO_TAGS;
}

/**
 * The page's first view (decision 0049): static HTML the web build made for the page of an
 * address, which the server writes into `<div id="root">` so the page's frame and placeholders
 * are drawn before its scripts have run ('' for a path of no listed page). It comes from the same
 * build as index.html; `__APP_NAME__` in it becomes `siteName`, escaped.
 */
export function routeFirstViews(manifest: unknown): (pathname: string, siteName: string) => string {
  const pages = pagesOf(manifest).filter(
    (page) => typeof page.firstView === 'string' && page.firstView !== '',
  );
  return (pathname, siteName) => {
    const page = pages.find((one) => one.matches.test(pathname));
    return page?.firstView ? page.firstView.replaceAll('__APP_NAME__', escapeHtml(siteName)) : '';
  };
}
