import { useMutation, useQueryClient } from '@tanstack/react-query';
import { WatchlistEndpoints, type SaveWatchListBody } from '@reeltime/contract';
import { requestEndpoint } from './api-client';
import { watchListKey } from './query-keys';

/** Adds a title to the watch list or removes it; every watch-list read is refetched afterwards. */
export function useToggleWatchList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveWatchListBody) => requestEndpoint(WatchlistEndpoints.toggle, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: watchListKey }),
  });
}
