import { queryOptions } from '@tanstack/react-query';
import { CatalogEndpoints } from '@reeltime/contract';
import { callEndpoint } from './api-client';
import { titleDetailsKey } from './query-keys';

/**
 * One title's details. Shared: the details and watch pages read them, and so does a card's
 * trailer preview (cards carry no trailer link), which shares their cache entry.
 */
export function titleDetailsQuery(id: number) {
  return queryOptions({
    queryKey: titleDetailsKey(id),
    queryFn: ({ signal }) => callEndpoint(CatalogEndpoints.movieDetails, { params: { id }, signal }),
    enabled: Number.isInteger(id) && id > 0,
  });
}
