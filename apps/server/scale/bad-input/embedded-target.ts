import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { startEmbeddedServer, type EmbeddedServer } from '../harness/embedded-server';

/**
 * The embedded default (one process, SQLite, in-process worker) started as an operator starts it,
 * with what the bad-input suite needs beside it: a query on its database (to make an admin), the
 * secrets it generated (which no answer may contain) and its output.
 */
export interface EmbeddedTarget {
  server: EmbeddedServer;
  dataDir: string;
  output: string[];
  secrets(): string[];
  sql(text: string, values?: unknown[]): Promise<unknown[]>;
  close(): Promise<void>;
}

export async function startEmbeddedTarget(): Promise<EmbeddedTarget> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'reeltime-bad-input-'));
  const output: string[] = [];
  const server = await startEmbeddedServer({
    dataDir,
    env: { RATE_LIMIT_AUTH_MAX: '100000', PUBLIC_URL: 'http://localhost:3000' },
    // A first start on a loaded machine compiles the whole server with tsx.
    readyTimeoutMs: 180_000,
    output: (line) => {
      output.push(line);
      if (output.length > 5000) output.splice(0, output.length - 5000);
    },
  });
  const database = new Database(path.join(dataDir, 'reeltime.sqlite'));
  database.pragma('busy_timeout = 5000');
  return {
    server,
    dataDir,
    output,
    secrets() {
      const folder = path.join(dataDir, 'secrets');
      if (!existsSync(folder)) return [];
      return readdirSync(folder).map((name) => readFileSync(path.join(folder, name), 'utf8').trim());
    },
    async sql(text, values = []) {
      // The harness writes PostgreSQL placeholders.
      const statement = database.prepare(text.replace(/\$\d+/g, '?'));
      if (statement.reader) return statement.all(...values);
      statement.run(...values);
      return [];
    },
    async close() {
      database.close();
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
