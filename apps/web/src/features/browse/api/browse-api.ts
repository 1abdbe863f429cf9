import { queryOptions } from '@tanstack/react-query';
import {
  CatalogEndpoints,
  CatalogRowEndpoints,
  PlaybackEndpoints,
  RecommendationEndpoints,
  type RowName,
} from '@reeltime/contract';
import { callEndpoint, emptyOnFailure } from '../../../lib/api-client';
import { continueWatchingKey, recommendationsKey } from '../../../lib/query-keys';

export function bannersQuery() {
  return queryOptions({
    queryKey: ['browse', 'banners'],
    queryFn: ({ signal }) => callEndpoint(CatalogEndpoints.banners, { signal }),
  });
}

/** A browse row; a failed load is logged and shows as an empty row. */
export function rowQuery(row: RowName) {
  const endpoint = CatalogRowEndpoints[row];
  return queryOptions({
    queryKey: ['browse', 'row', endpoint.path],
    queryFn: ({ signal }) => emptyOnFailure(endpoint.path, signal, () => callEndpoint(endpoint, { signal })),
  });
}

export interface RowDefinition {
  title: string;
  row: RowName;
  /** Show only the first N cards, with rank numbers. */
  top?: number;
}

/** The browse rows in their order (spec section 2). */
export const BROWSE_ROWS: readonly RowDefinition[] = [
  { title: 'Top 10', row: 'popular', top: 10 },
  { title: 'Latest Movies', row: 'latest' },
  { title: 'Popular Movies', row: 'popularMovies' },
  { title: 'Top TV Channels', row: 'topChannels' },
  { title: 'Free Movies', row: 'free' },
  { title: 'Most Liked Movies', row: 'mostLiked' },
  { title: 'Most Viewed Movies', row: 'mostViewed' },
];

/**
 * The member's unfinished titles, most recent first (GET /user/continue-watching). Members only;
 * a failed load is logged and hides the row like an empty one.
 */
export function continueWatchingQuery(enabled: boolean) {
  return queryOptions({
    queryKey: continueWatchingKey,
    queryFn: ({ signal }) =>
      emptyOnFailure('Continue Watching', signal, () =>
        callEndpoint(PlaybackEndpoints.continueWatching, { signal }),
      ),
    enabled,
  });
}

/**
 * The profile's personal rows (GET /user/recommendations). Members only; a failed load is logged
 * and shows no rows, like an empty answer.
 */
export function recommendationsQuery(enabled: boolean) {
  return queryOptions({
    queryKey: recommendationsKey,
    queryFn: ({ signal }) =>
      emptyOnFailure('recommendations', signal, () => callEndpoint(RecommendationEndpoints.list, { signal })),
    enabled,
  });
}
