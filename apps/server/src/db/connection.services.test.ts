import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { serviceUrl } from '../testing/services';
import { createDb } from './connection';

const POSTGRES = serviceUrl('TEST_DATABASE_URL');

describe('the PostgreSQL pool', () => {
  const { db } = createDb(POSTGRES);
  afterAll(() => db.destroy());

  it('survives the server ending a connection that is in use, and serves the next query', async () => {
    const admin = new pg.Client({ connectionString: POSTGRES });
    await admin.connect();
    try {
      const outcome = await db
        .transaction()
        .execute(async (trx) => {
          const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
          // Ended from outside while this transaction holds the connection, as a restart would.
          await admin.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
          await new Promise((resolve) => setTimeout(resolve, 200));
          await sql`select 1`.execute(trx);
          return 'answered';
        })
        .catch((error: unknown) => `failed: ${String(error)}`);
      expect(outcome).toMatch(/^failed: /);
      const { rows } = await sql<{ one: number }>`select 1 as one`.execute(db);
      expect(rows).toEqual([{ one: 1 }]);
    } finally {
      await admin.end();
    }
  });
});
