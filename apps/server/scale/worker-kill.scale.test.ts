import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { CatalogEndpoints, pathWith } from '@reeltime/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRuntime, type Runtime } from '../src/app-context';
import type { ClusterMember } from './harness/cluster-process';
import { loadConfig } from '../src/config';
import { createLogger } from '../src/lib/logger';
import { insertTitle } from '../src/media/media.fixtures';
import { createMediaService } from '../src/media/media.service';
import { descendantsOf, isRunning, listProcesses, type ProcessEntry } from '../src/testing/processes';
import { call, signUp } from './harness/client';
import { makeClip } from './harness/clip';
import { initSectionUri, playlistUris, segmentFormat } from './harness/hls';
import { profile } from './harness/profile';
import { figure, ms } from './harness/report';
import { startScaleSite, type ScaleSite } from './harness/site';

/**
 * `kill -9` of the worker process that is transcoding a video: one API process and two workers,
 * transcodes in BullMQ sandboxed children of the workers. The job must be finished by another
 * worker, the video must play, and no ffmpeg of the killed worker may be left running.
 */
const SUITE = 'worker-kill';

/** BullMQ's lock and stalled check, shorter than the defaults (30 s each) for a quicker takeover. */
const LOCK_DURATION_MS = 10_000;
const STALLED_INTERVAL_MS = 5000;

let site: ScaleSite;
let runtime: Runtime;
let clipFolder: string;

interface JobRow {
  status: string;
  progress: number;
  attempts: number;
  max_attempts: number;
  last_error: string | null;
}

/** Polls until `check` passes; a loaded machine only makes it take longer. */
async function waitFor<T>(
  what: string,
  read: () => T | Promise<T>,
  check: (value: T) => boolean,
  limitMs: number,
): Promise<T> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() > deadline)
      throw new Error(
        `${what}: not within ${limitMs / 1000} s; last ${JSON.stringify(value)}\n${site.output.slice(-30).join('\n')}`,
      );
    await sleep(100);
  }
}

/** The ffmpeg processes under one worker (in its sandboxed children), with the children. */
const ffmpegUnder = (worker: ClusterMember, processes: ProcessEntry[]) =>
  worker.pid === undefined
    ? []
    : descendantsOf(worker.pid, processes).filter((entry) => entry.command.startsWith('ffmpeg'));

beforeAll(async () => {
  clipFolder = mkdtempSync(path.join(tmpdir(), 'reeltime-worker-kill-'));
  site = await startScaleSite({
    api: 1,
    workers: 2,
    env: {
      BULLMQ_LOCK_DURATION_MS: String(LOCK_DURATION_MS),
      BULLMQ_STALLED_INTERVAL_MS: String(STALLED_INTERVAL_MS),
    },
  });
  // An operator's process on the site (as media:import is): adds the video and queues its
  // transcode, which only the workers run.
  runtime = await createRuntime(loadConfig(site.env), {
    log: createLogger({ logLevel: 'warn', prettyLogs: false }),
  });
});

afterAll(async () => {
  await runtime?.close();
  await site?.close();
  if (clipFolder) rmSync(clipFolder, { recursive: true, force: true });
});

