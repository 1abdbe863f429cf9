export const FIRST_RESTART_DELAY_MS = 1_000;
export const LONGEST_RESTART_DELAY_MS = 30_000;
/** A process that ran this long before exiting counts as healthy: its next restart is quick again. */
export const STAYED_UP_MS = 60_000;

/**
 * How long to wait before restarting a process that exited: 1 s, doubling up to 30 s while it
 * keeps dying soon after each start, back to 1 s once it has stayed up a minute.
 */
export class RestartDelay {
  private nextMs = FIRST_RESTART_DELAY_MS;

  /** The delay before the next start, given how long the process ran this time. */
  after(ranForMs: number): number {
    if (ranForMs >= STAYED_UP_MS) this.nextMs = FIRST_RESTART_DELAY_MS;
    const delay = this.nextMs;
    this.nextMs = Math.min(this.nextMs * 2, LONGEST_RESTART_DELAY_MS);
    return delay;
  }
}

/** `was killed by SIGKILL` or `exited with code 1`. */
export function howItEnded(code: number | null, signal: string | null): string {
  return signal ? `was killed by ${signal}` : `exited with code ${code}`;
}

/** The wall-clock time a restart is due, e.g. 22:41:07. */
export function clockIn(ms: number): string {
  return new Date(Date.now() + ms).toTimeString().slice(0, 8);
}
