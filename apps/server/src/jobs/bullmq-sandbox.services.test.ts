import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRuntime, type Runtime } from '../app-context';
import { createOrPromoteAdmin } from '../cli/admin-account';
import { loadConfig } from '../config';
import { createDb, migrateToLatest, type Db } from '../db/connection';
import { insertTitle, makeClip } from '../media/media.fixtures';
import { resolveMediaTools } from '../media/media-tools';
import { createMediaService } from '../media/media.service';
import { createAdminMediaService } from '../modules/admin-media/admin-media.service';
import { insertJingleSeason } from '../modules/intro-suggestions/intro-audio.fixtures';
import { createIntroSuggestionService } from '../modules/intro-suggestions/intro-suggestions.service';
import { TEST_REDIS_URL, uniqueRedisPrefix } from '../testing/scaled-out';
import { serviceUrl } from '../testing/services';
import { deleteRedisKeys } from '../testing/stores';
import { descendantsOf, isRunning, listProcesses } from '../testing/processes';
import { createBullmqQueue, type BullmqQueue } from './bullmq-queue';
import { createBullmqJobRunner } from './bullmq-runner';
import type { JobHandler, JobHandlers } from './job-map';
import type { JobRunner } from './queue';
import pg from 'pg';

/**
 * The media lane in BullMQ sandboxed processors, on real PostgreSQL, Redis and ffmpeg: the real
 * processor file transcodes a clip, adds an audio track to it and suggests a season's intros, each
 * in a child of the worker; a child that exits mid-job costs one attempt and the job runs again in
 * a new child; a cancelled job's ffmpeg stops.
 */
const run = promisify(execFile);
const POSTGRES_BASE = serviceUrl('TEST_DATABASE_URL');
const PREFIX = uniqueRedisPrefix();
const dbName = `reeltime_sandbox_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
const dbUrl = (() => {
  const url = new URL(POSTGRES_BASE);
  url.pathname = `/${dbName}`;
  return url.toString();
})();
const dataDir = mkdtempSync(path.join(tmpdir(), 'reeltime-sandbox-'));
const fixtureDir = mkdtempSync(path.join(tmpdir(), 'reeltime-sandbox-fixture-'));
const fixtureFile = fileURLToPath(new URL('./bullmq-sandbox.fixture.ts', import.meta.url));

/** The site's environment: the worker's configuration, and its sandboxed children's (inherited). */
const siteEnv = {
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  DATA_DIR: dataDir,
  PUBLIC_URL: 'http://localhost:3000',
  DATABASE_URL: dbUrl,
  REDIS_URL: TEST_REDIS_URL,
  REDIS_KEY_PREFIX: PREFIX,
};

async function pgAdmin(sql: string) {
  const client = new pg.Client({ connectionString: POSTGRES_BASE });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Polls until `check` passes; a loaded machine only makes it take longer. */
async function eventually<T>(read: () => T | Promise<T>, check: (value: T) => boolean, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!check(value)) {
    if (Date.now() > deadline) throw new Error(`gave up waiting; last value: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    value = await read();
  }
  return value;
}

const idle: JobHandler<never> = { run: () => Promise.resolve() };
const idleHandlers = {
  transcode: idle,
  'mail.deliver': idle,
  'auth.password-reset': idle,
  'billing.expire-subscription': idle,
  'billing.renewal-reminder': idle,
  'billing.reconcile-stripe': idle,
  'admin-commerce.sync-stripe-plan': idle,
} as unknown as JobHandlers;

/** Which process ran an attempt of a fixture job (written by the fixture). */
const attemptProcess = (jobId: number, attempt: number) => {
  const file = path.join(fixtureDir, `${jobId}-${attempt}.json`);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { pid: number; ppid: number }) : null;
};

let db: Db;
let queue: BullmqQueue;
const runners: JobRunner[] = [];
let runtime: Runtime | undefined;
/** The video the first test transcodes, and its clip, for the jobs that build on it. */
let transcoded: { videoId: number; seconds: number } | undefined;

const jobRow = (id: number) =>
  db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/**
 * Runs the site's worker (the runtime's, with its sandboxed media lane) until `check` passes on
 * what `read` reads; answers that, and the parent of every ffmpeg descended from this process meanwhile.
 */
