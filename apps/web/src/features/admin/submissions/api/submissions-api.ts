import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  AdminSubmissionsEndpoints,
  type AdminSubmission,
  type AdminSubmissionsQuery,
  type ApproveSubmissionResult,
} from '@reeltime/contract';
import { callEndpoint } from '../../../../lib/api-client';
import { useAdminMutation } from '../../shell/components/use-admin-mutation';

export const submissionsKey = ['admin', 'submissions'] as const;

export const submissionsQuery = (query: AdminSubmissionsQuery) =>
  queryOptions({
    queryKey: [...submissionsKey, 'list', query],
    queryFn: ({ signal }) => callEndpoint(AdminSubmissionsEndpoints.list, { query, signal }),
    placeholderData: keepPreviousData,
  });

/** Approves a submission into an unpublished draft title; the queue is read again. */
export function useApproveSubmission({
  onApproved,
}: { onApproved?: (result: ApproveSubmissionResult, submission: AdminSubmission) => void } = {}) {
  return useAdminMutation({
    mutationFn: (submission: AdminSubmission) =>
      callEndpoint(AdminSubmissionsEndpoints.approve, { params: { id: submission.id } }),
    successMessage: (result, submission) =>
      `“${submission.title}” approved: draft title #${result.draft_title_id} created, unpublished.`,
    invalidate: [submissionsKey],
    onSuccess: onApproved,
  });
}

/** Rejects a submission with the reason the member receives; the queue is read again. */
export function useRejectSubmission() {
  return useAdminMutation({
    mutationFn: ({ submission, reason }: { submission: AdminSubmission; reason: string }) =>
      callEndpoint(AdminSubmissionsEndpoints.reject, { params: { id: submission.id }, body: { reason } }),
    successMessage: (_result, { submission }) => `“${submission.title}” rejected; the member was told why.`,
    invalidate: [submissionsKey],
  });
}
