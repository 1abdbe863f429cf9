import {
  PlaybackQualityEndpoints,
  QUALITY_REPORTS_PER_BATCH,
  type PlayQualityReport,
} from '@reeltime/contract';
import { buildUrl } from './api-client';
import { getToken } from './session';

/** Reports wait at most this long before they are sent, so a long session sends about one batch a minute. */
const SEND_AFTER_MS = 60_000;
/** Reports kept while the server cannot be reached; the oldest go first. */
const MAX_WAITING = 100;

let waiting: PlayQualityReport[] = [];
let timer: ReturnType<typeof setTimeout> | null = null;
let listening = false;

/** A random id for a play, so that a report sent twice counts once. */
export function newPlayId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

function send(reports: PlayQualityReport[]): void {
  const token = getToken();
  if (!token || reports.length === 0) return;
  // `fetch` with keepalive, the beacon that can carry the token: it outlives the page.
  void fetch(buildUrl(PlaybackQualityEndpoints.report.path), {
    method: 'POST',
    keepalive: true,
    headers: {
      Accept: 'application/json',
      'Content-Type': 'application/json',
      Authorization: `Bearer ${token}`,
    },
    body: JSON.stringify({ reports }),
  }).catch(() => undefined);
}

/** Sends every waiting report now, in batches the server takes. */
export function flushPlayQualityReports(): void {
  if (timer !== null) clearTimeout(timer);
  timer = null;
  const reports = waiting;
  waiting = [];
  for (let index = 0; index < reports.length; index += QUALITY_REPORTS_PER_BATCH) {
    send(reports.slice(index, index + QUALITY_REPORTS_PER_BATCH));
  }
}

/** Drops the waiting reports unsent: a page that starts over (each test) begins with none. */
export function forgetPlayQualityReports(): void {
  if (timer !== null) clearTimeout(timer);
  timer = null;
  waiting = [];
}

function onHidden(): void {
  if (document.visibilityState === 'hidden') flushPlayQualityReports();
}

/** Queues a play's report: sent with the next batch, or at once when the page is hidden or left. */
export function queuePlayQualityReport(report: PlayQualityReport): void {
  waiting.push(report);
  if (waiting.length > MAX_WAITING) waiting.splice(0, waiting.length - MAX_WAITING);
  if (!listening) {
    listening = true;
    window.addEventListener('pagehide', flushPlayQualityReports);
    document.addEventListener('visibilitychange', onHidden);
  }
  timer ??= setTimeout(flushPlayQualityReports, SEND_AFTER_MS);
}
