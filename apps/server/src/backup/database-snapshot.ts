import SQLite from 'better-sqlite3';
import { existsSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { StorageLocations } from '../config';
import { BackupError } from './backup-error';
import { countRows, listTables, referencedMediaKeys, schemaVersion, type RunQuery } from './database-tables';
import { pgConnection, runPgTool } from './pg-tools';

export interface DatabaseSnapshot {
  /** The copy, written into the folder given. */
  file: string;
  schemaVersion: string;
  rowCounts: Record<string, number>;
  /** Media keys the copied rows refer to. */
  referencedKeys: Set<string>;
}

/** The copy's file name in the archive's database folder. */
export const databaseFileName = (dialect: 'sqlite' | 'postgres') =>
  dialect === 'sqlite' ? 'reeltime.sqlite' : 'reeltime.pgdump';

export const sqliteFileOf = (databaseUrl: string) => databaseUrl.slice('sqlite:'.length);

/** Facts read from the copy itself, so they describe exactly what the archive holds. */
async function describe(query: RunQuery, dialect: 'sqlite' | 'postgres', file: string) {
  const tables = await listTables(query, dialect);
  const version = await schemaVersion(query, tables);
  if (version === null) {
    throw new BackupError('The database has no schema yet: start the site once before taking a backup.');
  }
  return {
    file,
    schemaVersion: version,
    rowCounts: await countRows(query, tables),
    referencedKeys: await referencedMediaKeys(query, tables),
  };
}

const sqliteQuery =
  (db: SQLite.Database): RunQuery =>
  async (sql) =>
    db.prepare(sql).all() as Array<Record<string, unknown>>;

/**
 * SQLite's online backup, in one step: it reads a single snapshot while the site keeps writing
 * (WAL lets writers go on), where small steps would start over after every write.
 */
async function snapshotSqlite(databaseUrl: string, folder: string): Promise<DatabaseSnapshot> {
  const source = sqliteFileOf(databaseUrl);
  if (!existsSync(source)) {
    throw new BackupError(`The database ${source} does not exist: check DATA_DIR and DATABASE_URL.`);
  }
  const file = path.join(folder, databaseFileName('sqlite'));
  const db = new SQLite(source, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    await db.backup(file, { progress: () => 0x7fffffff });
  } finally {
    db.close();
  }
  const copy = new SQLite(file);
  try {
    // A self-contained file: no -wal beside it to forget.
    copy.pragma('journal_mode = DELETE');
    return await describe(sqliteQuery(copy), 'sqlite', file);
  } finally {
    copy.close();
  }
}

/**
 * pg_dump in the custom format (pg_restore reads it), from a snapshot exported by a repeatable-read
 * transaction that also counts the rows: the counts and the dump see the same instant.
 */
async function snapshotPostgres(databaseUrl: string, folder: string): Promise<DatabaseSnapshot> {
  const file = path.join(folder, databaseFileName('postgres'));
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect().catch((error: unknown) => {
    throw new BackupError(`Cannot connect to the database of DATABASE_URL: ${String(error)}`);
  });
  try {
    await client.query('begin isolation level repeatable read read only');
    const { rows } = await client.query<{ snapshot: string }>('select pg_export_snapshot() as snapshot');
    const query: RunQuery = async (sql) => (await client.query(sql)).rows;
    const facts = await describe(query, 'postgres', file);
    const { dbname, env } = pgConnection(databaseUrl);
    await runPgTool(
      'pg_dump',
      [
        '--format=custom',
        '--no-owner',
        '--no-privileges',
        `--snapshot=${rows[0]!.snapshot}`,
        `--file=${file}`,
        `--dbname=${dbname}`,
      ],
      env,
    );
    await client.query('commit');
    return facts;
  } finally {
    await client.end();
  }
}

export function snapshotDatabase(locations: StorageLocations, folder: string): Promise<DatabaseSnapshot> {
  return locations.dialect === 'sqlite'
    ? snapshotSqlite(locations.databaseUrl, folder)
    : snapshotPostgres(locations.databaseUrl, folder);
}
