/** `YYYY-MM-DD` of a moment, in UTC. */
export function isoDay(at: number | Date = Date.now()): string {
  return new Date(at).toISOString().slice(0, 10);
}

export const MINUTE_MS = 60_000;
export const DAY_MS = 24 * 60 * MINUTE_MS;
