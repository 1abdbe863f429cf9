import '../jobs.scss';
import { useQuery } from '@tanstack/react-query';
import { ADMIN_JOB_STATES, type AdminJob, type AdminJobState } from '@reeltime/contract';
import { AdminPageHeader } from '../../shell/components/admin-page-header';
import { ConfirmAction } from '../../shell/components/confirm-action';
import { type Column } from '../../shell/components/data-table';
import { FilterSelect, PagedList } from '../../shell/components/paged-list';
import { StatusBadge } from '../../shell/components/status-badge';
import { pageNumber, useUrlState } from '../../shell/components/use-url-state';
import { formatDateTime } from '../../shell/components/format-time';
import { jobsQuery, useCancelJob, useRetryJob } from '../api/jobs-api';

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

  const retry = useRetryJob();
  const cancel = useCancelJob();

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
          <span className="text-danger small admin-error-text" title={job.last_error}>
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
        <FilterSelect
          id="jobs-type"
          label="Type"
          value={url.values.type}
          anyLabel="Every type"
          options={jobs.data?.types ?? (url.values.type ? [url.values.type] : [])}
          onChange={(value) => url.set({ type: value })}
        />
        <FilterSelect
          id="jobs-state"
          label="State"
          value={state ?? ''}
          anyLabel="Any state"
          options={ADMIN_JOB_STATES}
          optionLabel={(value) => value.charAt(0).toUpperCase() + value.slice(1)}
          onChange={(value) => url.set({ state: value })}
        />
      </div>
      <PagedList
        caption="Jobs"
        columns={columns}
        query={jobs}
        rowKey={(job) => job.id}
        loadError="The jobs could not be loaded."
        page={page}
        perPage={PER_PAGE}
        onPageChange={(next) => url.set({ page: String(next) })}
        empty={{ title: 'No jobs yet.', filteredTitle: 'No job matches.' }}
        onClearFilters={filtered ? url.reset : undefined}
      />
    </>
  );
}
