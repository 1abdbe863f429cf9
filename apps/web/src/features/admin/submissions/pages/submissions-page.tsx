import '../../library/library.scss';
import '../submissions.scss';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { SUBMISSION_STATUSES, type SubmissionStatus } from '@reeltime/contract';
import { errorMessage } from '../../../../lib/api-client';
import { AdminPageHeader } from '../../shell/components/admin-page-header';
import { EmptyState } from '../../shell/components/empty-state';
import { Pagination } from '../../shell/components/pagination';
import { pageNumber, useUrlState } from '../../shell/components/use-url-state';
import { submissionsQuery, useApproveSubmission, useRejectSubmission } from '../api/submissions-api';
import { SubmissionCard } from '../components/submission-card';
import { paths } from '../../../../lib/paths';

const PER_PAGE = 10;
const STATUS_LABELS: Record<SubmissionStatus | 'all', string> = {
  pending: 'Waiting for review',
  approved: 'Approved',
  rejected: 'Rejected',
  all: 'All',
};

/** The console's Submissions section: members' movies to approve into draft titles or reject with a reason. */
export function SubmissionsReviewPage() {
  const [approved, setApproved] = useState<{ title: string; titleId: number } | null>(null);
  const url = useUrlState({ status: 'pending', page: '1' });
  const status = (SUBMISSION_STATUSES as readonly string[]).includes(url.values.status)
    ? (url.values.status as SubmissionStatus)
    : undefined;
  const page = pageNumber(url.values.page);
  const submissions = useQuery(submissionsQuery({ ...(status ? { status } : {}), page, per_page: PER_PAGE }));

  const approve = useApproveSubmission({
    onApproved: (result, submission) =>
      setApproved({ title: submission.title, titleId: result.draft_title_id }),
  });
  const reject = useRejectSubmission();

  return (
    <>
      <AdminPageHeader
        title="Submissions"
        description="Movies members sent in. Approving creates an unpublished draft title to finish in Titles; either way the member is told by mail and in My submissions."
      />
      {approved ? (
        <div className="alert alert-success d-flex align-items-center gap-3" role="status">
          <span>“{approved.title}” is now an unpublished draft title.</span>
          <Link to={paths.admin.title(approved.titleId)} className="btn btn-sm btn-light">
            Open the draft title
          </Link>
          <button
            type="button"
            className="btn-close ms-auto"
            aria-label="Dismiss"
            onClick={() => setApproved(null)}
          />
        </div>
      ) : null}
      <div className="admin-filters">
        <div>
          <label htmlFor="submissions-status" className="form-label">
            Show
          </label>
          <select
            id="submissions-status"
            className="form-select form-select-sm"
            value={status ?? 'all'}
            onChange={(event) => url.set({ status: event.target.value })}
          >
            {[...SUBMISSION_STATUSES, 'all' as const].map((value) => (
              <option key={value} value={value}>
                {STATUS_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
      </div>
      {submissions.isPending ? (
        <p role="status">Loading submissions…</p>
      ) : submissions.isError ? (
        <div role="alert" className="admin-panel">
          <p>{errorMessage(submissions.error, 'The submissions could not be loaded.')}</p>
          <button
            type="button"
            className="btn btn-sm btn-outline-light"
            onClick={() => void submissions.refetch()}
          >
            Try again
          </button>
        </div>
      ) : submissions.data.items.length === 0 ? (
        <EmptyState
          title={status === 'pending' ? 'Nothing waiting for review.' : 'No submissions here.'}
          hint={status === 'pending' ? 'New submissions from members appear here.' : undefined}
          action={
            status !== undefined ? (
              <button
                type="button"
                className="btn btn-sm btn-outline-light"
                onClick={() => url.set({ status: 'all' })}
              >
                Show all submissions
              </button>
            ) : undefined
          }
        />
      ) : (
        <>
          {submissions.data.items.map((submission) => (
            <SubmissionCard
              key={submission.id}
              submission={submission}
              onApprove={(item) => approve.mutateAsync(item)}
              onReject={(item, reason) => reject.mutateAsync({ submission: item, reason })}
            />
          ))}
          <Pagination
            page={page}
            perPage={PER_PAGE}
            total={submissions.data.total}
            onPageChange={(next) => url.set({ page: String(next) })}
            label="Submissions pages"
          />
        </>
      )}
      <p className="text-secondary small mt-3">
        Approved drafts wait in <Link to={paths.admin.titles({ published: false })}>Titles, unpublished</Link>
        .
      </p>
    </>
  );
}
