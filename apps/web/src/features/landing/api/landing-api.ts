import { queryOptions } from '@tanstack/react-query';
import { ApiPaths, type Banner } from '@reeltime/contract';
import { apiGet } from '../../../lib/api-client';

/** Banner artwork for the landing backdrop (public). Decorative: a failure just leaves the gradient. */
export function backdropQuery() {
  return queryOptions({
    queryKey: ['landing', 'backdrop'],
    queryFn: ({ signal }) => apiGet<Banner[]>(ApiPaths.banners, undefined, signal),
    staleTime: 10 * 60_000,
    retry: false,
  });
}
