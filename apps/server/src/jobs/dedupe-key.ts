import { isRepeatableJob } from './job-map';

/**
 * What a job works on, when at most one live (queued or running) job may work on it: a video's
 * transcode, and a repeatable job (a run still waiting is not queued a second time). The jobs
 * table holds it in `dedupe_key` under a unique index of the live rows (migration 0017); BullMQ
 * uses a transcode's as the job id. Other jobs have none.
 */
export function dedupeKeyOf(type: string, payload: unknown): string | null {
  if (isRepeatableJob(type)) return `repeatable-${type}`;
  if (type !== 'transcode' || typeof payload !== 'object' || payload === null) return null;
  const { videoId } = payload as { videoId?: unknown };
  return typeof videoId === 'number' ? `transcode-video-${videoId}` : null;
}

/** The SQL condition of the live rows, as the unique index of migration 0017 names it. */
export const LIVE_JOB_CONDITION = `status in ('queued', 'running')`;
