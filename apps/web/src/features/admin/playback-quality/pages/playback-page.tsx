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
import { DataTable, type Column } from '../../shell/components/data-table';
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
        <DataTable
          className="playback-days"
          compact
          caption={`Plays per day, last ${data.days} days`}
          columns={dayColumns(target)}
          rows={[...data.per_day].reverse().filter((day) => day.plays > 0)}
          rowKey={(day) => day.day}
        />
      </section>

      <div className="overview__grid playback-grid">
        <section className="admin-panel" aria-labelledby="playback-devices">
          <h2 id="playback-devices" className="overview__heading">
            By device
          </h2>
          <DataTable
            compact
            caption="Plays by device"
            columns={DEVICE_COLUMNS}
            rows={data.by_device}
            rowKey={(device) => device.device_class}
          />
        </section>

        <section className="admin-panel" aria-labelledby="playback-failures">
          <h2 id="playback-failures" className="overview__heading">
            Start failures by title
          </h2>
          {data.failures_by_title.length === 0 ? (
            <p className="text-secondary mb-0">Every play started.</p>
          ) : (
            <DataTable
              compact
              caption="Start failures by title"
              columns={FAILURE_TITLE_COLUMNS}
              rows={data.failures_by_title}
              rowKey={(title) => title.title_id}
            />
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
        <DataTable
          compact
          caption="Titles whose plays went worst"
          columns={WORST_TITLE_COLUMNS}
          rows={data.worst_titles}
          rowKey={(title) => title.title_id}
        />
      </section>
    </div>
  );
}

type PlaybackDay = AdminPlaybackQuality['per_day'][number];
type PlaybackDevice = AdminPlaybackQuality['by_device'][number];

const dayColumns = (targetMs: number): Column<PlaybackDay>[] => [
  { key: 'day', header: 'Day', rowHeader: true, cell: (day) => day.day },
  { key: 'plays', header: 'Plays', align: 'end', cell: (day) => formatCount(day.plays) },
  { key: 'p50', header: 'p50', align: 'end', cell: (day) => formatSeconds(day.start_p50_ms) },
  {
    key: 'p75',
    header: 'p75',
    align: 'end',
    cell: (day) => formatSeconds(day.start_p75_ms),
    cellClassName: (day) => ((day.start_p75_ms ?? 0) > targetMs ? 'playback-figure--over' : undefined),
  },
  { key: 'p95', header: 'p95', align: 'end', cell: (day) => formatSeconds(day.start_p95_ms) },
  { key: 'rebuffer', header: 'Rebuffer', align: 'end', cell: (day) => formatShare(day.rebuffer_ratio) },
  { key: 'failures', header: 'Failures', align: 'end', cell: (day) => formatCount(day.failures) },
];

const DEVICE_COLUMNS: Column<PlaybackDevice>[] = [
  { key: 'device', header: 'Device', rowHeader: true, cell: (device) => DEVICE_LABELS[device.device_class] },
  { key: 'plays', header: 'Plays', align: 'end', cell: (device) => formatCount(device.plays) },
  { key: 'p75', header: 'Start p75', align: 'end', cell: (device) => formatSeconds(device.start_p75_ms) },
  { key: 'rebuffer', header: 'Rebuffer', align: 'end', cell: (device) => formatShare(device.rebuffer_ratio) },
  { key: 'failures', header: 'Failures', align: 'end', cell: (device) => formatCount(device.failures) },
];

const titleColumn: Column<PlaybackQualityTitle> = {
  key: 'title',
  header: 'Title',
  rowHeader: true,
  cell: (title) => <Link to={paths.admin.title(title.title_id)}>{title.title_name}</Link>,
};
const playsColumn: Column<PlaybackQualityTitle> = {
  key: 'plays',
  header: 'Plays',
  align: 'end',
  cell: (title) => formatCount(title.plays),
};
const failedColumn: Column<PlaybackQualityTitle> = {
  key: 'failed',
  header: 'Failed',
  align: 'end',
  cell: (title) => `${formatCount(title.failures)} (${formatShare(title.failure_rate)})`,
};

/** The worst titles: how they started and stalled. */
const WORST_TITLE_COLUMNS: Column<PlaybackQualityTitle>[] = [
  titleColumn,
  playsColumn,
  { key: 'p75', header: 'Start p75', align: 'end', cell: (title) => formatSeconds(title.start_p75_ms) },
  { key: 'rebuffer', header: 'Rebuffer', align: 'end', cell: (title) => formatShare(title.rebuffer_ratio) },
  failedColumn,
];

/** Titles whose plays failed to start: with the errors most often seen. */
const FAILURE_TITLE_COLUMNS: Column<PlaybackQualityTitle>[] = [
  titleColumn,
  playsColumn,
  {
    key: 'errors',
    header: 'Errors',
    cell: (title) =>
      title.top_failures.map((failure) => `${failure.failure} (${plural(failure.plays, 'play')})`).join(', '),
  },
  failedColumn,
];
