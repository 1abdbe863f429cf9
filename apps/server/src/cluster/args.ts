import { parseArgs } from 'node:util';

export class UsageError extends Error {}

export type ClusterArgs = {
  /** API workers sharing the public port. */
  api: number;
  /** `npm run worker` processes (BullMQ). */
  workers: number;
  /** The public port; undefined: PORT (3000 by default). */
  port: number | undefined;
};

export const clusterUsage = 'usage: npm run start:cluster -- [--api 2] [--workers 1] [--port 3000]';

/** More processes than this on one machine is a typing mistake, not a plan. */
export const MAX_PROCESSES = 32;

function wholeNumber(value: string | undefined, flag: string, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  const number = /^\d+$/.test(value.trim()) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(number) || number < min || number > max) {
    throw new UsageError(
      `--${flag} must be a whole number from ${min} to ${max} (got ${JSON.stringify(value)})`,
    );
  }
  return number;
}

const FLAGS = ['--api', '--workers', '--port'];

/** `--api -1` as `--api=-1`, so that it is refused as a bad count rather than as a missing one. */
function withNegativeValuesJoined(argv: string[]): string[] {
  const joined: string[] = [];
  for (let index = 0; index < argv.length; index++) {
    const next = argv[index + 1];
    if (FLAGS.includes(argv[index]!) && next !== undefined && /^-\d/.test(next)) {
      joined.push(`${argv[index]}=${next}`);
      index++;
    } else joined.push(argv[index]!);
  }
  return joined;
}

/** The command line of `npm run start:cluster`; a bad value throws a one-line UsageError naming its flag. */
export function parseClusterArgs(argv: string[]): ClusterArgs {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: withNegativeValuesJoined(argv),
      options: { api: { type: 'string' }, workers: { type: 'string' }, port: { type: 'string' } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError(`${error instanceof Error ? error.message : String(error)} (${clusterUsage})`);
  }
  const text = (name: string) => values[name] as string | undefined;
  return {
    api: wholeNumber(text('api'), 'api', 1, MAX_PROCESSES) ?? 2,
    workers: wholeNumber(text('workers'), 'workers', 0, MAX_PROCESSES) ?? 1,
    port: wholeNumber(text('port'), 'port', 1, 65_535),
  };
}
