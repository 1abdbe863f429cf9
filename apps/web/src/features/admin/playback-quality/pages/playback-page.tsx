import '../../overview/overview.scss';
import '../playback-quality.scss';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import {
  PLAYBACK_QUALITY_PERIODS,
  type AdminPlaybackQuality,
  type PlaybackQualityTitle,
} from '@reeltime/contract';
import { errorMessage } from '../../../../lib/api-client';
import { paths } from '../../../../lib/paths';
import { formatCount, plural } from '../../overview/components/overview-format';
import { StatCard } from '../../overview/components/stat-card';
import { AdminPageHeader } from '../../shell/components/admin-page-header';
import { EmptyState } from '../../shell/components/empty-state';
import { useUrlState } from '../../shell/components/use-url-state';
import { playbackQualityQuery } from '../api/playback-quality-api';
import { formatSeconds, formatShare } from '../components/playback-format';
import { StartTimeChart } from '../components/start-time-chart';

const DEVICE_LABELS = { phone: 'Phones', tablet: 'Tablets', desktop: 'Computers', tv: 'TVs' } as const;

type Period = (typeof PLAYBACK_QUALITY_PERIODS)[number];
const isPeriod = (value: string): value is Period =>
  (PLAYBACK_QUALITY_PERIODS as readonly string[]).includes(value);

/** The console's Playback section: how members' plays went, from their players' reports. */
export function PlaybackPage() {
  const url = useUrlState({ days: '30' });
  const days: Period = isPeriod(url.values.days) ? url.values.days : '30';
  const figures = useQuery(playbackQualityQuery({ days }));
  const data = figures.data;

  return (
    <>
      <AdminPageHeader
        title="Playback"
        description="How members’ plays went, as their players measured them: how fast they started, how often they stalled, and which failed."
        actions={
          <label className="d-inline-flex align-items-center gap-2 small">
            Period
            <select
              className="form-select form-select-sm w-auto"
              value={days}
              onChange={(event) => url.set({ days: event.target.value })}
            >
              {PLAYBACK_QUALITY_PERIODS.map((period) => (
                <option key={period} value={period}>
                  Last {period} days
                </option>
              ))}
            </select>
          </label>
        }
      />
      {figures.isError && !data ? (
        <div className="admin-panel" role="alert">
          <p className="mb-2">{errorMessage(figures.error, 'The playback figures could not be loaded.')}</p>
          <button
            type="button"
            className="btn btn-sm btn-outline-light"
            onClick={() => void figures.refetch()}
          >
            Try again
          </button>
        </div>
      ) : !data ? (
        <p className="text-secondary" role="status">
          Loading the playback figures…
        </p>
      ) : data.total.plays === 0 ? (
        <EmptyState
          title={`No plays reported in the last ${data.days} days.`}
          hint="Members’ players report each play of a full video when it ends or the page is left."
        />
      ) : (
        <PlaybackBody data={data} />
      )}
    </>
  );
}

