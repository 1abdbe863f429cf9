/**
 * A playback position as a clock: `mm:ss`, or `h:mm:ss` from one hour on (`90` -> `01:30`,
 * `3725` -> `1:02:05`). Negative or unknown values read as zero.
 */
export function formatClock(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const secs = total % 60;
  const pad = (value: number) => String(value).padStart(2, '0');
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(secs)}` : `${pad(minutes)}:${pad(secs)}`;
}

/** A spoken form for screen readers: `1 hour 2 minutes 5 seconds`. */
export function spokenClock(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const secs = total % 60;
  const part = (value: number, unit: string) => `${value} ${unit}${value === 1 ? '' : 's'}`;
  const parts = [
    hours > 0 ? part(hours, 'hour') : '',
    minutes > 0 ? part(minutes, 'minute') : '',
    secs > 0 || total === 0 ? part(secs, 'second') : '',
  ];
  return parts.filter(Boolean).join(' ');
}
