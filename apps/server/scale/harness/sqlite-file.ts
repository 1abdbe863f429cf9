import Database from 'better-sqlite3';
import { copyFileSync, existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { createDb, migrateToLatest } from '../../src/db/connection';

/** Where the embedded default keeps its database inside DATA_DIR. */
export const sqliteFile = (dataDir: string) => path.join(dataDir, 'reeltime.sqlite');

/**
 * The database file opened the way an operator's inspection would open it: read-only, beside
 * the running server (WAL lets a reader in) or after it stopped.
 */
export function openReadOnly(dataDir: string): Database.Database {
  return new Database(sqliteFile(dataDir), { readonly: true, fileMustExist: true });
}

/** A short write beside the running server (e.g. making a member an admin). */
export function writeBeside<T>(dataDir: string, write: (db: Database.Database) => T): T {
  const db = new Database(sqliteFile(dataDir), { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    return write(db);
  } finally {
    db.close();
  }
}

export interface FileHealth {
  /** `ok` when SQLite finds nothing wrong; otherwise its first findings. */
  integrity: string;
  /** Rows whose reference points at no row (the expected count is 0). */
  foreignKeyViolations: number;
}

export function fileHealth(db: Database.Database): FileHealth {
  const integrity = (db.pragma('integrity_check') as { integrity_check: string }[])
    .slice(0, 5)
    .map((row) => row.integrity_check)
    .join('; ');
  const foreignKeyViolations = (db.pragma('foreign_key_check') as unknown[]).length;
  return { integrity, foreignKeyViolations };
}

/** Bytes in the write-ahead log (0 when there is none). */
export function walBytes(dataDir: string): number {
  const wal = `${sqliteFile(dataDir)}-wal`;
  return existsSync(wal) ? statSync(wal).size : 0;
}

/**
 * The database part of a restart after a crash, timed on a copy of the files as the crash left
 * them (database, WAL, shared memory): open with the server's settings (WAL recovery happens
 * here) and bring the schema up to date. The original is left for the server to recover itself.
 */
export async function timeRecoveryOfCopy(dataDir: string, scratchDir: string): Promise<number> {
  rmSync(scratchDir, { recursive: true, force: true });
  mkdirSync(scratchDir, { recursive: true });
  for (const suffix of ['', '-wal', '-shm']) {
    const from = `${sqliteFile(dataDir)}${suffix}`;
    if (existsSync(from)) copyFileSync(from, `${sqliteFile(scratchDir)}${suffix}`);
  }
  const startedAt = performance.now();
  const { db } = createDb(`sqlite:${sqliteFile(scratchDir)}`);
  try {
    await migrateToLatest(db);
    return performance.now() - startedAt;
  } finally {
    await db.destroy();
  }
}
