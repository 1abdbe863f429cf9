import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { PeopleQuery } from '@reeltime/contract';
import { adminCall } from '../../admin-api';

/** Query keys of the genres, people and banners sections; a prefix refetches every list under it. */
export const libraryKeys = {
  genres: ['admin', 'genres'] as const,
  people: ['admin', 'people'] as const,
  banners: ['admin', 'banners'] as const,
  titleChoices: ['admin', 'banners', 'title-choices'] as const,
};

export const genresQuery = () =>
  queryOptions({
    queryKey: libraryKeys.genres,
    queryFn: ({ signal }) => adminCall('GET /admin/genres', { signal }),
  });

export const peopleQuery = (query: PeopleQuery) =>
  queryOptions({
    queryKey: [...libraryKeys.people, 'list', query],
    queryFn: ({ signal }) => adminCall('GET /admin/people', { query, signal }),
    placeholderData: keepPreviousData,
  });

export const bannersQuery = () =>
  queryOptions({
    queryKey: libraryKeys.banners,
    queryFn: ({ signal }) => adminCall('GET /admin/banners', { signal }),
  });

export const titleChoicesQuery = (search: string) =>
  queryOptions({
    queryKey: [...libraryKeys.titleChoices, search],
    queryFn: ({ signal }) => adminCall('GET /admin/banners/title-choices', { query: { search }, signal }),
    placeholderData: keepPreviousData,
  });
