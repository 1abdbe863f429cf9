import { parseArgs } from 'node:util';

export class UsageError extends Error {}

export type ClusterArgs = {
  /** API processes behind the proxy. */
  api: number;
  /** `npm run worker` processes. */
  workers: number;
  /** The proxy's public port; undefined: PORT (3000 by default). */
  port: number | undefined;
};

export const clusterUsage = 'usage: npm run start:cluster -- [--api 2] [--workers 1] [--port 3000]';

function count(value: string | undefined, name: string, min: number, fallback: number): number {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < min || number > 32) {
    throw new UsageError(`--${name} must be a whole number from ${min} to 32 (got ${JSON.stringify(value)})`);
  }
  return number;
}

/** The command line of `npm run start:cluster`. */
export function parseClusterArgs(argv: string[]): ClusterArgs {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: { api: { type: 'string' }, workers: { type: 'string' }, port: { type: 'string' } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const text = (name: string) => values[name] as string | undefined;
  const port = text('port');
  if (port !== undefined && !/^\d{1,5}$/.test(port)) throw new UsageError('--port must be a port number');
  if (port !== undefined && Number(port) > 65535) throw new UsageError('--port must be a port number');
  return {
    api: count(text('api'), 'api', 1, 2),
    workers: count(text('workers'), 'workers', 0, 1),
    port: port === undefined ? undefined : Number(port),
  };
}
