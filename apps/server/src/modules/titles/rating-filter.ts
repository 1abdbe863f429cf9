import { sql, type RawBuilder, type SqlBool } from 'kysely';

/**
 * Which content ratings a reader may see: null when nothing is hidden, otherwise the labels of
 * the titles they may see (never empty). Worked out by the catalog's rating scale.
 */
export type RatingFilter = readonly string[] | null;

/** `<column> in (…labels)`: a plain predicate the planner can combine with any index. */
export function ratingAllowed(
  labels: readonly string[],
  column = 'titles.content_rating',
): RawBuilder<SqlBool> {
  return sql<SqlBool>`${sql.ref(column)} in (${sql.join(labels)})`;
}

/** Adds the rating predicate to a query over titles; leaves it alone without a filter. */
export function withinRating(filter: RatingFilter) {
  return <Q extends { where(expression: RawBuilder<SqlBool>): Q }>(query: Q): Q =>
    filter === null ? query : query.where(ratingAllowed(filter));
}

/**
 * Names a filter in a cache key: `all`, or `rated:` and the encoded labels (no `:` among them),
 * so text after it in a key can never be read as part of it.
 */
export function ratingScope(filter: RatingFilter): string {
  return filter === null ? 'all' : `rated:${filter.map(encodeURIComponent).join(',')}`;
}

/** The filter's suffix of a cache key: none without a filter, so unfiltered keys stay as they were. */
export function ratingKey(filter: RatingFilter): string {
  return filter === null ? '' : `:${ratingScope(filter)}`;
}

/** Whether a title with this rating may be seen under the filter. */
export function ratingVisible(filter: RatingFilter, contentRating: string): boolean {
  return filter === null || filter.includes(contentRating);
}

/** The predicate as ` and …` for hand-written SQL; nothing without a filter. */
export function andWithinRating(filter: RatingFilter, column = 'titles.content_rating'): RawBuilder<unknown> {
  return filter === null ? sql.raw('') : sql` and ${ratingAllowed(filter, column)}`;
}
