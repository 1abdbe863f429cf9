/** `YYYY-MM-DD` of a moment, in UTC. */
export function isoDay(at: number | Date = Date.now()): string {
  return new Date(at).toISOString().slice(0, 10);
}

export const MINUTE_MS = 60_000;
export const DAY_MS = 24 * 60 * MINUTE_MS;

/** The same time `months` calendar months later (UTC), on the last day of a shorter month. */
export function addMonths(at: number, months: number): number {
  const date = new Date(at);
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, lastDay));
  return date.getTime();
}
