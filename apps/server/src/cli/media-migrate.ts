/**
 * npm run media:migrate -- --to s3|local [--concurrency N]
 *
 * Copies every media file from the store the site is leaving to the one --to names (DATA_DIR/media
 * or the bucket of S3_*), while the site keeps serving. Verified, resumable, never deletes: see
 * docs/object-storage.md.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { copyBetweenStores, type CopyReport } from '../adapters/storage/copy-between-stores';
import { createLocalFileStore } from '../adapters/storage/local-file-store';
import { createS3Client, createS3FileStore } from '../adapters/storage/s3-file-store';
import { formatBytes, formatSeconds } from '../backup/format';
import { createProgress } from '../backup/progress';
import { ConfigError, loadMediaStoreLocations } from '../config';

const USAGE = `Usage: npm run media:migrate -- --to s3|local [--concurrency N]

  --to s3          copy DATA_DIR/media into the bucket S3_BUCKET
  --to local       copy the bucket S3_BUCKET into DATA_DIR/media
  --concurrency N  files copied at the same time (default 4, at most 64)

Reads DATA_DIR and S3_* as the server does, whatever MEDIA_STORE says. Files the target already
has with the same size and SHA-256 are skipped, so running it again copies only what is new or
changed. Nothing is ever deleted.`;

const MAX_CONCURRENCY = 64;
/** How many failed files are named; the count says how many more there are. */
const FAILURES_SHOWN = 20;

class UsageError extends Error {}

const files = (count: number) => `${count} ${count === 1 ? 'file' : 'files'}`;

function parse(argv: string[]) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      to: { type: 'string' },
      concurrency: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return null;
  if (positionals.length > 0) throw new UsageError(`unexpected argument: ${positionals[0]}`);
  if (values.to === undefined) throw new UsageError('--to is required');
  if (values.to !== 's3' && values.to !== 'local') {
    throw new UsageError(`--to must be s3 or local (got ${JSON.stringify(values.to)})`);
  }
  let concurrency = 4;
  if (values.concurrency !== undefined) {
    concurrency = Number(values.concurrency);
    if (!/^[0-9]+$/.test(values.concurrency) || concurrency < 1 || concurrency > MAX_CONCURRENCY) {
      throw new UsageError(`--concurrency must be a whole number from 1 to ${MAX_CONCURRENCY}`);
    }
  }
  return { to: values.to as 's3' | 'local', concurrency };
}

function summary(report: CopyReport, elapsedMs: number): string {
  const { copied, alreadyThere } = report;
  if (copied.files === 0 && report.failures.length === 0 && !report.interrupted) {
    return (
      `Nothing to copy: all ${files(alreadyThere.files)} (${formatBytes(alreadyThere.bytes)}) are already ` +
      `in the target, checked in ${formatSeconds(elapsedMs)}.`
    );
  }
  return (
    `${report.interrupted ? 'Stopped' : 'Done'} in ${formatSeconds(elapsedMs)}: ` +
    `${files(copied.files)} copied (${formatBytes(copied.bytes)}), ` +
    `${alreadyThere.files} already in the target (${formatBytes(alreadyThere.bytes)}), ` +
    `${report.failures.length} failed.`
  );
}

async function main(): Promise<number> {
  let args: ReturnType<typeof parse>;
  try {
    args = parse(process.argv.slice(2));
  } catch (error) {
    const isParseError =
      error instanceof Error && (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS');
    if (error instanceof UsageError || isParseError) {
      console.error(`media:migrate: ${error.message}\n${USAGE}`);
      return 2;
    }
    throw error;
  }
  if (!args) {
    console.log(USAGE);
    return 0;
  }

  const locations = loadMediaStoreLocations();
  const mediaDir = path.join(locations.dataDir, 'media');
  const client = createS3Client(locations.s3);
  const local = { store: createLocalFileStore(mediaDir), name: `DATA_DIR/media (${mediaDir})` };
  const bucket = {
    store: createS3FileStore({ client, bucket: locations.s3.bucket }),
    name: `bucket ${locations.s3.bucket}${locations.s3.endpoint ? ` at ${locations.s3.endpoint}` : ''}`,
  };
  const [from, to] = args.to === 's3' ? [local, bucket] : [bucket, local];

  // The first Ctrl-C stops cleanly (files under way are abandoned, never left half-written);
  // a second one exits at once.
  const stop = new AbortController();
  const interrupt = () => {
    console.error('\nStopping; run the same command again to resume.');
    stop.abort();
    process.once('SIGINT', () => process.exit(130));
  };
  process.once('SIGINT', interrupt);
  process.once('SIGTERM', interrupt);

  try {
    console.log(
      `Copying media from ${from.name} to ${to.name} (the site uses MEDIA_STORE=${locations.current}).`,
    );
    const started = Date.now();
    let progress: ReturnType<typeof createProgress> | undefined;
    let report: CopyReport;
    try {
      report = await copyBetweenStores({
        from: from.store,
        to: to.store,
        concurrency: args.concurrency,
        signal: stop.signal,
        onProgress: ({ done, total }) => {
          progress ??= createProgress('Copying', total, process.stdout);
          progress.update(done);
        },
      });
    } catch (error) {
      console.error(`media:migrate: could not list the files: ${describeStoreError(error)}`);
      return 1;
    } finally {
      progress?.end();
    }

    if (report.total.files === 0) {
      console.log(`Nothing to copy: ${from.name} holds no files.`);
      return 0;
    }
    console.log(summary(report, Date.now() - started));
    if (report.vanished.length > 0) {
      console.log(`${files(report.vanished.length)} deleted from the source while copying, so not copied.`);
    }
    if (report.onlyInTarget > 0) {
      console.log(`${files(report.onlyInTarget)} of the target not in the source, left as they are.`);
    }
    if (report.failures.length > 0) {
      console.error(`Failed (${report.failures.length}); run the command again to retry them:`);
      for (const { key, reason } of report.failures.slice(0, FAILURES_SHOWN))
        console.error(`  ${key}: ${reason}`);
      if (report.failures.length > FAILURES_SHOWN) {
        console.error(`  … and ${report.failures.length - FAILURES_SHOWN} more`);
      }
      return 1;
    }
    if (report.interrupted) {
      const left =
        report.total.files - report.copied.files - report.alreadyThere.files - report.vanished.length;
      console.error(`Interrupted with ${files(left)} not yet copied; run the same command again to resume.`);
      return 130;
    }
    return 0;
  } finally {
    client.destroy();
  }
}

/** The service's own words for a bucket that is missing or refused, not a stack. */
function describeStoreError(error: unknown): string {
  const name = (error as { name?: string }).name;
  if (name === 'NoSuchBucket') return 'the bucket does not exist; create it (private) first';
  if (name === 'AccessDenied' || name === 'InvalidAccessKeyId' || name === 'SignatureDoesNotMatch') {
    return `the S3 service refused the credentials (${name})`;
  }
  return error instanceof Error ? error.message : String(error);
}

main()
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  });
