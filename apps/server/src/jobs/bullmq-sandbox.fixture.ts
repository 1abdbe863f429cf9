/**
 * A BullMQ processor file for bullmq-sandbox.services.test.ts. Its transcode handler records which process
 * ran each attempt (`<dir>/<job id>-<attempt>.json`: pid, parent pid) and then, by video id:
 * 903 runs ffmpeg for ten minutes (until cancelled); 902 exits the process on its first attempt and
 * succeeds on the next; any other runs ffmpeg on a one-second test source.
 * Environment: SANDBOX_FIXTURE_DATABASE_URL, SANDBOX_FIXTURE_DIR.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { createDb } from '../db/connection';
import { runTool } from '../media/ffmpeg';
import { resolveMediaTools } from '../media/media-tools';
import { sandboxedProcessor } from './bullmq-sandbox';
import type { JobContext, JobHandler } from './job-map';

// eslint-disable-next-line no-restricted-properties -- set by the test for this fixture
const env = process.env;
const databaseUrl = env.SANDBOX_FIXTURE_DATABASE_URL;
const dir = env.SANDBOX_FIXTURE_DIR;
if (!databaseUrl || !dir) throw new Error('SANDBOX_FIXTURE_DATABASE_URL and SANDBOX_FIXTURE_DIR are needed');

const { tools } = resolveMediaTools({}, env);
const testSource = (seconds: number, job: JobContext) =>
  runTool(
    tools.ffmpegPath,
    [
      '-hide_banner',
      '-nostdin',
      '-re',
      '-f',
      'lavfi',
      '-i',
      `testsrc=size=160x120:rate=10:duration=${seconds}`,
      '-f',
      'null',
      '-',
    ],
    { env: tools.ffmpegEnv, signal: job.signal },
  );

const transcode: JobHandler<{ videoId: number }> = {
  async run({ videoId }, job) {
    writeFileSync(
      path.join(dir, `${job.id}-${job.attempt}.json`),
      JSON.stringify({ pid: process.pid, ppid: process.ppid }),
    );
    job.progress(10);
    if (videoId === 902 && job.attempt === 1) process.exit(3);
    await testSource(videoId === 903 ? 600 : 1, job);
  },
};

export default sandboxedProcessor(() =>
  Promise.resolve({
    db: createDb(databaseUrl).db,
    handlers: { transcode } as Record<string, JobHandler<never>>,
  }),
);
