import { useState } from 'react';
import { Link } from 'react-router';
import type { AdminSubmission } from '@reeltime/contract';
import { formatDay } from '../../../../lib/format';
import { PersonAvatar } from '../../library/components/person-avatar';
import { ConfirmAction } from '../../shell/components/confirm-action';
import { StatusBadge } from '../../shell/components/status-badge';
import { RejectDialog } from './reject-dialog';
import { SubmissionLink } from './submission-link';
import { paths } from '../../../../lib/paths';

interface SubmissionCardProps {
  submission: AdminSubmission;
  onApprove: (submission: AdminSubmission) => Promise<unknown>;
  onReject: (submission: AdminSubmission, reason: string) => Promise<unknown>;
}

/** One submission to review: thumbnail, the video, who sent it, its cast and the decision. */
export function SubmissionCard({ submission, onApprove, onReject }: SubmissionCardProps) {
  const [rejecting, setRejecting] = useState(false);
  const headingId = `submission-${submission.id}`;
  return (
    <article className="admin-panel submission-review" aria-labelledby={headingId}>
      <img className="submission-review__thumbnail" src={submission.thumbnail_image} alt="" loading="lazy" />
      <div>
        <h2 id={headingId} className="submission-review__title">
          {submission.title}{' '}
          <StatusBadge
            status={submission.status}
            label={submission.status === 'pending' ? 'Pending review' : undefined}
          />
        </h2>
        <p className="submission-review__meta">
          {submission.type ?? 'Type not given'} · sent {formatDay(submission.created_at)} by{' '}
          {submission.submitter.name} ({submission.submitter.role}, {submission.submitter.email})
          {submission.reviewed_at ? ` · reviewed ${formatDay(submission.reviewed_at)}` : ''}
        </p>
        {submission.description ? <p className="mb-2">{submission.description}</p> : null}
        <SubmissionLink submission={submission} />
        <h3 className="h6 mt-3 mb-1">Cast</h3>
        <ul className="submission-review__cast">
          {submission.cast.map((person, index) => (
            <li key={index}>
              <PersonAvatar name={person.name} url={person.image} />
              <span>
                <strong>{person.name}</strong>, {person.job_title}
                {person.email ? <span className="text-secondary d-block">{person.email}</span> : null}
              </span>
            </li>
          ))}
        </ul>
        {submission.status === 'rejected' && submission.rejection_reason ? (
          <p className="mb-0">
            <strong>Reason given:</strong> {submission.rejection_reason}
          </p>
        ) : null}
        {submission.status === 'approved' ? (
          submission.draft_title_id ? (
            <Link
              to={paths.admin.title(submission.draft_title_id)}
              className="btn btn-sm btn-outline-light mt-2"
            >
              Open the draft title
            </Link>
          ) : (
            <p className="text-secondary small mb-0">Its draft title has since been deleted.</p>
          )
        ) : null}
        {submission.status === 'pending' ? (
          <div className="submission-review__actions">
            <ConfirmAction
              label="Approve"
              ariaLabel={`Approve ${submission.title}`}
              className="btn btn-sm btn-success"
              title={`Approve “${submission.title}”?`}
              confirmLabel="Approve and create draft"
              busyLabel="Approving…"
              onConfirm={() => onApprove(submission)}
            >
              An unpublished draft title is created from it, with its cast as people, and the member is told
              by mail.
            </ConfirmAction>
            <button
              type="button"
              className="btn btn-sm btn-outline-danger"
              aria-label={`Reject ${submission.title}`}
              onClick={() => setRejecting(true)}
            >
              Reject…
            </button>
          </div>
        ) : null}
      </div>
      {rejecting ? (
        <RejectDialog
          title={submission.title}
          onReject={async (reason) => {
            await onReject(submission, reason);
            setRejecting(false);
          }}
          onClose={() => setRejecting(false)}
        />
      ) : null}
    </article>
  );
}
