import {
  DEVICE_CLASSES,
  PLAYBACK_QUALITY_TITLES,
  START_TIME_TARGET_MS,
  type AdminPlaybackQuality,
  type DeviceClass,
  type PlaybackQualityTitle,
} from '@reeltime/contract';
import type { ReportForFigures } from './playback-quality.repository';

/** The value below which `share` of the sorted values lie (nearest rank); null for none. */
export function percentile(sorted: readonly number[], share: number): number | null {
  if (sorted.length === 0) return null;
  const rank = Math.ceil(share * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(rank, 1)) - 1]!;
}

interface Figures {
  plays: number;
  failures: number;
  rebuffer_ratio: number | null;
  start_p50_ms: number | null;
  start_p75_ms: number | null;
  start_p95_ms: number | null;
}

function figuresOf(reports: readonly ReportForFigures[]): Figures {
  const starts = reports
    .map((report) => report.start_ms)
    .filter((start): start is number => start !== null)
    .sort((a, b) => a - b);
  let played = 0;
  let stalled = 0;
  for (const report of reports) {
    played += report.played_ms;
    stalled += report.stall_ms;
  }
  return {
    plays: reports.length,
    failures: reports.length - starts.length,
    rebuffer_ratio: played + stalled > 0 ? stalled / (played + stalled) : null,
    start_p50_ms: percentile(starts, 0.5),
    start_p75_ms: percentile(starts, 0.75),
    start_p95_ms: percentile(starts, 0.95),
  };
}

function groupBy<K>(reports: readonly ReportForFigures[], key: (report: ReportForFigures) => K) {
  const groups = new Map<K, ReportForFigures[]>();
  for (const report of reports) {
    const group = groups.get(key(report));
    if (group) group.push(report);
    else groups.set(key(report), [report]);
  }
  return groups;
}

function titleFigures(reports: ReportForFigures[]): PlaybackQualityTitle {
  const figures = figuresOf(reports);
  const failureCounts = groupBy(
    reports.filter((report) => report.failure !== null),
    (report) => report.failure!,
  );
  return {
    title_id: reports[0]!.title_id,
    title_name: reports[0]!.title_name,
    failure_rate: figures.failures / figures.plays,
    top_failures: [...failureCounts]
      .map(([failure, plays]) => ({ failure, plays: plays.length }))
      .sort((a, b) => b.plays - a.plays || a.failure.localeCompare(b.failure))
      .slice(0, 3),
    ...figures,
  };
}

/** Worse first: more failing, then more stalling, then slower to start. */
function worseFirst(a: PlaybackQualityTitle, b: PlaybackQualityTitle): number {
  return (
    b.failure_rate - a.failure_rate ||
    (b.rebuffer_ratio ?? 0) - (a.rebuffer_ratio ?? 0) ||
    (b.start_p75_ms ?? 0) - (a.start_p75_ms ?? 0) ||
    b.plays - a.plays
  );
}

/** The console's figures for the period whose days are `days` (oldest first), from its reports. */
export function playbackQualityFigures(
  reports: readonly ReportForFigures[],
  days: readonly string[],
): AdminPlaybackQuality {
  const byDay = groupBy(reports, (report) => report.day);
  const byDevice = groupBy(reports, (report) => report.device_class as DeviceClass);
  const titles = [...groupBy(reports, (report) => report.title_id).values()].map(titleFigures);
  return {
    days: days.length,
    target_start_ms: START_TIME_TARGET_MS,
    per_day: days.map((day) => ({ day, ...figuresOf(byDay.get(day) ?? []) })),
    total: figuresOf(reports),
    by_device: DEVICE_CLASSES.filter((device) => byDevice.has(device))
      .map((device) => ({ device_class: device, ...figuresOf(byDevice.get(device)!) }))
      .sort((a, b) => b.plays - a.plays),
    failures_by_title: titles
      .filter((title) => title.failures > 0)
      .sort((a, b) => b.failures - a.failures || worseFirst(a, b))
      .slice(0, PLAYBACK_QUALITY_TITLES),
    worst_titles: [...titles].sort(worseFirst).slice(0, PLAYBACK_QUALITY_TITLES),
  };
}
