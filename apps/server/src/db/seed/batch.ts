import type { InsertObject, Kysely } from 'kysely';
import type { Dialect } from '../connection';
import type { Database } from '../database';

/** Bound parameters one statement may carry: SQLite's compile-time maximum, PostgreSQL's protocol limit. */
const MAX_PARAMETERS: Record<Dialect, number> = { sqlite: 32_766, postgres: 65_535 };

/** Splits rows into the largest multi-row inserts the dialect accepts (at most `maxRows` each). */
export function chunksFor<T extends object>(rows: readonly T[], dialect: Dialect, maxRows = 5_000): T[][] {
  if (rows.length === 0) return [];
  const columns = Math.max(1, Object.keys(rows[0]!).length);
  const size = Math.max(1, Math.min(maxRows, Math.floor(MAX_PARAMETERS[dialect] / columns)));
  const chunks: T[][] = [];
  for (let start = 0; start < rows.length; start += size) chunks.push(rows.slice(start, start + size));
  return chunks;
}

/** Inserts rows with as few statements as the parameter limit allows. */
export async function insertMany<T extends keyof Database & string>(
  db: Kysely<Database>,
  dialect: Dialect,
  table: T,
  rows: readonly InsertObject<Database, T>[],
): Promise<void> {
  for (const chunk of chunksFor(rows, dialect)) {
    await db.insertInto(table).values(chunk).execute();
  }
}