async function runWorkerUntil<T>(read: () => Promise<T>, check: (value: T) => boolean) {
  const ffmpegParents = new Set<number>();
  const watch = setInterval(() => {
    for (const entry of descendantsOf(process.pid)) {
      if (entry.command.startsWith('ffmpeg')) ffmpegParents.add(entry.ppid);
    }
  }, 20);
  try {
    await runtime!.jobs.start();
    const value = await eventually(read, check, 120_000);
    return { value, ffmpegParents };
  } finally {
    clearInterval(watch);
    await runtime!.jobs.stop();
  }
}

beforeAll(async () => {
  await pgAdmin(`create database ${dbName}`);
  db = createDb(dbUrl).db;
  await migrateToLatest(db);
  queue = createBullmqQueue(db, { redisUrl: TEST_REDIS_URL, prefix: `${PREFIX}bull`, maxAttempts: 3 });
});

afterAll(async () => {
  await Promise.all(runners.map((runner) => runner.stop()));
  await runtime?.close();
  await queue?.close();
  await db?.destroy();
  await pgAdmin(`drop database if exists ${dbName} with (force)`);
  await deleteRedisKeys(TEST_REDIS_URL, PREFIX);
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(fixtureDir, { recursive: true, force: true });
});

describe('the media lane in sandboxed BullMQ processors', () => {
  it('transcodes a real clip with the real processor file in a child process of the worker', async () => {
    Object.assign(process.env, siteEnv);
    runtime = await createRuntime(loadConfig(siteEnv));
    const { tools } = resolveMediaTools({}, process.env);
    const clip = path.join(dataDir, 'clip.mp4');
    const seconds = 4;
    await makeClip(clip, { seconds, width: 320, height: 180, ffmpeg: tools.ffmpegPath });
    const titleId = await insertTitle(runtime.ctx.db);
    const { videoId, jobId } = await createMediaService(runtime.ctx).importVideo({ file: clip, titleId });

    const { ffmpegParents } = await runWorkerUntil(
      () =>
        db.selectFrom('videos').select(['status', 'last_error']).where('id', '=', videoId).executeTakeFirst(),
      (video) => video?.status === 'ready' || video?.status === 'failed',
    );
    const video = await db
      .selectFrom('videos')
      .selectAll()
      .where('id', '=', videoId)
      .executeTakeFirstOrThrow();
    expect(video).toMatchObject({ status: 'ready', last_error: null });
    expect(await jobRow(jobId)).toMatchObject({ status: 'done', attempts: 1, progress: 100 });
    // ffmpeg ran, never as a child of the worker itself, but of a child the worker forked.
    expect(ffmpegParents.size).toBeGreaterThan(0);
    expect(ffmpegParents.has(process.pid)).toBe(false);
    transcoded = { videoId, seconds };
  }, 180_000);

  it('adds an audio track to the transcoded video in a child process of the worker, and lists it in the master', async () => {
    expect(transcoded).toBeDefined();
    const { videoId, seconds } = transcoded!;
    const { tools } = resolveMediaTools({}, process.env);
    const audio = path.join(dataDir, 'dub.m4a');
    await run(tools.ffmpegPath, [
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=550:duration=${seconds}`,
      audio,
    ]);
    // The console's actor, as an operator makes one (`npm run admin:create`).
    const admin = await createOrPromoteAdmin(runtime!.ctx, {
      email: 'ada@example.com',
      firstName: 'Ada',
      lastName: 'Admin',
      password: null,
      link: false,
    });
    const track = await createAdminMediaService(runtime!.ctx).addAudioTrack(
      videoId,
      { language: 'de', label: 'Deutsch' },
      { path: audio, size: statSync(audio).size, filename: 'dub.m4a' },
      admin.userId,
    );

    const { value: done, ffmpegParents } = await runWorkerUntil(
      () =>
        db
          .selectFrom('video_audio_tracks')
          .select(['status', 'job_id', 'last_error'])
          .where('id', '=', track.id)
          .executeTakeFirstOrThrow(),
      (row) => row.status === 'ready' || row.status === 'failed',
    );
    expect(done).toMatchObject({ status: 'ready', last_error: null });
    expect(await jobRow(done.job_id!)).toMatchObject({ status: 'done', attempts: 1 });
    const folder = path.join(dataDir, 'media', 'private', 'videos', String(videoId));
    const master = readFileSync(path.join(folder, 'master.m3u8'), 'utf8');
    expect(master).toContain('TYPE=AUDIO');
    expect(master).toContain(`LANGUAGE="de",DEFAULT=NO,AUTOSELECT=YES,URI="audio/a${track.id}/index.m3u8"`);
    expect(existsSync(path.join(folder, 'audio', `a${track.id}`, 'index.m3u8'))).toBe(true);
    // ffmpeg made the rendition in a child the worker forked, not in the worker itself.
    expect(ffmpegParents.size).toBeGreaterThan(0);
    expect(ffmpegParents.has(process.pid)).toBe(false);
  }, 180_000);

  it('suggests a season’s intros in a child process of the worker', async () => {
    const { seasonId } = await insertJingleSeason(db, (videoId) =>
      path.join(dataDir, 'media', 'private', 'videos', String(videoId)),
    );
    const suggestions = createIntroSuggestionService(runtime!.ctx);
    const started = await suggestions.start(seasonId);

    const { value: done, ffmpegParents } = await runWorkerUntil(
      () => suggestions.latest(seasonId),
      (latest) => latest.state === 'done' || latest.state === 'failed',
    );
    expect(done.state).toBe('done');
    expect(await jobRow(started.job_id!)).toMatchObject({ status: 'done', attempts: 1 });
    const starts = done.episodes.map((episode) => episode.suggestion?.start ?? -99);
    expect(Math.abs(starts[0]! - 2)).toBeLessThanOrEqual(0.5);
    expect(Math.abs(starts[1]! - 4)).toBeLessThanOrEqual(0.5);
    expect(ffmpegParents.size).toBeGreaterThan(0);
    expect(ffmpegParents.has(process.pid)).toBe(false);
  }, 180_000);

  it('runs a job in a forked child; a child that exits mid-job costs an attempt, and a new one runs it', async () => {
    const runner = createBullmqJobRunner(db, queue, idleHandlers, {
      concurrency: { media: 1, light: 0 },
      backoffMs: 100,
      heartbeatMs: 200,
      progressIntervalMs: 0,
      sweepIntervalMs: 60_000,
      sandboxed: { media: fixtureFile },
      sandboxEnv: { SANDBOX_FIXTURE_DATABASE_URL: dbUrl, SANDBOX_FIXTURE_DIR: fixtureDir },
    });
    runners.push(runner);
    await runner.start();

    const plain = await queue.enqueue('transcode', { videoId: 901 });
    await eventually(
      () => jobRow(plain.id),
      (row) => row.status === 'done',
    );
    const ranIn = attemptProcess(plain.id, 1)!;
    expect(ranIn.pid).not.toBe(process.pid);
    expect(ranIn.ppid).toBe(process.pid);

    const crashing = await queue.enqueue('transcode', { videoId: 902 });
    const done = await eventually(
      () => jobRow(crashing.id),
      (row) => row.status === 'done' || row.status === 'failed',
    );
    expect(done).toMatchObject({ status: 'done', attempts: 2, last_error: null });
    const [first, second] = [attemptProcess(crashing.id, 1)!, attemptProcess(crashing.id, 2)!];
    expect(isRunning(first.pid)).toBe(false);
    expect(second.pid).not.toBe(first.pid);
    expect(second.ppid).toBe(process.pid);
    // The worker (this process) is still taking jobs.
    expect(runner.running).toBe(true);
    const after = await queue.enqueue('transcode', { videoId: 904 });
    await eventually(
      () => jobRow(after.id),
      (row) => row.status === 'done',
    );
  }, 120_000);

  it('stops the ffmpeg of a cancelled job running in a child', async () => {
    const long = await queue.enqueue('transcode', { videoId: 903 });
    await eventually(
      () => jobRow(long.id),
      (row) => row.status === 'running' && row.progress === 10,
    );
    const child = (await eventually(
      () => attemptProcess(long.id, 1),
      (found) => found !== null,
    ))!;
    const ffmpeg = await eventually(
      () => descendantsOf(child.pid).filter((entry) => entry.command.startsWith('ffmpeg')),
      (found) => found.length === 1,
    );
    expect(await queue.cancel(long.id)).toBe(true);
    await eventually(
      () => isRunning(ffmpeg[0]!.pid),
      (running) => !running,
      20_000,
    );
    expect((await jobRow(long.id)).status).toBe('cancelled');
    // The child itself lives on for the next job.
    expect(listProcesses().some((entry) => entry.pid === child.pid)).toBe(true);
  }, 120_000);
});
