import { sql, type RawBuilder } from 'kysely';
import type { Page } from '../lib/page';

/** The text with LIKE's own characters (`%`, `_` and the backslash) escaped by a backslash. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/**
 * A case-insensitive "contains" pattern for `lower(column) LIKE …`: the text's own `%`, `_` and
 * backslashes are matched literally, the same on SQLite and PostgreSQL.
 */
export function containing(text: string): RawBuilder<string> {
  return sql<string>`${`%${escapeLike(text.toLowerCase())}%`} escape '\\'`;
}

/** A "starts with" pattern for `column LIKE …`, the text matched literally (case as given). */
export function startingWith(text: string): RawBuilder<string> {
  return sql<string>`${`${escapeLike(text)}%`} escape '\\'`;
}

interface Pageable<Q> {
  limit(limit: number): Q;
  offset(offset: number): Q;
}

/** Keeps the rows of one page of a select: `query.$call(inPage(page))`. */
export function inPage(page: Page) {
  return <Q extends Pageable<Q>>(query: Q): Q => query.limit(page.limit).offset(page.offset);
}
