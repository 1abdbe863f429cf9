import '../overview.scss';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { AdminOverviewMessages, type AdminOverview } from '@reeltime/contract';
import { errorMessage } from '../../../../lib/api-client';
import { siteCurrency } from '../../../../lib/env';
import { AdminPageHeader } from '../../shell/components/admin-page-header';
import { EmptyState } from '../../shell/components/empty-state';
import { StatusBadge } from '../../shell/components/status-badge';
import { overviewQuery } from '../api/overview-api';
import { formatBytes, formatCount, formatMinor, formatTime, plural } from '../components/overview-format';
import { StatCard } from '../components/stat-card';
import { ViewsChart } from '../components/views-chart';
import { ViewsSummary } from '../components/views-summary';
import { paths } from '../../../../lib/paths';

const JOB_STATES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
const VIDEO_STATES = ['pending', 'processing', 'ready', 'failed'] as const;

/** The console's Overview section: the site's size, money, audience, storage and background work. */
export function OverviewPage() {
  const overview = useQuery(overviewQuery());
  const data = overview.data;

  return (
    <>
      <AdminPageHeader
        title="Overview"
        description="How the site is doing: members, money, views, storage and background work."
        actions={
          <button
            type="button"
            className="btn btn-outline-light btn-sm"
            onClick={() => void overview.refetch()}
            disabled={overview.isFetching}
          >
            {overview.isFetching ? 'Refreshing…' : 'Refresh'}
          </button>
        }
      />
      {overview.isError && !data ? (
        <div className="admin-panel" role="alert">
          <p className="mb-2">{errorMessage(overview.error, AdminOverviewMessages.overviewFailed)}</p>
          <button
            type="button"
            className="btn btn-sm btn-outline-light"
            onClick={() => void overview.refetch()}
          >
            Try again
          </button>
        </div>
      ) : !data ? (
        <p className="text-secondary" role="status">
          Loading the overview…
        </p>
      ) : (
        <OverviewBody data={data} />
      )}
    </>
  );
}

function OverviewBody({ data }: { data: AdminOverview }) {
  const activeSubscriptions = data.subscriptions_by_plan.reduce((sum, plan) => sum + plan.active, 0);
  const revenue = data.revenue_this_month;
  return (
    <div className="overview">
      <div className="overview__cards">
        <StatCard
          label="Members"
          value={formatCount(data.members)}
          detail={`+${formatCount(data.members_new_7_days)} in the last 7 days`}
        />
        <StatCard
          label="Active subscriptions"
          value={formatCount(activeSubscriptions)}
          detail={`on ${plural(data.subscriptions_by_plan.length, 'plan')}`}
        />
        <StatCard
          label="Revenue this month"
          value={
            revenue.length === 0
              ? formatMinor(0, siteCurrency)
              : revenue.map((entry) => (
                  <span key={entry.currency} className="d-block">
                    {formatMinor(entry.amount_minor, entry.currency)}
                  </span>
                ))
          }
          detail={`${plural(
            revenue.reduce((sum, entry) => sum + entry.payments, 0),
            'payment',
          )} since the 1st (UTC)`}
        />
        <StatCard
          label="Titles"
          value={formatCount(data.titles)}
          detail={`${formatCount(data.videos.ready)} videos ready`}
        />
        <StatCard
          label="Media storage"
          value={formatBytes(data.storage.total_bytes)}
          detail={`${formatBytes(data.storage.video_bytes)} video, ${formatBytes(data.storage.image_bytes)} pictures`}
        />
      </div>

      <section className="admin-panel overview__chart" aria-labelledby="views-heading">
        <h2 id="views-heading" className="overview__heading">
          Views per day, last 30 days
        </h2>
        <ViewsChart days={data.views_per_day} label="Chart of views per day over the last 30 days" />
        <ViewsSummary days={data.views_per_day} />
      </section>

      <div className="overview__grid">
        <section className="admin-panel" aria-labelledby="plans-heading">
          <h2 id="plans-heading" className="overview__heading">
            Active subscriptions by plan
          </h2>
          {data.subscriptions_by_plan.length === 0 ? (
            <EmptyState title="No plans yet." action={<Link to={paths.admin.plans()}>Create a plan</Link>} />
          ) : (
            <table className="table table-dark table-sm mb-0">
              <caption className="visually-hidden">Active subscriptions by plan</caption>
              <thead>
                <tr>
                  <th scope="col">Plan</th>
                  <th scope="col" className="text-end">
                    Active
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.subscriptions_by_plan.map((plan) => (
                  <tr key={plan.plan_id}>
                    <td>{plan.plan_name}</td>
                    <td className="text-end">{formatCount(plan.active)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>

        <section className="admin-panel" aria-labelledby="jobs-heading">
          <h2 id="jobs-heading" className="overview__heading">
            Jobs by state
          </h2>
          <ul className="overview__states">
            {JOB_STATES.map((state) => (
              <li key={state}>
                <Link
                  to={paths.admin.jobs({ state })}
                  className="overview__state"
                  aria-label={`${formatCount(data.jobs[state])} ${state} jobs`}
                >
                  <StatusBadge status={state} />
                  <span className="overview__state-count">{formatCount(data.jobs[state])}</span>
                </Link>
              </li>
            ))}
          </ul>
          <h2 className="overview__heading mt-3">Videos by status</h2>
          <ul className="overview__states">
            {VIDEO_STATES.map((state) => (
              <li key={state} className="overview__state">
                <StatusBadge status={state} />
                <span className="overview__state-count">{formatCount(data.videos[state])}</span>
              </li>
            ))}
          </ul>
        </section>
      </div>

      <section className="admin-panel" aria-labelledby="failures-heading">
        <h2 id="failures-heading" className="overview__heading">
          Recent job failures
        </h2>
        {data.recent_job_failures.length === 0 ? (
          <EmptyState title="No failed jobs." hint="Jobs whose last attempt failed show here." />
        ) : (
          <div className="table-responsive">
            <table className="table table-dark table-sm align-middle mb-0">
              <caption className="visually-hidden">The 10 most recent job failures</caption>
              <thead>
                <tr>
                  <th scope="col">Job</th>
                  <th scope="col">Type</th>
                  <th scope="col">Error</th>
                  <th scope="col">Attempts</th>
                  <th scope="col">When</th>
                </tr>
              </thead>
              <tbody>
                {data.recent_job_failures.map((job) => (
                  <tr key={job.id}>
                    <td>
                      <Link to={paths.admin.jobs({ state: 'failed' })}>#{job.id}</Link>
                    </td>
                    <td>
                      <code>{job.type}</code>
                    </td>
                    <td className="overview__error">{job.error ?? '—'}</td>
                    <td>{job.attempts}</td>
                    <td className="text-nowrap">{formatTime(job.failed_at)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <p className="overview__footnote">
        Storage measured {formatTime(data.storage.measured_at)}; the figure is kept for a minute.
      </p>
    </div>
  );
}
