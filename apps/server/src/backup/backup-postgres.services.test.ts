import { describe, expect, it } from 'vitest';
import { freshPostgresDatabase } from '../testing/stores';
import { runCli } from './backup.fixtures';
import { backupRoundTrip } from './backup.scenario';
import { serviceUrl } from '../testing/services';

/**
 * The round trip of backup.test.ts on PostgreSQL (pg_dump / pg_restore): needs the server at
 * TEST_DATABASE_URL (`npm run test:services`) and its client tools, and fails without them.
 */
const POSTGRES_BASE = serviceUrl('TEST_DATABASE_URL');

const roundTrip = backupRoundTrip(() =>
  freshPostgresDatabase(POSTGRES_BASE, { prefix: 'reeltime_test_backup' }),
);

describe('restore on PostgreSQL refuses, writing nothing', () => {
  it('a database that already has tables', async () => {
    const run = await runCli('restore', [roundTrip.archive], {
      DATA_DIR: `${roundTrip.work}/target-not-empty-db`,
      DATABASE_URL: roundTrip.original.config.databaseUrl,
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(
      /^Restore refused: The database of DATABASE_URL is not empty \(tables public\./,
    );
  });

  it('a PostgreSQL backup into SQLite', async () => {
    const run = await runCli('restore', [roundTrip.archive], { DATA_DIR: `${roundTrip.work}/target-sqlite` });
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toBe(
      'Restore refused: This backup holds a PostgreSQL database and DATABASE_URL points to SQLite; restore it into the same kind of database. Nothing was written.',
    );
  });
});
