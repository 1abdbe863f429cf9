import { keepPreviousData, queryOptions, useQueryClient } from '@tanstack/react-query';
import { AdminMembersEndpoints, type AdminMemberDetail, type AdminMembersQuery } from '@reeltime/contract';
import { callEndpoint, requestEndpoint } from '../../../../lib/api-client';
import { useAdminMutation } from '../../shell/components/use-admin-mutation';

/** Query keys of the members section; a prefix refetches every list under it. */
export const membersKeys = {
  members: ['admin', 'members'] as const,
  member: (id: number) => ['admin', 'members', 'detail', id] as const,
};

export const membersQuery = (query: AdminMembersQuery) =>
  queryOptions({
    queryKey: [...membersKeys.members, 'list', query],
    queryFn: ({ signal }) => callEndpoint(AdminMembersEndpoints.list, { query, signal }),
    placeholderData: keepPreviousData,
  });

export const memberQuery = (id: number) =>
  queryOptions({
    queryKey: membersKeys.member(id),
    queryFn: ({ signal }) => callEndpoint(AdminMembersEndpoints.detail, { params: { id }, signal }),
  });

/** What an admin can do to a member; each answers with the member as it is afterwards. */
export type MemberAction = 'disable' | 'enable' | 'grantAdmin' | 'revokeAdmin' | 'signOut';

/**
 * One action on the member: the toast shows the server's message, the member's page shows the
 * answer at once and the lists are read again.
 */
export function useMemberAction(member: AdminMemberDetail, action: MemberAction) {
  const queryClient = useQueryClient();
  return useAdminMutation({
    mutationFn: () => requestEndpoint(AdminMembersEndpoints[action], { params: { id: member.id } }),
    successMessage: (envelope) => envelope.message ?? 'Done.',
    invalidate: [[...membersKeys.members, 'list']],
    onSuccess: (envelope) => queryClient.setQueryData(membersKeys.member(member.id), envelope.data),
  });
}

/** Clears the PIN (and lifts the lock) of one of the member's profiles; audited by the server. */
export function useClearProfilePin(member: AdminMemberDetail) {
  const queryClient = useQueryClient();
  return useAdminMutation({
    mutationFn: (profileId: number) =>
      requestEndpoint(AdminMembersEndpoints.clearProfilePin, { params: { id: member.id, profileId } }),
    successMessage: (envelope) => envelope.message ?? 'Done.',
    onSuccess: (envelope) => queryClient.setQueryData(membersKeys.member(member.id), envelope.data),
  });
}
