import SQLite from 'better-sqlite3';
import { copyFile, mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import type { StorageLocations } from '../config';
import { BackupError, errorCode } from './backup-error';
import { sqliteFileOf } from './database-snapshot';
import { countRows, listTables, type RunQuery } from './database-tables';
import { pgConnection, runPgTool } from './pg-tools';

const sqliteQuery =
  (db: SQLite.Database): RunQuery =>
  async (sql) =>
    db.prepare(sql).all() as Array<Record<string, unknown>>;

const listed = (tables: string[]) =>
  `${tables.slice(0, 5).join(', ')}${tables.length > 5 ? ` and ${tables.length - 5} more` : ''}`;

async function withPostgres<T>(databaseUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect().catch((error: unknown) => {
    throw new BackupError(`Cannot connect to the database of DATABASE_URL: ${String(error)}`);
  });
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const postgresQuery =
  (client: pg.Client): RunQuery =>
  async (sql) =>
    (await client.query(sql)).rows;

/** Refuses a database that already has tables: a restore never mixes two sites' rows. */
export async function checkDatabaseEmpty(locations: StorageLocations): Promise<void> {
  if (locations.dialect === 'sqlite') {
    const file = sqliteFileOf(locations.databaseUrl);
    const info = await stat(file).catch(() => undefined);
    if (!info || info.size === 0) return;
    const db = new SQLite(file, { readonly: true, fileMustExist: true });
    try {
      const tables = await listTables(sqliteQuery(db), 'sqlite');
      if (tables.length > 0) {
        throw new BackupError(
          `The database ${file} is not empty (tables ${listed(tables)}); restore into an empty one. Nothing was written.`,
        );
      }
    } finally {
      db.close();
    }
    return;
  }
  await withPostgres(locations.databaseUrl, async (client) => {
    const { rows } = await client.query<{ name: string }>(
      `select table_schema || '.' || table_name as name from information_schema.tables
       where table_schema not in ('pg_catalog', 'information_schema') order by 1`,
    );
    if (rows.length > 0) {
      throw new BackupError(
        `The database of DATABASE_URL is not empty (tables ${listed(rows.map((row) => row.name))}); ` +
          'restore into an empty one (createdb). Nothing was written.',
      );
    }
  });
}

function checkCounts(expected: Record<string, number>, found: Record<string, number>): void {
  for (const [table, rows] of Object.entries(expected)) {
    if (found[table] !== rows) {
      throw new BackupError(
        `The restored table ${table} has ${found[table] ?? 'no'} rows where the backup recorded ${rows}.`,
      );
    }
  }
}

/** Checks the copy's row counts, then moves it into place (the folder was checked empty). */
async function restoreSqlite(copy: string, databaseUrl: string, rowCounts: Record<string, number>) {
  const db = new SQLite(copy, { readonly: true, fileMustExist: true });
  try {
    checkCounts(rowCounts, await countRows(sqliteQuery(db), Object.keys(rowCounts)));
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`The backup's database copy cannot be read: ${(error as Error).message}`);
  } finally {
    db.close();
  }
  const target = sqliteFileOf(databaseUrl);
  await mkdir(path.dirname(target), { recursive: true });
  // An empty file may stand there (checked above); its journal files would not match the copy.
  for (const suffix of ['', '-wal', '-shm', '-journal']) await rm(`${target}${suffix}`, { force: true });
  try {
    await rename(copy, target);
  } catch (error) {
    if (errorCode(error) !== 'EXDEV') throw error;
    await copyFile(copy, target);
  }
}

/**
 * pg_restore in one transaction: a failure leaves the database as empty as it was. The row counts
 * are checked afterwards.
 */
async function restorePostgres(dump: string, databaseUrl: string, rowCounts: Record<string, number>) {
  const { dbname, env } = pgConnection(databaseUrl);
  await runPgTool(
    'pg_restore',
    ['--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', `--dbname=${dbname}`, dump],
    env,
  );
  await withPostgres(databaseUrl, async (client) =>
    checkCounts(rowCounts, await countRows(postgresQuery(client), Object.keys(rowCounts))),
  );
}

export function restoreDatabase(
  copy: string,
  locations: StorageLocations,
  rowCounts: Record<string, number>,
): Promise<void> {
  return locations.dialect === 'sqlite'
    ? restoreSqlite(copy, locations.databaseUrl, rowCounts)
    : restorePostgres(copy, locations.databaseUrl, rowCounts);
}
