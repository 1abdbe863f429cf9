import { queryOptions, useMutation } from '@tanstack/react-query';
import { ApiPaths, type SendMailToCastBody } from '@reeltime/contract';
import { apiGet, emptyOnFailure, apiRequest } from '../../../lib/api-client';
import { GRID_PAGE_SIZE, pagedCardsQuery } from '../../../lib/paged-query';
import { titleDetailsRootKey } from '../../../lib/query-keys';

export function genresQuery() {
  return queryOptions({
    queryKey: ['titles', 'genres'],
    queryFn: ({ signal }) => apiGet(ApiPaths.genres, { signal }),
    staleTime: 30 * 60_000,
  });
}

export type MovieFilter = { genre_id: number } | { actor_id: number } | Record<string, never>;

/** Movies, all or by genre or cast member; a failed page is logged and shows as empty (spec). */
export function movieListQuery(filter: MovieFilter) {
  return pagedCardsQuery(['titles', 'movies', filter], (page, signal) =>
    emptyOnFailure(ApiPaths.movieList, signal, () =>
      apiGet(ApiPaths.movieList, { query: { ...filter, page, per_page: GRID_PAGE_SIZE }, signal }),
    ),
  );
}

/** TV shows; a failed page is logged and shows as empty (spec). */
export function tvShowsQuery() {
  return pagedCardsQuery(['titles', 'tv-shows'], (page, signal) =>
    emptyOnFailure(ApiPaths.tvShows, signal, () =>
      apiGet(ApiPaths.tvShows, { query: { page, per_page: GRID_PAGE_SIZE }, signal }),
    ),
  );
}

export const titleDetailsKey = (id: number) => [...titleDetailsRootKey, id] as const;

export function movieDetailsQuery(id: number) {
  return queryOptions({
    queryKey: titleDetailsKey(id),
    queryFn: ({ signal }) => apiGet(ApiPaths.movieDetails, { params: { id }, signal }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** POST /user/like: likes the title or takes the like back; answers the new state and count. */
export function toggleLike(titleId: number) {
  return apiRequest(ApiPaths.like, { method: 'POST', body: { entertainment_id: titleId } });
}

/** Sends the member's message to a cast member; the server holds the address and mails it. */
export function useSendMailToCast() {
  return useMutation({
    mutationFn: (body: SendMailToCastBody) => apiRequest(ApiPaths.sendMailToCast, { method: 'POST', body }),
  });
}
