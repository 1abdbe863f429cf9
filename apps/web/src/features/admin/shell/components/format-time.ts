const dateTime = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** An ISO timestamp as `3 Mar 2026, 14:05` in the reader's time zone; other text as it is. */
export function formatDateTime(timestamp: string | null | undefined): string {
  if (!timestamp) return '—';
  const time = new Date(timestamp);
  return Number.isNaN(time.getTime()) ? timestamp : dateTime.format(time);
}

/** Seconds as `1:02:03` or `12:05`. */
export function formatClock(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
