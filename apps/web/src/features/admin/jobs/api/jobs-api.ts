import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { AdminJobsEndpoints, type AdminJobsQuery } from '@reeltime/contract';
import { callEndpoint, requestEndpoint } from '../../../../lib/api-client';
import { useAdminMutation } from '../../shell/components/use-admin-mutation';

export const jobsKey = ['admin', 'jobs'] as const;

/** How often the jobs list refreshes while a job on it is queued or running. */
export const JOBS_REFRESH_MS = 2_000;

export const jobsQuery = (query: AdminJobsQuery) =>
  queryOptions({
    queryKey: [...jobsKey, 'list', query],
    queryFn: ({ signal }) => callEndpoint(AdminJobsEndpoints.list, { query, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (current) =>
      current.state.data?.items.some((job) => job.state === 'running' || job.state === 'queued')
        ? JOBS_REFRESH_MS
        : false,
  });

/** Queues a failed or cancelled job again; the list is read again. */
export function useRetryJob() {
  return useAdminMutation({
    mutationFn: (id: number) => requestEndpoint(AdminJobsEndpoints.retry, { params: { id } }),
    successMessage: (envelope) => envelope.message ?? 'Queued again.',
    invalidate: [jobsKey],
  });
}

/** Cancels a queued or running job; the list is read again. */
export function useCancelJob() {
  return useAdminMutation({
    mutationFn: (id: number) => requestEndpoint(AdminJobsEndpoints.cancel, { params: { id } }),
    successMessage: (envelope) => envelope.message ?? 'Cancelled.',
    invalidate: [jobsKey],
  });
}
