import { percentile } from './report';

export interface LoadResult {
  requests: number;
  /** Count per HTTP status; 0 for a request that got no answer (connection refused, reset). */
  statuses: Map<number, number>;
  errors: number;
  latenciesMs: number[];
  p50Ms: number;
  p99Ms: number;
  perSecond: number;
}

/**
 * `clients` loops, each sending one request after the other until `seconds` have passed or
 * `signal` aborts. `send` returns the status (0 when no answer came). Failures are counted, never
 * thrown, so that a fault shows as a figure.
 */
export async function runLoad(options: {
  clients: number;
  seconds: number;
  send: (client: number, iteration: number) => Promise<number>;
  signal?: AbortSignal;
}): Promise<LoadResult> {
  const statuses = new Map<number, number>();
  const latenciesMs: number[] = [];
  const deadline = performance.now() + options.seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: options.clients }, async (_, client) => {
      for (let iteration = 0; performance.now() < deadline && !options.signal?.aborted; iteration++) {
        const at = performance.now();
        let status = 0;
        try {
          status = await options.send(client, iteration);
        } catch {
          status = 0;
        }
        latenciesMs.push(performance.now() - at);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const sorted = [...latenciesMs].sort((a, b) => a - b);
  const requests = latenciesMs.length;
  let errors = 0;
  for (const [status, count] of statuses) if (status === 0 || status >= 500) errors += count;
  return {
    requests,
    statuses,
    errors,
    latenciesMs: sorted,
    p50Ms: percentile(sorted, 50),
    p99Ms: percentile(sorted, 99),
    perSecond: requests / elapsed,
  };
}

export const statusSummary = (statuses: Map<number, number>) =>
  [...statuses.entries()]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${status === 0 ? 'no answer' : status} × ${count}`)
    .join(', ');
