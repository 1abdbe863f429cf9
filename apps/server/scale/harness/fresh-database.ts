import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { SCALE_POSTGRES } from './site';

export interface FreshDatabase {
  url: string;
  sql<Row extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<Row[]>;
  drop(): Promise<void>;
}

/**
 * An empty PostgreSQL database of a suite's own on the shared server, for suites that start
 * processes themselves rather than through `startScaleSite`.
 */
export async function createFreshDatabase(label: string): Promise<FreshDatabase> {
  const base = new URL(SCALE_POSTGRES);
  const name = `reeltime_test_${label}_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base.toString() });
  await admin.connect().catch((error: unknown) => {
    throw new Error(
      `The scale suites need PostgreSQL at ${base.host} (set SCALE_DATABASE_URL): ${String(error)}`,
    );
  });
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  pool.on('error', () => undefined);
  return {
    url: url.toString(),
    async sql(text, values) {
      return (await pool.query(text, values)).rows;
    },
    async drop() {
      await pool.end();
      const client = new pg.Client({ connectionString: base.toString() });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
