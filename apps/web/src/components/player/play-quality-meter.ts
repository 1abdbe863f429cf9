import type { DeviceClass, PlayQualityReport } from '@reeltime/contract';

/** What a play measured, without the ids the report adds. */
export type PlayMeasure = Omit<
  PlayQualityReport,
  'play_id' | 'entertainment_id' | 'episode_id' | 'device_class'
>;

/** The failure code of a play the member left before its first frame. */
export const LEFT_BEFORE_START = 'left-before-start';

interface MeterOptions {
  /** When Play was pressed (`performance.now()`), when known; else the first `play` event counts. */
  pressedAt?: number | null;
  now?: () => number;
}

/**
 * Measures one play on a <video>: the time from the press on Play to the first frame (or why it
 * never started), the stalls after it (waiting for data, seeks left out), the time spent playing,
 * and the renditions played with their time-weighted bitrate.
 */
export function createPlayQualityMeter(
  video: HTMLVideoElement,
  { pressedAt = null, now = () => performance.now() }: MeterOptions = {},
) {
  let requestedAt: number | null = pressedAt;
  let startMs: number | null = null;
  let failure: string | null = null;
  let seeking = false;
  let stallStartedAt: number | null = null;
  let stallCount = 0;
  let stallMs = 0;
  let playingSince: number | null = null;
  let playedMs = 0;
  const renditions: number[] = [];
  let rendition: { bitrate: number; since: number } | null = null;
  let weightedBits = 0;
  let weightedMs = 0;

  const stopPlayingClock = (at: number) => {
    if (playingSince !== null) playedMs += at - playingSince;
    playingSince = null;
  };
  const closeRendition = (at: number) => {
    if (!rendition) return;
    weightedBits += rendition.bitrate * (at - rendition.since);
    weightedMs += at - rendition.since;
    rendition.since = at;
  };

  const handlers: Partial<Record<keyof HTMLMediaElementEventMap, () => void>> = {
    play: () => {
      requestedAt ??= now();
    },
    playing: () => {
      const at = now();
      if (startMs === null && failure === null) startMs = Math.max(0, Math.round(at - (requestedAt ?? at)));
      if (stallStartedAt !== null) {
        stallMs += at - stallStartedAt;
        stallStartedAt = null;
      }
      playingSince ??= at;
    },
    waiting: () => {
      const at = now();
      stopPlayingClock(at);
      // Before the first frame the wait is the start time; while seeking it is the seek's.
      if (startMs === null || seeking || stallStartedAt !== null) return;
      stallStartedAt = at;
      stallCount++;
    },
    seeking: () => {
      seeking = true;
      // A stall the member seeks out of ends there.
      if (stallStartedAt !== null) {
        stallMs += now() - stallStartedAt;
        stallStartedAt = null;
      }
    },
    seeked: () => {
      seeking = false;
    },
    pause: () => stopPlayingClock(now()),
    ended: () => stopPlayingClock(now()),
  };
  for (const [type, handler] of Object.entries(handlers)) video.addEventListener(type, handler);

  return {
    /** The rendition playing from now on (height in px, bitrate in bit/s). */
    rendition(height: number, bitrate: number) {
      const at = now();
      closeRendition(at);
      rendition = { bitrate, since: at };
      if (height > 0 && !renditions.includes(height)) renditions.push(height);
    },
    /** The player gave up before the first frame (its error code). */
    fail(code: string) {
      if (startMs === null) failure ??= code;
    },
    /** Whether Play was asked for at all: a player that never was has nothing to report. */
    get requested(): boolean {
      return requestedAt !== null;
    },
    /** Stops listening and gives the play's figures (a play never asked for gives null). */
    finish(): PlayMeasure | null {
      for (const [type, handler] of Object.entries(handlers)) video.removeEventListener(type, handler);
      if (requestedAt === null) return null;
      const at = now();
      stopPlayingClock(at);
      closeRendition(at);
      if (stallStartedAt !== null) stallMs += at - stallStartedAt;
      if (startMs === null) failure ??= LEFT_BEFORE_START;
      const played = Math.round(playedMs);
      const stalled = stallCount > 0 ? Math.max(1, Math.round(stallMs)) : 0;
      return {
        start_ms: startMs === null ? null : Math.min(startMs, 120_000),
        failure: startMs === null ? failure : null,
        played_ms: played,
        stall_count: stallCount,
        stall_ms: stalled,
        average_bitrate_kbps:
          weightedMs > 0 ? Math.max(1, Math.round(weightedBits / weightedMs / 1000)) : null,
        renditions: renditions.slice(0, 16),
      };
    },
  };
}

export type PlayQualityMeter = ReturnType<typeof createPlayQualityMeter>;

/** The device class from the screen and the pointer: no model, no browser, nothing that singles anyone out. */
export function deviceClass(): DeviceClass {
  const coarse = window.matchMedia?.('(pointer: coarse)').matches ?? false;
  const shortest = Math.min(window.screen?.width ?? 0, window.screen?.height ?? 0);
  if (/\b(SMART-TV|SmartTV|Tizen|Web0S|webOS|HbbTV|CrKey|AFT[A-Z])/i.test(navigator.userAgent)) return 'tv';
  if (coarse && shortest > 0 && shortest < 600) return 'phone';
  if (coarse) return 'tablet';
  return 'desktop';
}
