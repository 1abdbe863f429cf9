import { appendFileSync } from 'node:fs';

/**
 * Every figure a suite measures is printed as `scale | <suite> | <label>: <value>` and, when
 * SCALE_REPORT names a file, appended to it, so one run's figures can be read in one place.
 */
export function figure(suite: string, label: string, value: string | number): void {
  const line = `scale | ${suite} | ${label}: ${value}`;
  process.stdout.write(`${line}\n`);
  const file = process.env.SCALE_REPORT;
  if (file) appendFileSync(file, `${line}\n`);
}

export function percentile(sortedMs: number[], p: number): number {
  if (sortedMs.length === 0) return 0;
  const index = Math.min(sortedMs.length - 1, Math.ceil((p / 100) * sortedMs.length) - 1);
  return sortedMs[Math.max(0, index)]!;
}

export const ms = (value: number) => `${value.toFixed(1)} ms`;