function PlaybackBody({ data }: { data: AdminPlaybackQuality }) {
  const { total, target_start_ms: target } = data;
  const slow = total.start_p75_ms !== null && total.start_p75_ms > target;
  return (
    <div className="overview">
      <div className="overview__cards">
        <StatCard label="Plays" value={formatCount(total.plays)} detail={`in the last ${data.days} days`} />
        <StatCard
          label="Start time (p75)"
          value={
            <span className={slow ? 'playback-figure--over' : 'playback-figure--within'}>
              {formatSeconds(total.start_p75_ms)}
            </span>
          }
          detail={`target ${formatSeconds(target)}; p50 ${formatSeconds(total.start_p50_ms)}, p95 ${formatSeconds(total.start_p95_ms)}`}
        />
        <StatCard
          label="Rebuffer ratio"
          value={formatShare(total.rebuffer_ratio)}
          detail="of watching time spent stalled"
        />
        <StatCard
          label="Start failures"
          value={formatCount(total.failures)}
          detail={`${formatShare(total.failures / total.plays)} of plays never started`}
        />
      </div>

      <section className="admin-panel" aria-labelledby="playback-start-times">
        <h2 id="playback-start-times" className="overview__heading">
          Start time per day
        </h2>
        <StartTimeChart
          days={data.per_day}
          targetMs={target}
          label={`Start time percentiles per day over the last ${data.days} days, against a target of ${formatSeconds(target)}; the table below gives the figures.`}
        />
        <div className="table-responsive playback-days">
          <table className="table table-dark table-sm mb-0">
            <caption className="visually-hidden">Plays per day, last {data.days} days</caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col" className="text-end">
                  Plays
                </th>
                <th scope="col" className="text-end">
                  p50
                </th>
                <th scope="col" className="text-end">
                  p75
                </th>
                <th scope="col" className="text-end">
                  p95
                </th>
                <th scope="col" className="text-end">
                  Rebuffer
                </th>
                <th scope="col" className="text-end">
                  Failures
                </th>
              </tr>
            </thead>
            <tbody>
              {[...data.per_day]
                .reverse()
                .filter((day) => day.plays > 0)
                .map((day) => (
                  <tr key={day.day}>
                    <th scope="row">{day.day}</th>
                    <td className="text-end">{formatCount(day.plays)}</td>
                    <td className="text-end">{formatSeconds(day.start_p50_ms)}</td>
                    <td
                      className={`text-end${(day.start_p75_ms ?? 0) > target ? ' playback-figure--over' : ''}`}
                    >
                      {formatSeconds(day.start_p75_ms)}
                    </td>
                    <td className="text-end">{formatSeconds(day.start_p95_ms)}</td>
                    <td className="text-end">{formatShare(day.rebuffer_ratio)}</td>
                    <td className="text-end">{formatCount(day.failures)}</td>
                  </tr>
                ))}
            </tbody>
          </table>
        </div>
      </section>

      <div className="overview__grid playback-grid">
        <section className="admin-panel" aria-labelledby="playback-devices">
          <h2 id="playback-devices" className="overview__heading">
            By device
          </h2>
          <div className="table-responsive">
            <table className="table table-dark table-sm mb-0">
              <caption className="visually-hidden">Plays by device</caption>
              <thead>
                <tr>
                  <th scope="col">Device</th>
                  <th scope="col" className="text-end">
                    Plays
                  </th>
                  <th scope="col" className="text-end">
                    Start p75
                  </th>
                  <th scope="col" className="text-end">
                    Rebuffer
                  </th>
                  <th scope="col" className="text-end">
                    Failures
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.by_device.map((device) => (
                  <tr key={device.device_class}>
                    <th scope="row">{DEVICE_LABELS[device.device_class]}</th>
                    <td className="text-end">{formatCount(device.plays)}</td>
                    <td className="text-end">{formatSeconds(device.start_p75_ms)}</td>
                    <td className="text-end">{formatShare(device.rebuffer_ratio)}</td>
                    <td className="text-end">{formatCount(device.failures)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>

        <section className="admin-panel" aria-labelledby="playback-failures">
          <h2 id="playback-failures" className="overview__heading">
            Start failures by title
          </h2>
          {data.failures_by_title.length === 0 ? (
            <p className="text-secondary mb-0">Every play started.</p>
          ) : (
            <TitleTable titles={data.failures_by_title} caption="Start failures by title" failures />
          )}
        </section>
      </div>

      <section className="admin-panel" aria-labelledby="playback-worst">
        <h2 id="playback-worst" className="overview__heading">
          Worst titles
        </h2>
        <p className="overview__footnote mb-2">
          Ordered by failure rate, then rebuffer ratio, then start time.
        </p>
        <TitleTable titles={data.worst_titles} caption="Titles whose plays went worst" />
      </section>
    </div>
  );
}

function TitleTable({
  titles,
  caption,
  failures = false,
}: {
  titles: PlaybackQualityTitle[];
  caption: string;
  failures?: boolean;
}) {
  return (
    <div className="table-responsive">
      <table className="table table-dark table-sm mb-0">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Title</th>
            <th scope="col" className="text-end">
              Plays
            </th>
            {failures ? (
              <th scope="col">Errors</th>
            ) : (
              <>
                <th scope="col" className="text-end">
                  Start p75
                </th>
                <th scope="col" className="text-end">
                  Rebuffer
                </th>
              </>
            )}
            <th scope="col" className="text-end">
              Failed
            </th>
          </tr>
        </thead>
        <tbody>
          {titles.map((title) => (
            <tr key={title.title_id}>
              <th scope="row">
                <Link to={paths.admin.title(title.title_id)}>{title.title_name}</Link>
              </th>
              <td className="text-end">{formatCount(title.plays)}</td>
              {failures ? (
                <td>
                  {title.top_failures
                    .map((failure) => `${failure.failure} (${plural(failure.plays, 'play')})`)
                    .join(', ')}
                </td>
              ) : (
                <>
                  <td className="text-end">{formatSeconds(title.start_p75_ms)}</td>
                  <td className="text-end">{formatShare(title.rebuffer_ratio)}</td>
                </>
              )}
              <td className="text-end">
                {formatCount(title.failures)} ({formatShare(title.failure_rate)})
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
