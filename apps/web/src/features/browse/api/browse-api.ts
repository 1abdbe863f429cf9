import { queryOptions } from '@tanstack/react-query';
import { ApiPaths, RowPaths } from '@reeltime/contract';
import { apiGet, emptyOnFailure } from '../../../lib/api-client';
import { continueWatchingKey } from '../../../lib/query-keys';

export function bannersQuery() {
  return queryOptions({
    queryKey: ['browse', 'banners'],
    queryFn: ({ signal }) => apiGet(ApiPaths.banners, { signal }),
  });
}

type RowPath = (typeof RowPaths)[keyof typeof RowPaths];

/** A browse row; a failed load is logged and shows as an empty row. */
export function rowQuery(path: RowPath) {
  return queryOptions({
    queryKey: ['browse', 'row', path],
    queryFn: ({ signal }) => emptyOnFailure(path, signal, () => apiGet(path, { signal })),
  });
}

export interface RowDefinition {
  title: string;
  path: RowPath;
  /** Show only the first N cards, with rank numbers. */
  top?: number;
}

/** The browse rows in their order (spec section 2). */
export const BROWSE_ROWS: readonly RowDefinition[] = [
  { title: 'Top 10', path: RowPaths.popular, top: 10 },
  { title: 'Latest Movies', path: RowPaths.latest },
  { title: 'Popular Movies', path: RowPaths.popular },
  { title: 'Top TV Channels', path: RowPaths.topChannels },
  { title: 'Free Movies', path: RowPaths.free },
  { title: 'Most Liked Movies', path: RowPaths.mostLiked },
  { title: 'Most Viewed Movies', path: RowPaths.mostViewed },
];

/**
 * The member's unfinished titles, most recent first (GET /user/continue-watching). Members only;
 * a failed load is logged and hides the row like an empty one.
 */
export function continueWatchingQuery(enabled: boolean) {
  return queryOptions({
    queryKey: continueWatchingKey,
    queryFn: ({ signal }) =>
      emptyOnFailure('Continue Watching', signal, () => apiGet(ApiPaths.continueWatching, { signal })),
    enabled,
  });
}
