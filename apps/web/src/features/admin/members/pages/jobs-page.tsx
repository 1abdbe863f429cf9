import '../members.scss';
import { useQuery } from '@tanstack/react-query';
import { ADMIN_JOB_STATES, type AdminJob, type AdminJobState } from '@reeltime/contract';
import { errorMessage } from '../../../../lib/api-client';
import { adminRequest } from '../../admin-api';
import { AdminPageHeader } from '../../shell/components/admin-page-header';
import { ConfirmAction } from '../../shell/components/confirm-action';
import { DataTable, type Column } from '../../shell/components/data-table';
import { EmptyState } from '../../shell/components/empty-state';
import { Pagination } from '../../shell/components/pagination';
import { StatusBadge } from '../../shell/components/status-badge';
import { useAdminMutation } from '../../shell/components/use-admin-mutation';
import { pageNumber, useUrlState } from '../../shell/components/use-url-state';
import { jobsQuery, membersKeys } from '../api/members-queries';
import { formatDateTime } from '../components/format-time';

const PER_PAGE = 25;

function JobProgress({ job }: { job: AdminJob }) {
  if (job.state !== 'running')
    return <span className="text-secondary">{job.state === 'done' ? '100%' : '—'}</span>;
  const percent = Math.round(job.progress);
  return (
    <div
      className="progress jobs-progress"
      role="progressbar"
      aria-label={`Job ${job.id} progress`}
      aria-valuenow={percent}
      aria-valuemin={0}
      aria-valuemax={100}
    >
      <div className="progress-bar" style={{ width: `${percent}%` }}>
        {percent}%
      </div>
    </div>
  );
}

/** The console's Jobs section: every background job, refreshed while some are under way. */
export function JobsPage() {
  const url = useUrlState({ type: '', state: '', page: '1' });
  const state = (ADMIN_JOB_STATES as readonly string[]).includes(url.values.state)
    ? (url.values.state as AdminJobState)
    : undefined;
  const page = pageNumber(url.values.page);
  const jobs = useQuery(
    jobsQuery({
      ...(url.values.type ? { type: url.values.type } : {}),
      ...(state ? { state } : {}),
      page,
      per_page: PER_PAGE,
    }),
  );
  const live = jobs.data?.items.some((job) => job.state === 'running' || job.state === 'queued') ?? false;

  const retry = useAdminMutation({
    mutationFn: (id: number) => adminRequest('POST /admin/jobs/:id/retry', { params: { id } }),
    successMessage: (envelope) => envelope.message ?? 'Queued again.',
    invalidate: [membersKeys.jobs],
  });
  const cancel = useAdminMutation({
    mutationFn: (id: number) => adminRequest('POST /admin/jobs/:id/cancel', { params: { id } }),
    successMessage: (envelope) => envelope.message ?? 'Cancelled.',
    invalidate: [membersKeys.jobs],
  });

  const columns: Column<AdminJob>[] = [
    {
      key: 'type',
      header: 'Job',
      cell: (job) => (
        <div>
          <span className="fw-semibold">{job.type}</span>{' '}
          <span className="text-secondary small">#{job.id}</span>
          <div className="text-secondary small text-break">{job.payload_summary || '—'}</div>
        </div>
      ),
    },
    { key: 'state', header: 'State', width: '7rem', cell: (job) => <StatusBadge status={job.state} /> },
    { key: 'progress', header: 'Progress', width: '8rem', cell: (job) => <JobProgress job={job} /> },
    {
      key: 'attempts',
      header: 'Attempts',
      width: '6rem',
      align: 'end',
      cell: (job) => `${job.attempts}/${job.max_attempts}`,
    },
    {
      key: 'last_error',
      header: 'Last error',
      cell: (job) =>
        job.last_error ? (
          <span className="text-danger small mail-error" title={job.last_error}>
            {job.last_error}
          </span>
        ) : (
          <span className="text-secondary">—</span>
        ),
    },
    {
      key: 'updated_at',
      header: 'Created / updated',
      width: '11rem',
      cell: (job) => (
        <span className="small">
          {formatDateTime(job.created_at)}
          <span className="d-block text-secondary">{formatDateTime(job.updated_at)}</span>
        </span>
      ),
    },
    {
      key: 'actions',
      header: <span className="visually-hidden">Actions</span>,
      width: '7rem',
      align: 'end',
      cell: (job) =>
        job.state === 'failed' || job.state === 'cancelled' ? (
          <button
            type="button"
            className="btn btn-sm btn-outline-warning"
            aria-label={`Retry job ${job.id} (${job.type})`}
            disabled={retry.isPending && retry.variables === job.id}
            onClick={() => retry.mutate(job.id)}
          >
            Retry
          </button>
        ) : job.state === 'queued' || job.state === 'running' ? (
          <ConfirmAction
            label="Cancel"
            ariaLabel={`Cancel job ${job.id} (${job.type})`}
            title={`Cancel job ${job.id}?`}
            confirmLabel="Cancel the job"
            busyLabel="Cancelling…"
            onConfirm={() => cancel.mutateAsync(job.id)}
          >
            {job.state === 'running'
              ? 'It stops within a few seconds and does not run again unless you retry it.'
              : 'It will not run unless you retry it.'}
          </ConfirmAction>
        ) : null,
    },
  ];

  const filtered = Boolean(url.values.type || state);
  return (
    <>
      <AdminPageHeader
        title="Jobs"
        description={
          <>
            Background work: transcodes, mail deliveries, reset links and billing.{' '}
            {live ? (
              <span aria-live="polite">Refreshing every 2 seconds while jobs are under way.</span>
            ) : null}
          </>
        }
        actions={
          <button type="button" className="btn btn-sm btn-outline-light" onClick={() => void jobs.refetch()}>
            Refresh
          </button>
        }
      />
      <div className="admin-filters">
        <div>
          <label htmlFor="jobs-type" className="form-label">
            Type
          </label>
          <select
            id="jobs-type"
            className="form-select form-select-sm"
            value={url.values.type}
            onChange={(event) => url.set({ type: event.target.value })}
          >
            <option value="">Every type</option>
            {(jobs.data?.types ?? (url.values.type ? [url.values.type] : [])).map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="jobs-state" className="form-label">
            State
          </label>
          <select
            id="jobs-state"
            className="form-select form-select-sm"
            value={state ?? ''}
            onChange={(event) => url.set({ state: event.target.value })}
          >
            <option value="">Any state</option>
            {ADMIN_JOB_STATES.map((value) => (
              <option key={value} value={value}>
                {value.charAt(0).toUpperCase() + value.slice(1)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <DataTable
        caption="Jobs"
        columns={columns}
        rows={jobs.data?.items}
        rowKey={(job) => job.id}
        isLoading={jobs.isPending}
        error={
          jobs.isError
            ? {
                message: errorMessage(jobs.error, 'The jobs could not be loaded.'),
                onRetry: () => void jobs.refetch(),
              }
            : null
        }
        empty={
          <EmptyState
            title={filtered ? 'No job matches.' : 'No jobs yet.'}
            action={
              filtered ? (
                <button type="button" className="btn btn-sm btn-outline-light" onClick={url.reset}>
                  Clear the filters
                </button>
              ) : undefined
            }
          />
        }
      />
      {jobs.data ? (
        <Pagination
          page={page}
          perPage={PER_PAGE}
          total={jobs.data.total}
          onPageChange={(next) => url.set({ page: String(next) })}
          label="Jobs pages"
        />
      ) : null}
    </>
  );
}
