import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import { buildApp, type App } from '../app';
import { loadConfig, type Config } from '../config';

/**
 * Test servers run against SQLite by default, or against PostgreSQL when TEST_DATABASE_URL is set
 * (a fresh database per test file is created from it and dropped afterwards).
 */
const POSTGRES_BASE = process.env.TEST_DATABASE_URL;

async function freshPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = new URL(POSTGRES_BASE!);
  const name = `reeltime_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: base.toString() });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: base.toString() });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export interface TestServer {
  app: App;
  config: Config;
  close: () => Promise<void>;
}

export async function startTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'reeltime-test-'));
  const database = POSTGRES_BASE ? await freshPostgresDatabase() : undefined;
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
    '<!doctype html><html><head><title>Reeltime</title></head><body><div id="root"></div></body></html>',
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
