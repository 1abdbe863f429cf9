/** Transfer speed over the last few seconds, and the time left at that speed. */
export interface UploadRate {
  /** Bytes per second over the window; 0 until two samples exist. */
  bytesPerSecond: number;
  /** Seconds to send the rest at that speed; null while the speed is unknown. */
  secondsLeft: number | null;
}

/**
 * Measures an upload's speed from `(time, bytes sent)` samples over a sliding window, so a
 * pause, a retry or a burst moves the figure within seconds rather than skewing it for good.
 */
export function createRateMeter(windowMs = 5000) {
  let samples: Array<{ at: number; bytes: number }> = [];
  return {
    /** Records the bytes sent so far at `at` (ms) and returns the rate against `total`. */
    add(at: number, bytes: number, total: number): UploadRate {
      // A resume can report fewer bytes than before (the server kept less than was sent).
      samples = samples.filter((sample) => sample.bytes <= bytes && at - sample.at <= windowMs);
      samples.push({ at, bytes });
      const first = samples[0]!;
      const seconds = (at - first.at) / 1000;
      if (samples.length < 2 || seconds <= 0) return { bytesPerSecond: 0, secondsLeft: null };
      const bytesPerSecond = (bytes - first.bytes) / seconds;
      return {
        bytesPerSecond,
        secondsLeft: bytesPerSecond > 0 ? Math.max(0, (total - bytes) / bytesPerSecond) : null,
      };
    },
    /** Forgets the samples (after a pause, so the idle time does not count). */
    reset() {
      samples = [];
    },
  };
}

export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${unit === 0 ? value : value.toFixed(value >= 100 ? 0 : 1)} ${units[unit]}`;
}

/** `1 h 02 min`, `4 min 05 s`, `12 s`. */
export function formatSecondsLeft(seconds: number): string {
  const whole = Math.ceil(seconds);
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = whole % 60;
  const pad = (value: number) => String(value).padStart(2, '0');
  if (h > 0) return `${h} h ${pad(m)} min`;
  if (m > 0) return `${m} min ${pad(s)} s`;
  return `${s} s`;
}

/** Megabytes (10^6 bytes) per second, as network speeds are usually given. */
export const formatSpeed = (bytesPerSecond: number) => `${(bytesPerSecond / 1_000_000).toFixed(1)} MB/s`;
