/**
 * Whether a database error is a unique constraint refusing a row (SQLite's SQLITE_CONSTRAINT_UNIQUE
 * or PostgreSQL's 23505): two operators saving the same name at once, after both checks passed.
 */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
}