describe('a worker killed mid-transcode', () => {
  it('has its transcode finished by another worker; the video plays; none of its ffmpeg is left', async () => {
    const { seconds, width, height } = profile.workerKillClip;
    const clip = await makeClip(clipFolder, { seconds, width, height });
    figure(SUITE, 'clip', `${seconds} s, ${width}x${height}, H.264/AAC, ${statSync(clip).size} bytes`);
    const titleId = await insertTitle(runtime.ctx.db, { is_free: 1 });

    const started = performance.now();
    const { videoId, jobId } = await createMediaService(runtime.ctx).importVideo({ file: clip, titleId });
    const jobRow = async () =>
      (
        await site.sql<JobRow>(
          'select status, progress, attempts, max_attempts, last_error from jobs where id = $1',
          [jobId],
        )
      )[0]!;

    // Running, with progress, and an ffmpeg at work under one of the workers.
    await waitFor(
      'the transcode running with progress',
      jobRow,
      (row) => row.status === 'running' && row.progress > 0,
      300_000,
    );
    const [victim, survivor] = await waitFor(
      'the worker running ffmpeg',
      () => {
        const processes = listProcesses();
        const busy = site.cluster.workers.filter((worker) => ffmpegUnder(worker, processes).length > 0);
        return busy.length === 1 ? [busy[0]!, site.cluster.workers.find((w) => w !== busy[0])!] : [];
      },
      (found) => found.length === 2,
      120_000,
    );
    const victimPid = victim!.pid!;
    const survivorPid = survivor!.pid!;
    // Everything the worker started: its sandboxed children and their ffmpeg.
    const orphansToBe = descendantsOf(victimPid);
    const ffmpegBefore = orphansToBe.filter((entry) => entry.command.startsWith('ffmpeg'));
    const before = await jobRow();
    figure(
      SUITE,
      'progress when killed',
      `${before.progress} % (attempt ${before.attempts} of ${before.max_attempts})`,
    );
    figure(
      SUITE,
      'processes under the killed worker',
      `${orphansToBe.length} (${ffmpegBefore.length} ffmpeg)`,
    );

    figure(
      SUITE,
      'BullMQ lock / stalled check',
      `${LOCK_DURATION_MS / 1000} s / ${STALLED_INTERVAL_MS / 1000} s`,
    );
    const killedAt = performance.now();
    process.kill(victimPid, 'SIGKILL');
    figure(SUITE, 'time to the kill (from the enqueue)', ms(killedAt - started));

    // The killed worker's children see it go and stop their ffmpeg: nothing of it keeps running.
    const left = await waitFor(
      "the killed worker's processes ending",
      () => orphansToBe.filter((entry) => isRunning(entry.pid)),
      (running) => running.length === 0,
      30_000,
    ).catch(() => orphansToBe.filter((entry) => isRunning(entry.pid)));
    figure(SUITE, 'processes of the killed worker left running', left.length);
    expect(left, JSON.stringify(left)).toEqual([]);

    // Another worker takes the job over: a new attempt, running, with an ffmpeg under it.
    const takenOver = await waitFor(
      'another worker taking the job over',
      async () => ({ row: await jobRow(), processes: listProcesses() }),
      ({ row, processes }) =>
        row.attempts > before.attempts &&
        (row.status === 'done' ||
          site.cluster.workers.some(
            (worker) => worker.pid !== victimPid && ffmpegUnder(worker, processes).length > 0,
          )),
      240_000,
    );
    const takenOverAt = performance.now();
    const runner = site.cluster.workers.find(
      (worker) => worker.pid !== victimPid && ffmpegUnder(worker, takenOver.processes).length > 0,
    );
    figure(SUITE, 'time from the kill until another worker took it over', ms(takenOverAt - killedAt));
    figure(
      SUITE,
      'taken over by',
      runner === undefined
        ? 'a worker (it had finished when looked at)'
        : runner.pid === survivorPid
          ? 'the other worker'
          : 'the killed worker, restarted by its supervisor',
    );

    const finished = await waitFor(
      'the transcode finishing',
      jobRow,
      (row) => row.status === 'done' || row.status === 'failed',
      420_000,
    );
    const total = performance.now() - started;
    figure(SUITE, 'total time from the enqueue until the video was ready', ms(total));
    figure(SUITE, 'attempts used', `${finished.attempts} of ${finished.max_attempts}`);
    expect(finished, JSON.stringify(finished)).toMatchObject({ status: 'done' });
    expect(finished.attempts).toBe(before.attempts + 1);
    const [video] = await site.sql<{ status: string }>('select status from videos where id = $1', [videoId]);
    expect(video?.status).toBe('ready');
    // No ffmpeg of this transcode runs any more anywhere.
    const stillTranscoding = site.cluster.workers.flatMap((worker) => ffmpegUnder(worker, listProcesses()));
    expect(stillTranscoding).toEqual([]);

    // A member plays it through the API: master playlist, a variant, a segment.
    const member = await signUp(site.url, 'viewer');
    const details = await call(
      site.url,
      'GET',
      pathWith(CatalogEndpoints.movieDetails.path, { id: titleId }),
      {
        token: member.token,
      },
    );
    expect(details.status, details.text).toBe(200);
    const signed = details.body.data.video_links[0]?.url as string | undefined;
    expect(signed, JSON.stringify(details.body.data.video_links)).toMatch(/^\/media\/s\/.+\/master\.m3u8$/);
    const masterUrl = `${site.url}${signed}`;
    const master = await fetch(masterUrl);
    const masterText = await master.text();
    expect(master.status, masterText).toBe(200);
    const variants = playlistUris(masterText, masterUrl);
    expect(variants.length).toBeGreaterThan(0);
    const variantUrl = variants[variants.length - 1]!;
    const variant = await fetch(variantUrl);
    const variantText = await variant.text();
    expect(variant.status, variantText).toBe(200);
    expect(variantText).toContain('#EXT-X-ENDLIST');
    const segments = playlistUris(variantText, variantUrl);
    const init = initSectionUri(variantText, variantUrl);
    if (init) expect((await fetch(init)).status).toBe(200);
    const segment = await fetch(segments[segments.length - 1]!);
    const bytes = new Uint8Array(await segment.arrayBuffer());
    expect(segment.status).toBe(200);
    const format = segmentFormat(bytes);
    expect(format).not.toBe('unknown');
    figure(
      SUITE,
      'playback as a member',
      `master 200 with ${variants.length} renditions, last rendition ${segments.length} segments, its last segment ${bytes.length} bytes of ${format}`,
    );
  });
});
