import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  AdminBannersEndpoints,
  AdminGenresEndpoints,
  AdminPeopleEndpoints,
  type AdminSubmissionsQuery,
  type PeopleQuery,
} from '@reeltime/contract';
import { callEndpoint } from '../../../../lib/api-client';
import { adminCall } from '../../admin-api';

/** Query keys of the genres, people, banners and submissions sections; a prefix refetches every list under it. */
export const libraryKeys = {
  genres: ['admin', 'genres'] as const,
  people: ['admin', 'people'] as const,
  banners: ['admin', 'banners'] as const,
  titleChoices: ['admin', 'banners', 'title-choices'] as const,
  submissions: ['admin', 'submissions'] as const,
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

export const submissionsQuery = (query: AdminSubmissionsQuery) =>
  queryOptions({
    queryKey: [...libraryKeys.submissions, 'list', query],
    queryFn: ({ signal }) => adminCall('GET /admin/submissions', { query, signal }),
    placeholderData: keepPreviousData,
  });
