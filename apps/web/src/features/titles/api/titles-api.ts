import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  CastMailEndpoints,
  CatalogEndpoints,
  PlaybackEndpoints,
  type MovieDetail,
  type SendMailToCastBody,
} from '@reeltime/contract';
import { callEndpoint, emptyOnFailure, requestEndpoint } from '../../../lib/api-client';
import { GRID_PAGE_SIZE, pagedCardsQuery } from '../../../lib/paged-query';
import { titleDetailsKey } from '../../../lib/query-keys';
import { titleDetailsQuery } from '../../../lib/title-details-query';

export function genresQuery() {
  return queryOptions({
    queryKey: ['titles', 'genres'],
    queryFn: ({ signal }) => callEndpoint(CatalogEndpoints.genres, { signal }),
    staleTime: 30 * 60_000,
  });
}

export type MovieFilter = { genre_id: number } | { actor_id: number } | Record<string, never>;

/** Movies, all or by genre or cast member; a failed page is logged and shows as empty (spec). */
export function movieListQuery(filter: MovieFilter) {
  return pagedCardsQuery(['titles', 'movies', filter], (page, signal) =>
    emptyOnFailure(CatalogEndpoints.movieList.path, signal, () =>
      callEndpoint(CatalogEndpoints.movieList, {
        query: { ...filter, page, per_page: GRID_PAGE_SIZE },
        signal,
      }),
    ),
  );
}

/** TV shows; a failed page is logged and shows as empty (spec). */
export function tvShowsQuery() {
  return pagedCardsQuery(['titles', 'tv-shows'], (page, signal) =>
    emptyOnFailure(CatalogEndpoints.tvShows.path, signal, () =>
      callEndpoint(CatalogEndpoints.tvShows, { query: { page, per_page: GRID_PAGE_SIZE }, signal }),
    ),
  );
}

/** A title's details (lib/, since a card's trailer preview reads them too). */
export const movieDetailsQuery = titleDetailsQuery;

/** How long details fetched when Play was pressed are used by the watch view without asking again. */
const PRESSED_PLAY_FRESH_MS = 5000;

/**
 * The details the watch view plays from: the same cache entry as the details page's, and a fetch
 * started when Play was pressed (app/watch-preload.ts) is used as it is rather than repeated.
 */
export function watchDetailsQuery(id: number) {
  return queryOptions({ ...titleDetailsQuery(id), staleTime: PRESSED_PLAY_FRESH_MS });
}

/**
 * Likes the title or takes the like back; the cached details follow the server's answer (its
 * new state and count), so the page shows them without a reload.
 */
export function useToggleLike(titleId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint(PlaybackEndpoints.like, { body: { entertainment_id: titleId } }),
    onSuccess: (like) =>
      queryClient.setQueryData<MovieDetail>(titleDetailsKey(titleId), (detail) =>
        detail ? { ...detail, is_liked: like.is_liked, likes: like.likes } : detail,
      ),
  });
}

/** Sends the member's message to a cast member; the server holds the address and mails it. */
export function useSendMailToCast() {
  return useMutation({
    mutationFn: (body: SendMailToCastBody) => requestEndpoint(CastMailEndpoints.send, { body }),
  });
}
