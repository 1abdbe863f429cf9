/**
 * npm run media:import -- <file> --title <id> [--episode <id>] [--captions file.vtt]
 *                         [--captions-lang en] [--captions-name English] [--kind main|trailer]
 *
 * Adds a video to a title (or one of its episodes), transcodes it to HLS right here while
 * printing progress, and prints the URL it is served at. Uses the same settings as the server
 * (DATA_DIR, DATABASE_URL, FFMPEG_PATH…), so it can run while the server is up.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config';
import { createRuntime } from '../app-context';
import type { JobQueue } from '../jobs/queue';
import { createLogger } from '../lib/logger';
import { AppError } from '../lib/errors';
import { createMediaService } from '../media/media.service';
import { signMediaUrl, UNCAPPED_HEIGHT } from '../media/signed-url';

const USAGE = `Usage: npm run media:import -- <file> --title <id> [--episode <id>] [--captions file.vtt]
                            [--captions-lang en] [--captions-name English] [--kind main|trailer]`;

class UsageError extends Error {}

function positiveInt(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  if (!/^[1-9][0-9]{0,9}$/.test(value)) throw new UsageError(`--${name} must be a positive whole number`);
  return Number(value);
}

function parse(argv: string[]) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      title: { type: 'string' },
      episode: { type: 'string' },
      captions: { type: 'string' },
      'captions-lang': { type: 'string' },
      'captions-name': { type: 'string' },
      kind: { type: 'string', default: 'main' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) throw new UsageError('');
  if (positionals.length !== 1) throw new UsageError('give exactly one video file');
  const titleId = positiveInt(values.title, 'title');
  if (titleId === undefined) throw new UsageError('--title is required');
  if (values.kind !== 'main' && values.kind !== 'trailer')
    throw new UsageError('--kind must be main or trailer');
  // npm runs workspace scripts from the workspace folder; paths are meant from where npm was run.
  // eslint-disable-next-line no-restricted-properties -- npm's INIT_CWD is not configuration
  const from = process.env.INIT_CWD ?? process.cwd();
  return {
    file: path.resolve(from, positionals[0]!),
    titleId,
    episodeId: positiveInt(values.episode, 'episode'),
    captions: values.captions ? path.resolve(from, values.captions) : undefined,
    captionsLanguage: values['captions-lang'],
    captionsName: values['captions-name'],
    kind: values.kind as 'main' | 'trailer',
  };
}

/** Progress on one line on a terminal, every 10% otherwise. */
function progressPrinter() {
  const tty = process.stdout.isTTY;
  let lastStep = -1;
  return {
    update(percent: number) {
      if (tty) {
        const width = 30;
        const filled = Math.round((percent / 100) * width);
        process.stdout.write(
          `\r  [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${percent.toFixed(1).padStart(5)}%`,
        );
      } else if (Math.floor(percent / 10) > lastStep) {
        lastStep = Math.floor(percent / 10);
        process.stdout.write(`  ${percent.toFixed(0)}%\n`);
      }
    },
    end() {
      if (tty) process.stdout.write('\n');
    },
  };
}

/** Prints the job's progress, as any process records it, until it is no longer running here or elsewhere. */
function followProgress(jobs: JobQueue, jobId: number, printer: ReturnType<typeof progressPrinter>) {
  let following = true;
  const done = (async () => {
    while (following) {
      const job = await jobs.get(jobId);
      if (!job || job.state === 'done' || job.state === 'failed' || job.state === 'cancelled') return;
      if (job.state === 'running') printer.update(job.progress);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  })();
  return {
    done,
    stop: async () => {
      following = false;
      await done;
    },
  };
}

async function main(): Promise<number> {
  let args: ReturnType<typeof parse>;
  try {
    args = parse(process.argv.slice(2));
  } catch (error) {
    const isParseError =
      error instanceof Error && (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS');
    if (error instanceof UsageError || isParseError) {
      if (error.message) console.error(`media:import: ${error.message}`);
      console.error(USAGE);
      return 2;
    }
    throw error;
  }

  const config = loadConfig();
  const runtime = await createRuntime(config, { log: createLogger({ logLevel: 'warn', prettyLogs: false }) });
  try {
    const media = createMediaService(runtime.ctx);
    const imported = await media.importVideo(args);
    const { source } = imported;
    console.log(
      `Video ${imported.videoId} added to ${args.episodeId ? `episode ${args.episodeId} of ` : ''}title ${args.titleId}: ` +
        `${source.width}x${source.height}, ${source.durationSeconds.toFixed(1)} s, ${source.hasAudio ? 'with' : 'no'} sound.`,
    );
    console.log(`Transcoding (job ${imported.jobId})…`);

    const printer = progressPrinter();
    let stopped = false;
    const interrupt = () => {
      stopped = true;
      console.error('\nStopping; the job goes back to the queue and the server will finish it.');
      void runtime.jobs.stop();
    };
    process.once('SIGINT', interrupt);
    const started = performance.now();
    // Failed attempts are retried at once (up to MEDIA_JOB_MAX_ATTEMPTS): someone is waiting.
    for (;;) {
      const progress = followProgress(runtime.ctx.jobs, imported.jobId, printer);
      const ran = await runtime.jobs.runJob(imported.jobId);
      if (!ran) {
        console.log('  (the running server took the job; following it)');
        await progress.done;
        break;
      }
      await progress.stop();
      if (stopped || ran.state !== 'queued') break;
      printer.end();
      console.log(`  attempt ${ran.attempts} of ${ran.maxAttempts} failed (${ran.lastError}); trying again`);
    }
    printer.end();
    process.off('SIGINT', interrupt);

    const status = await media.status(imported.videoId);
    if (status?.status === 'ready') {
      console.log(
        `Ready in ${((performance.now() - started) / 1000).toFixed(1)} s: ${status.duration_seconds?.toFixed(1)} s of video.`,
      );
      console.log(`URL: ${status.url}`);
      if (args.kind === 'main') {
        console.log(
          `Signed for members (valid ${Math.round(config.media.urlTtlSeconds / 3600)} h): ${config.publicUrl}${signMediaUrl(config, status.url, { maxHeight: UNCAPPED_HEIGHT })}`,
        );
      } else {
        console.log(`Public: ${config.publicUrl}${status.url}`);
      }
      return 0;
    }
    if (status?.job_status === 'queued') {
      console.log('Not finished; the job is queued again and the server will run it.');
      return 1;
    }
    console.error(`Transcoding failed: ${status?.last_error ?? 'unknown error'}`);
    return 1;
  } catch (error) {
    if (error instanceof AppError) {
      console.error(`media:import: ${error.message}`);
      return 1;
    }
    throw error;
  } finally {
    await runtime.close();
  }
}

main()
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  });
