import { queryOptions } from '@tanstack/react-query';
import {
  ApiPaths,
  pathWith,
  type Genre,
  type LikeResult,
  type MovieCard,
  type MovieDetail,
} from '@reeltime/contract';
import { apiGet, emptyOnFailure, apiRequest } from '../../../lib/api-client';
import { GRID_PAGE_SIZE, pagedCardsQuery } from '../../../lib/paged-query';

export function genresQuery() {
  return queryOptions({
    queryKey: ['titles', 'genres'],
    queryFn: ({ signal }) => apiGet<Genre[]>(ApiPaths.genres, undefined, signal),
    staleTime: 30 * 60_000,
  });
}

export type MovieFilter = { genre_id: number } | { actor_id: number } | Record<string, never>;

/** Logs a failed list page and shows it as empty (spec: list load failures give an empty list). */
function listPage(path: string, query: Record<string, number>, signal: AbortSignal): Promise<MovieCard[]> {
  return emptyOnFailure(path, signal, () =>
    apiGet<MovieCard[]>(path, { ...query, per_page: GRID_PAGE_SIZE }, signal),
  );
}

export function movieListQuery(filter: MovieFilter) {
  return pagedCardsQuery(['titles', 'movies', filter], (page, signal) =>
    listPage(ApiPaths.movieList, { ...filter, page }, signal),
  );
}

export function tvShowsQuery() {
  return pagedCardsQuery(['titles', 'tv-shows'], (page, signal) =>
    listPage(ApiPaths.tvShows, { page }, signal),
  );
}

export const titleDetailsKey = (id: number) => ['titles', 'details', id] as const;

export function movieDetailsQuery(id: number) {
  return queryOptions({
    queryKey: titleDetailsKey(id),
    queryFn: ({ signal }) => apiGet<MovieDetail>(pathWith(ApiPaths.movieDetails, { id }), undefined, signal),
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** POST /user/like: likes the title or takes the like back; answers the new state and count. */
export function toggleLike(titleId: number) {
  return apiRequest<LikeResult>(ApiPaths.like, { method: 'POST', body: { entertainment_id: titleId } });
}
