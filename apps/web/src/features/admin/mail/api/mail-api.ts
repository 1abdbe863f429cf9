import { keepPreviousData, queryOptions, useQueryClient } from '@tanstack/react-query';
import { AdminMailEndpoints, type AdminMailQuery } from '@reeltime/contract';
import { callEndpoint, requestEndpoint } from '../../../../lib/api-client';
import { useAdminMutation } from '../../shell/components/use-admin-mutation';

/** Query keys of the mail section; a prefix refetches every list under it. */
export const mailKeys = {
  lists: ['admin', 'mail', 'list'] as const,
  message: (id: number) => ['admin', 'mail', 'message', id] as const,
};

export const mailQuery = (query: AdminMailQuery) =>
  queryOptions({
    queryKey: [...mailKeys.lists, query],
    queryFn: ({ signal }) => callEndpoint(AdminMailEndpoints.list, { query, signal }),
    placeholderData: keepPreviousData,
  });

export const mailMessageQuery = (id: number) =>
  queryOptions({
    queryKey: mailKeys.message(id),
    queryFn: ({ signal }) => callEndpoint(AdminMailEndpoints.message, { params: { id }, signal }),
  });

/** Sends a failed message again: its open view shows it pending at once, and the lists are read again. */
export function useRetryMail() {
  const queryClient = useQueryClient();
  return useAdminMutation({
    mutationFn: (id: number) => requestEndpoint(AdminMailEndpoints.retry, { params: { id } }),
    successMessage: (envelope) => envelope.message ?? 'Queued again.',
    invalidate: [mailKeys.lists],
    onSuccess: (envelope) => queryClient.setQueryData(mailKeys.message(envelope.data.id), envelope.data),
  });
}
