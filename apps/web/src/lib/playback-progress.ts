import { useCallback, useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { PlaybackEndpoints, type Envelope, type PlaybackProgressResult } from '@reeltime/contract';
import { buildUrl, endSession } from './api-client';
import { continueWatchingKey, recommendationsKey, titleDetailsKey } from './query-keys';
import { getToken } from './session';

/** Saves happen at most this often while a video plays (pause, end and leaving save at once). */
export const PROGRESS_SAVE_INTERVAL_MS = 10_000;

/** Where playback stands, in seconds. */
export interface PlaybackSnapshot {
  position: number;
  duration: number;
}

/** What the player reports: a tick while playing, or a moment that should be saved at once. */
export interface PlaybackUpdate extends PlaybackSnapshot {
  kind: 'tick' | 'play' | 'pause' | 'ended';
}

/**
 * The contract's FINISHED_SHARE (a test keeps them equal). Importing it would pull the contract's
 * playback schemas, and zod with them, into the details page.
 */
export const FINISHED_SHARE = 0.95;

/** A saved position counts as finished past 95% of the length (the server uses the same share). */
export function isFinishedAt(position: number, duration: number): boolean {
  return duration > 0 && position >= duration * FINISHED_SHARE;
}

/** The body of POST /user/playback-progress as this app sends it (numbers, whole seconds). */
export interface ProgressPayload {
  entertainment_id: number;
  episode_id?: number;
  position_seconds: number;
  duration_seconds: number;
}

export interface ProgressTrackerOptions {
  save: (snapshot: PlaybackSnapshot, options: { keepalive: boolean }) => void;
  intervalMs?: number;
  now?: () => number;
}

/**
 * Decides when to save progress: at most once per interval while playing (the interval starts at
 * the first tick, so merely starting a video saves nothing), and at once on `flush` (pause, end,
 * leaving the page). A position that was already saved is not sent again.
 */
export function createProgressTracker({
  save,
  intervalMs = PROGRESS_SAVE_INTERVAL_MS,
  now = Date.now,
}: ProgressTrackerOptions) {
  let latest: PlaybackSnapshot | null = null;
  let lastSavedAt: number | null = null;
  let lastSavedPosition: number | null = null;

  const commit = (keepalive: boolean) => {
    if (!latest || !(latest.duration > 0) || !Number.isFinite(latest.duration)) return;
    lastSavedAt = now();
    if (lastSavedPosition !== null && Math.abs(latest.position - lastSavedPosition) < 1) return;
    lastSavedPosition = latest.position;
    save({ ...latest }, { keepalive });
  };

  return {
    /** Playback moved on; saves when a full interval has passed since the last save. */
    tick(snapshot: PlaybackSnapshot) {
      latest = snapshot;
      if (lastSavedAt === null) lastSavedAt = now();
      else if (now() - lastSavedAt >= intervalMs) commit(false);
    },
    /** Saves the latest position now (with `keepalive` when the page is going away). */
    flush(snapshot?: PlaybackSnapshot, keepalive = false) {
      if (snapshot) latest = snapshot;
      commit(keepalive);
    },
  };
}

export type ProgressTracker = ReturnType<typeof createProgressTracker>;

/**
 * POST /user/playback-progress. Uses `fetch` directly so it can set `keepalive` (the request then
 * outlives the page on pagehide). Failures are dropped, since the next save carries a newer
 * position, except a 401: the token was revoked, so the member is signed out like on any call.
 */
export async function sendPlaybackProgress(
  body: ProgressPayload,
  { keepalive = false }: { keepalive?: boolean } = {},
): Promise<PlaybackProgressResult | null> {
  const token = getToken();
  if (!token) return null;
  try {
    const response = await fetch(buildUrl(PlaybackEndpoints.saveProgress.path), {
      method: 'POST',
      keepalive,
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/json',
        Authorization: `Bearer ${token}`,
      },
      body: JSON.stringify(body),
    });
    if (response.status === 401) {
      endSession();
      return null;
    }
    if (!response.ok) return null;
    const payload = (await response.json()) as Envelope<PlaybackProgressResult>;
    return payload.status === true ? payload.data : null;
  } catch {
    return null;
  }
}

/** The request body for a snapshot: whole seconds, never past the end. */
export function progressBody(
  titleId: number,
  episodeId: number | null,
  { position, duration }: PlaybackSnapshot,
): ProgressPayload {
  const durationSeconds = Math.max(1, Math.round(duration));
  const positionSeconds = Math.min(durationSeconds, Math.max(0, Math.round(position)));
  return {
    entertainment_id: titleId,
    ...(episodeId !== null ? { episode_id: episodeId } : {}),
    position_seconds: positionSeconds,
    duration_seconds: durationSeconds,
  };
}

interface UsePlaybackProgressOptions {
  titleId: number;
  episodeId: number | null;
  /** Members only; visitors watch trailers and nothing is saved. */
  enabled: boolean;
  /** Called with what was sent (and the server's answer when one came back). */
  onSaved?: (body: ProgressPayload, result: PlaybackProgressResult | null) => void;
}

/**
 * Saves a member's playback progress for one title (and episode): throttled while playing, at
 * once on pause and end, and with `keepalive` on pagehide, when the tab is hidden and
 * when the player goes away. Returns the handler for the player's updates.
 */
export function usePlaybackProgress({
  titleId,
  episodeId,
  enabled,
  onSaved,
}: UsePlaybackProgressOptions): (update: PlaybackUpdate) => void {
  const queryClient = useQueryClient();
  const trackerRef = useRef<ProgressTracker | null>(null);
  const onSavedRef = useRef(onSaved);
  useEffect(() => {
    onSavedRef.current = onSaved;
  }, [onSaved]);

  useEffect(() => {
    if (!enabled) return;
    const tracker = createProgressTracker({
      save: (snapshot, { keepalive }) => {
        const body = progressBody(titleId, episodeId, snapshot);
        void sendPlaybackProgress(body, { keepalive }).then((result) => {
          // Continue Watching and the title's details now hold an old position, and the personal
          // rows may offer the title just played: refetched on their next use.
          void queryClient.invalidateQueries({ queryKey: continueWatchingKey, refetchType: 'none' });
          void queryClient.invalidateQueries({ queryKey: recommendationsKey, refetchType: 'none' });
          void queryClient.invalidateQueries({ queryKey: titleDetailsKey(titleId), refetchType: 'none' });
          onSavedRef.current?.(body, result);
        });
      },
    });
    trackerRef.current = tracker;
    const leave = () => tracker.flush(undefined, true);
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') leave();
    };
    window.addEventListener('pagehide', leave);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', leave);
      document.removeEventListener('visibilitychange', onVisibility);
      leave();
      if (trackerRef.current === tracker) trackerRef.current = null;
    };
  }, [enabled, titleId, episodeId, queryClient]);

  return useCallback((update: PlaybackUpdate) => {
    const tracker = trackerRef.current;
    if (!tracker) return;
    const snapshot = { position: update.position, duration: update.duration };
    if (update.kind === 'tick' || update.kind === 'play') tracker.tick(snapshot);
    else tracker.flush(snapshot);
  }, []);
}
