import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  AdminBannersEndpoints,
  AdminGenresEndpoints,
  AdminPeopleEndpoints,
  type PeopleQuery,
} from '@reeltime/contract';
import { callEndpoint } from '../../../../lib/api-client';

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
    queryFn: ({ signal }) => callEndpoint(AdminGenresEndpoints.list, { signal }),
  });

export const peopleQuery = (query: PeopleQuery) =>
  queryOptions({
    queryKey: [...libraryKeys.people, 'list', query],
    queryFn: ({ signal }) => callEndpoint(AdminPeopleEndpoints.list, { query, signal }),
    placeholderData: keepPreviousData,
  });

export const bannersQuery = () =>
  queryOptions({
    queryKey: libraryKeys.banners,
    queryFn: ({ signal }) => callEndpoint(AdminBannersEndpoints.list, { signal }),
  });

export const titleChoicesQuery = (search: string) =>
  queryOptions({
    queryKey: [...libraryKeys.titleChoices, search],
    queryFn: ({ signal }) => callEndpoint(AdminBannersEndpoints.titleChoices, { query: { search }, signal }),
    placeholderData: keepPreviousData,
  });
