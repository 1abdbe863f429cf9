import pg from 'pg';
import { freshPostgresDatabase } from '../../src/testing/stores';
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
  const database = await freshPostgresDatabase(SCALE_POSTGRES, {
    prefix: `reeltime_test_${label}`,
    setting: 'SCALE_DATABASE_URL',
  });
  const pool = new pg.Pool({ connectionString: database.url, max: 2 });
  pool.on('error', () => undefined);
  return {
    url: database.url,
    async sql(text, values) {
      return (await pool.query(text, values)).rows;
    },
    async drop() {
      await pool.end();
      await database.drop();
    },
  };
}
