import { queryOptions } from '@tanstack/react-query';
import { AdminPlaybackQualityEndpoints, type AdminPlaybackQualityQuery } from '@reeltime/contract';
import { callEndpoint } from '../../../../lib/api-client';

/** How plays went over the period, refreshed every minute while on screen. */
export const playbackQualityQuery = (query: AdminPlaybackQualityQuery) =>
  queryOptions({
    queryKey: ['admin', 'playback-quality', query],
    queryFn: ({ signal }) => callEndpoint(AdminPlaybackQualityEndpoints.figures, { query, signal }),
    refetchInterval: 60_000,
  });
