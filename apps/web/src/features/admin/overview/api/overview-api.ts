import { queryOptions } from '@tanstack/react-query';
import { AdminOverviewEndpoints } from '@reeltime/contract';
import { callEndpoint } from '../../../../lib/api-client';

export const overviewKey = ['admin', 'overview'] as const;

/** The overview, refreshed every minute while it is on screen. */
export const overviewQuery = () =>
  queryOptions({
    queryKey: overviewKey,
    queryFn: ({ signal }) => callEndpoint(AdminOverviewEndpoints.overview, { signal }),
    refetchInterval: 60_000,
  });
