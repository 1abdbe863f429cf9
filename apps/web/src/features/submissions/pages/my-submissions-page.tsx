import '../submissions.scss';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { MySubmission } from '@reeltime/contract';
import { ShimmerGrid } from '../../../components/shimmer';
import { formatDay } from '../../../lib/format';
import { mySubmissionsQuery } from '../api/submissions-api';
import { SubmissionStatusBadge } from '../components/submission-status';
import { paths } from '../../../lib/paths';

export function MySubmissionsPage() {
  const submissions = useQuery(mySubmissionsQuery());
  return (
    <section className="container-xxl page-section">
      <div className="page-header">
        <h1 className="page-title">My submissions</h1>
        <Link to={paths.submitMovie()} className="btn btn-primary">
          Submit Your Movie
        </Link>
      </div>
      {submissions.isPending ? (
        <ShimmerGrid label="Loading your submissions" />
      ) : submissions.isError ? (
        <div role="alert">
          <p>Your submissions could not be loaded.</p>
          <button type="button" className="btn btn-outline-light" onClick={() => void submissions.refetch()}>
            Try again
          </button>
        </div>
      ) : submissions.data.length === 0 ? (
        <div className="submissions-empty">
          <p>You have not submitted a movie or show yet.</p>
          <Link to={paths.submitMovie()}>Submit your first one</Link>
        </div>
      ) : (
        <ul className="submission-list" aria-label="Your submissions">
          {submissions.data.map((submission) => (
            <SubmissionItem key={submission.id} submission={submission} />
          ))}
        </ul>
      )}
    </section>
  );
}

function SubmissionItem({ submission }: { submission: MySubmission }) {
  return (
    <li className="submission" aria-labelledby={`submission-${submission.id}`}>
      {submission.thumbnail_image && (
        <img className="submission__thumbnail" src={submission.thumbnail_image} alt="" loading="lazy" />
      )}
      <div>
        <h2 id={`submission-${submission.id}`} className="submission__title">
          {submission.title}
        </h2>
        <p className="submission__meta">
          Sent {formatDay(submission.created_at)} · <SubmissionStatusBadge status={submission.status} />
        </p>
        {submission.status === 'rejected' && submission.rejection_reason && (
          <p className="submission__reason">Reason: {submission.rejection_reason}</p>
        )}
      </div>
    </li>
  );
}
