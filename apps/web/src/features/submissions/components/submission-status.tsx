import type { SubmissionStatus } from '@reeltime/contract';

const LABELS: Record<SubmissionStatus, string> = {
  pending: 'Pending review',
  approved: 'Approved',
  rejected: 'Rejected',
};

const BADGES: Record<SubmissionStatus, string> = {
  pending: 'text-bg-warning',
  approved: 'text-bg-success',
  rejected: 'text-bg-danger',
};

/** Where a submission stands in review, in words (the colour only repeats them). */
export function SubmissionStatusBadge({ status }: { status: SubmissionStatus }) {
  return <span className={`badge ${BADGES[status]}`}>{LABELS[status]}</span>;
}
