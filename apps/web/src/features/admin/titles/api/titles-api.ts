import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  AdminGenresEndpoints,
  AdminPeopleEndpoints,
  AdminTitlesEndpoints,
  type AdminTitleListQuery,
} from '@reeltime/contract';
import { callEndpoint } from '../../../../lib/api-client';

/** Query keys of the titles section; the prefix refetches every list and title under it. */
export const titlesKeys = {
  all: ['admin', 'titles'] as const,
  list: (query: AdminTitleListQuery) => ['admin', 'titles', 'list', query] as const,
  detail: (id: number) => ['admin', 'titles', 'detail', id] as const,
  genres: ['admin', 'genres'] as const,
  people: (search: string) => ['admin', 'people', 'options', search] as const,
};

export const titlesQuery = (query: AdminTitleListQuery) =>
  queryOptions({
    queryKey: titlesKeys.list(query),
    queryFn: ({ signal }) => callEndpoint(AdminTitlesEndpoints.list, { query, signal }),
    placeholderData: keepPreviousData,
  });

export const titleQuery = (id: number) =>
  queryOptions({
    queryKey: titlesKeys.detail(id),
    queryFn: ({ signal }) => callEndpoint(AdminTitlesEndpoints.detail, { params: { id }, signal }),
  });

/** Every genre, for the filters and the editor's choices. */
export const genresQuery = () =>
  queryOptions({
    queryKey: titlesKeys.genres,
    queryFn: ({ signal }) => callEndpoint(AdminGenresEndpoints.list, { signal }),
    staleTime: 60_000,
  });

/** The first people whose name contains `search`, for the cast picker. */
export const peopleOptionsQuery = (search: string) =>
  queryOptions({
    queryKey: titlesKeys.people(search),
    queryFn: ({ signal }) =>
      callEndpoint(AdminPeopleEndpoints.list, { query: { search, page: 1, per_page: 10 }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
