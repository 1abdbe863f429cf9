import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AdminJobsQuery, AdminMailQuery, AdminMembersQuery } from '@reeltime/contract';
import { adminCall } from '../../admin-api';

/** Query keys of the members, mail and jobs sections; a prefix refetches every list under it. */
export const membersKeys = {
  members: ['admin', 'members'] as const,
  member: (id: number) => ['admin', 'members', 'detail', id] as const,
  mail: ['admin', 'mail'] as const,
  mailMessage: (id: number) => ['admin', 'mail', 'message', id] as const,
  jobs: ['admin', 'jobs'] as const,
};

export const membersQuery = (query: AdminMembersQuery) =>
  queryOptions({
    queryKey: [...membersKeys.members, 'list', query],
    queryFn: ({ signal }) => adminCall('GET /admin/members', { query, signal }),
    placeholderData: keepPreviousData,
  });

export const memberQuery = (id: number) =>
  queryOptions({
    queryKey: membersKeys.member(id),
    queryFn: ({ signal }) => adminCall('GET /admin/members/:id', { params: { id }, signal }),
  });

export const mailQuery = (query: AdminMailQuery) =>
  queryOptions({
    queryKey: [...membersKeys.mail, 'list', query],
    queryFn: ({ signal }) => adminCall('GET /admin/mail', { query, signal }),
    placeholderData: keepPreviousData,
  });

export const mailMessageQuery = (id: number) =>
  queryOptions({
    queryKey: membersKeys.mailMessage(id),
    queryFn: ({ signal }) => adminCall('GET /admin/mail/:id', { params: { id }, signal }),
  });

/** How often the jobs list refreshes while a job on it is queued or running. */
export const JOBS_REFRESH_MS = 2_000;

export const jobsQuery = (query: AdminJobsQuery) =>
  queryOptions({
    queryKey: [...membersKeys.jobs, 'list', query],
    queryFn: ({ signal }) => adminCall('GET /admin/jobs', { query, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (current) =>
      current.state.data?.items.some((job) => job.state === 'running' || job.state === 'queued')
        ? JOBS_REFRESH_MS
        : false,
  });
