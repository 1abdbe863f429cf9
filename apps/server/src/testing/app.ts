import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildApp, type App } from '../app';
import { loadConfig, type Config } from '../config';
import { freshPostgresDatabase } from './stores';

/**
 * Test servers run against SQLite by default, or against PostgreSQL when TEST_DATABASE_URL is set
 * (a fresh database per test file is created from it and dropped afterwards).
 */
const POSTGRES_BASE = process.env.TEST_DATABASE_URL;

export interface TestServer {
  app: App;
  config: Config;
  close: () => Promise<void>;
}

/** The inline script of the test server's index.html, as the web build's first-load script. */
export const TEST_INLINE_SCRIPT = 'window.firstLoad = 1;';

export async function startTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'reeltime-test-'));
  const database = POSTGRES_BASE ? await freshPostgresDatabase(POSTGRES_BASE) : undefined;
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://localhost:3000',
    RATE_LIMIT_AUTH_MAX: '1000',
    CATALOG_CACHE_SECONDS: '0',
    ...(database ? { DATABASE_URL: database.url } : {}),
    ...env,
  });
  const webDistDir = path.join(dataDir, 'web');
  mkdirSync(webDistDir);
  writeFileSync(
    path.join(webDistDir, 'index.html'),
    `<!doctype html><html><head><title>Reeltime</title><script>${TEST_INLINE_SCRIPT}</script>` +
      '<template data-app-modules><link rel="modulepreload" crossorigin href="/assets/app-1234.js" data-app-entry>' +
      '</template></head>' +
      '<body><div id="root"></div></body></html>',
  );
  // The browse page's own files and first view, as the web build lists them (route-preloads.json).
  writeFileSync(
    path.join(webDistDir, 'route-preloads.json'),
    JSON.stringify([
      {
        pattern: '/browse',
        scripts: ['/assets/browse-1234.js'],
        styles: ['/assets/browse-1234.css'],
        firstView: '<header class="first-view"><a class="brand">__APP_NAME__</a></header>',
      },
      {
        pattern: '/movies',
        scripts: [],
        styles: [],
        // As long as a real grid's first view, so the page is worth compressing.
        firstView: `<main class="first-view">${'<div class="shimmer-card"></div>'.repeat(60)}</main>`,
      },
    ]),
  );
  mkdirSync(path.join(webDistDir, 'assets'));
  const script = `console.log(${JSON.stringify('x'.repeat(2000))});`;
  writeFileSync(path.join(webDistDir, 'assets', 'app-1234.js'), script);
  writeFileSync(path.join(webDistDir, 'assets', 'app-1234.js.gz'), gzipSync(script));
  const app = await buildApp({ ...config, webDistDir });
  return {
    app,
    config,
    close: async () => {
      await app.close();
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
