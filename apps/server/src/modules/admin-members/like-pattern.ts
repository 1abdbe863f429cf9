import { sql, type RawBuilder } from 'kysely';

/**
 * A case-insensitive "contains" pattern for `lower(column) LIKE …`: the text's own `%`, `_` and
 * backslashes are matched literally, the same on SQLite and PostgreSQL.
 */
export function containing(text: string): RawBuilder<string> {
  const escaped = text.toLowerCase().replace(/[\\%_]/g, (match) => `\\${match}`);
  return sql<string>`${`%${escaped}%`} escape '\\'`;
}
