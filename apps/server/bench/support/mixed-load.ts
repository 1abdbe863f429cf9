import autocannon from 'autocannon';

export interface LoadRequest {
  method: 'GET';
  path: string;
  headers?: Record<string, string>;
}

export interface LoadResult {
  seconds: number;
  requests: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** Connection errors and timeouts: requests that got no answer. */
  errors: number;
  timeouts: number;
  non2xx: number;
  /** Answers by HTTP status. */
  statuses: Record<string, number>;
}

/**
 * Loads `url` with autocannon in a worker thread (so the load generator does not share the event
 * loop of the proxies in this process), each connection cycling through `requests` in turn.
 */
export function runMixedLoad(
  url: string,
  requests: LoadRequest[],
  options: { connections: number; seconds: number; timeoutSeconds?: number },
): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        connections: options.connections,
        duration: options.seconds,
        timeout: options.timeoutSeconds ?? 10,
        workers: 1,
        requests,
      },
      (error, result) => {
        if (error) return reject(error);
        const statuses: Record<string, number> = {};
        for (const [status, stats] of Object.entries(result.statusCodeStats ?? {})) {
          statuses[status] = stats?.count ?? 0;
        }
        const requestsDone = Object.values(statuses).reduce((sum, count) => sum + count, 0);
        resolve({
          seconds: options.seconds,
          requests: requestsDone,
          requestsPerSecond: result.requests.average,
          p50: result.latency.p50,
          p99: result.latency.p99,
          errors: result.errors,
          timeouts: result.timeouts,
          non2xx: result.non2xx,
          statuses,
        });
      },
    );
  });
}

/** Slices of one setup together: throughput weighted by time, the worst slice's percentiles. */
export function combineSlices(slices: LoadResult[]): LoadResult {
  const seconds = slices.reduce((sum, slice) => sum + slice.seconds, 0);
  const sum = (key: 'requests' | 'errors' | 'timeouts' | 'non2xx') =>
    slices.reduce((total, slice) => total + slice[key], 0);
  const statuses: Record<string, number> = {};
  for (const slice of slices) {
    for (const [status, count] of Object.entries(slice.statuses))
      statuses[status] = (statuses[status] ?? 0) + count;
  }
  return {
    seconds,
    requests: sum('requests'),
    requestsPerSecond:
      slices.reduce((total, slice) => total + slice.requestsPerSecond * slice.seconds, 0) / (seconds || 1),
    // Percentiles do not average; the worst slice is the honest figure.
    p50: Math.max(...slices.map((slice) => slice.p50)),
    p99: Math.max(...slices.map((slice) => slice.p99)),
    errors: sum('errors'),
    timeouts: sum('timeouts'),
    non2xx: sum('non2xx'),
    statuses,
  };
}

export const statusBreakdown = (statuses: Record<string, number>) =>
  Object.entries(statuses)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([status, count]) => `${status}: ${count}`)
    .join(', ') || 'no answers';

export const serverErrors = (statuses: Record<string, number>) =>
  Object.entries(statuses).reduce((sum, [status, count]) => sum + (Number(status) >= 500 ? count : 0), 0);
