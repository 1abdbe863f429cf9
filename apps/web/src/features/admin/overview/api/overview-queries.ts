import { queryOptions } from '@tanstack/react-query';
import { adminCall } from '../../admin-api';

export const overviewKey = ['admin', 'overview'] as const;

/** The overview, refreshed every minute while it is on screen. */
export const overviewQuery = () =>
  queryOptions({
    queryKey: overviewKey,
    queryFn: ({ signal }) => adminCall('GET /admin/overview', { signal }),
    refetchInterval: 60_000,
  });
