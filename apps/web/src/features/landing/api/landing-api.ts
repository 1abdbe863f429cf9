import { queryOptions } from '@tanstack/react-query';
import { CatalogEndpoints } from '@reeltime/contract';
import { callEndpoint } from '../../../lib/api-client';

/** Banner artwork for the landing backdrop (public). Decorative: a failure just leaves the gradient. */
export function backdropQuery() {
  return queryOptions({
    queryKey: ['landing', 'backdrop'],
    queryFn: ({ signal }) => callEndpoint(CatalogEndpoints.banners, { signal }),
    staleTime: 10 * 60_000,
    retry: false,
  });
}
