import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { AdminMediaEndpoints, AdminMediaPaths, API_BASE, pathWith } from '@reeltime/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../src/db/connection';
import { insertTitle } from '../src/media/media.fixtures';
import { call, signUpAdmin, type Member } from './harness/client';
import { makeClip } from './harness/clip';
import { profile } from './harness/profile';
import { figure } from './harness/report';
import { SCALE_BALANCER, startScaleSite, type ScaleSite } from './harness/site';

/**
 * A resumable (tus) upload whose requests land on different API processes: created on process 1,
 * its pieces sent alternately to processes 2 and 3, its offset asked of process 1, and the same
 * piece sent to two processes at once. The upload lock is shared through Redis (decision 0022),
 * so one request writes and the other is refused, and the finished file is the source, byte for
 * byte. The site starts without a worker: the transcode waits for one, then runs on it.
 */
const SUITE = 'uploads';
const UPLOADS = `${API_BASE}${AdminMediaPaths.uploads}`;
const PIECES = profile.name === 'ci' ? 6 : 12;
const CLIP =
  profile.name === 'ci' ? { seconds: 6, width: 640, height: 360 } : { seconds: 20, width: 1280, height: 720 };

let site: ScaleSite;
let admin: Member;
let db: Db;
let redis: Redis;
let titleId: number;
let folder: string;
let clip: Buffer;
const api = (index: number) => site.apiUrl(index);
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

beforeAll(async () => {
  folder = mkdtempSync(path.join(tmpdir(), 'reeltime-uploads-'));
  site = await startScaleSite({ api: 3, workers: 0 });
  admin = await signUpAdmin(api(0), site.sql);
  db = createDb(site.databaseUrl).db;
  titleId = await insertTitle(db, { is_published: 0 });
  redis = new Redis(site.redisUrl, { maxRetriesPerRequest: 1 });
  clip = readFileSync(await makeClip(folder, CLIP));
});
afterAll(async () => {
  redis?.disconnect();
  await db?.destroy();
  await site?.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

const tusHeaders = (extra: Record<string, string> = {}) => ({
  'tus-resumable': '1.0.0',
  authorization: `Bearer ${admin.token}`,
  ...extra,
});
const metadata = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');

/** Creates an upload of `size` bytes on `base`; returns its path (tus answers relative Locations). */
async function createUpload(base: string, size: number): Promise<{ location: string; id: string }> {
  const res = await fetch(`${base}${UPLOADS}`, {
    method: 'POST',
    headers: tusHeaders({
      'upload-length': String(size),
      'upload-metadata': metadata({ filename: 'scale.mp4', title_id: String(titleId) }),
    }),
  });
  expect(res.status, await res.text()).toBe(201);
  const location = res.headers.get('location')!;
  expect(location).toMatch(new RegExp(`^${UPLOADS}/[0-9a-f]{32}$`));
  return { location, id: location.slice(location.lastIndexOf('/') + 1) };
}

async function offsetOf(base: string, location: string): Promise<number> {
  const res = await fetch(`${base}${location}`, { method: 'HEAD', headers: tusHeaders() });
  expect(res.status).toBe(200);
  return Number(res.headers.get('upload-offset'));
}

interface PatchAnswer {
  status: number;
  offset: number | null;
  body: string;
}

/** A PATCH of `body` at `offset`; status 0 when no answer came. */
async function patch(
  base: string,
  location: string,
  offset: number,
  body: Uint8Array | ReadableStream<Uint8Array>,
): Promise<PatchAnswer> {
  try {
    const res = await fetch(`${base}${location}`, {
      method: 'PATCH',
      headers: tusHeaders({
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
      }),
      body,
      duplex: 'half',
      signal: AbortSignal.timeout(120_000),
    } as RequestInit);
    const offsetHeader = res.headers.get('upload-offset');
    return { status: res.status, offset: offsetHeader ? Number(offsetHeader) : null, body: await res.text() };
  } catch (error) {
    return { status: 0, offset: null, body: String(error) };
  }
}

/** `bytes` sent slowly (16 KB every 25 ms), so that the request holds the upload's lock a while. */
function trickle(bytes: Uint8Array): ReadableStream<Uint8Array> {
  const pieceBytes = 16 * 1024;
  let at = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (at >= bytes.length) {
        controller.close();
        return;
      }
      await sleep(25);
      controller.enqueue(bytes.subarray(at, at + pieceBytes));
      at += pieceBytes;
    },
  });
}

/** Resolves once some process holds the upload's lock in Redis. */
async function lockHeld(id: string): Promise<void> {
  const key = `${site.redisPrefix}upload-lock:${id}`;
  const deadline = Date.now() + 30_000;
  while ((await redis.exists(key)) === 0) {
    if (Date.now() > deadline) throw new Error(`no process took the lock of upload ${id} within 30 s`);
    await sleep(5);
  }
}

/**
 * The same offset written on two processes at once: `first` (sent slowly, to process 2) holds the
 * lock when `second` (to process 3) arrives and asks it to let go.
 */
async function race(location: string, id: string, offset: number, first: Uint8Array, second: Uint8Array) {
  const slow = patch(api(1), location, offset, trickle(first));
  await lockHeld(id);
  const late = await patch(api(2), location, offset, second);
  return { first: await slow, second: late };
}

/** tus's answers to the request that lost: the offset moved (409) or it was asked to let go (400). */
const LOST = [400, 409];
let conflicts = 0;

describe(`a tus upload across three API processes${SCALE_BALANCER === 'nginx' ? ', through nginx' : ''}`, () => {
  it('lets one of two concurrent PATCHes write and refuses the other, never mixing their bytes', async () => {
    const length = Math.min(512 * 1024, Math.floor(clip.length / 2));
    const real = clip.subarray(0, length);
    const other = Buffer.from(real).map((byte) => byte ^ 0xff);
    const { location, id } = await createUpload(api(0), clip.length);
    const { first, second } = await race(location, id, 0, real, other);

    const statuses = [first.status, second.status];
    expect(
      statuses.filter((status) => status === 204),
      JSON.stringify([first, second]),
    ).toHaveLength(1);
    const loser = first.status === 204 ? second : first;
    expect(LOST, loser.body).toContain(loser.status);
    conflicts++;
    figure(SUITE, 'concurrent PATCHes (2 processes, same offset)', `${first.status} and ${second.status}`);

    // What is on disk is exactly the winner's bytes, whatever the timing was.
    expect(await offsetOf(api(0), location)).toBe(length);
    const written = readFileSync(path.join(site.dataDir, 'uploads', id)).subarray(0, length);
    const winner = first.status === 204 ? real : other;
    expect(sha256(written)).toBe(sha256(winner));
  });

  it('takes a real video in pieces on alternating processes, resuming from the offset another reports', async () => {
    const { location, id } = await createUpload(api(0), clip.length);
    const pieceBytes = Math.ceil(clip.length / PIECES);
    let offset = 0;
    let piece = 0;
    let sentBytes = 0;
    let sendingMs = 0;
    let finishingMs = 0;
    let finished: PatchAnswer | undefined;
    while (offset < clip.length) {
      const bytes = clip.subarray(offset, offset + pieceBytes);
      if (piece === 1) {
        // A client retrying a piece whose answer it did not see, while the first try still runs.
        const { first, second } = await race(location, id, offset, bytes, bytes);
        const answers = [first, second];
        expect(answers.filter((answer) => answer.status === 204)).toHaveLength(1);
        expect(LOST).toContain(answers.find((answer) => answer.status !== 204)!.status);
        conflicts++;
      } else {
        const started = performance.now();
        const answer = await patch(api(1 + (piece % 2)), location, offset, bytes);
        const tookMs = performance.now() - started;
        const last = offset + bytes.length === clip.length;
        // The last PATCH also has the file probed and accepted: timed on its own.
        if (last) finishingMs = tookMs;
        else {
          sendingMs += tookMs;
          sentBytes += bytes.length;
        }
        expect(answer.status, answer.body).toBe(last ? 200 : 204);
        if (last) finished = answer;
        else expect(answer.offset).toBe(offset + bytes.length);
      }
      piece++;
      // Where to go on, as a resuming client asks it: of process 1, which took no piece.
      offset = offset + bytes.length === clip.length ? clip.length : await offsetOf(api(0), location);
      expect(offset).toBeGreaterThan(0);
    }
    figure(SUITE, 'video uploaded', `${(clip.length / 1024 / 1024).toFixed(2)} MB in ${piece} pieces`);
    figure(
      SUITE,
      'upload rate (pieces but the last, sent to processes 2 and 3)',
      `${(sentBytes / 1024 / 1024 / (sendingMs / 1000)).toFixed(1)} MB/s`,
    );
    figure(SUITE, 'lock conflicts seen (refused PATCHes)', conflicts);
    figure(SUITE, 'last PATCH (write, ffprobe, accept)', `${finishingMs.toFixed(0)} ms`);

    const result = JSON.parse(finished!.body) as { data: { video_id: number; job_id: number } };
    const [video] = await site.sql<{ source_path: string }>('select source_path from videos where id = $1', [
      result.data.video_id,
    ]);
    expect(sha256(readFileSync(video!.source_path))).toBe(sha256(clip));

    // No API process runs jobs: the transcode waits until a worker starts, then runs there.
    await sleep(3_000);
    const [queued] = await site.sql<{ status: string }>('select status from jobs where id = $1', [
      result.data.job_id,
    ]);
    expect(queued!.status).toBe('queued');
    const started = performance.now();
    await site.cluster.addWorker();
    const deadline = Date.now() + 5 * 60_000;
    let state: { status: string; job: { state: string } | null } | undefined;
    for (;;) {
      const answer = await call(
        site.url,
        'GET',
        pathWith(AdminMediaEndpoints.detail.path, { id: result.data.video_id }),
        {
          token: admin.token,
        },
      );
      expect(answer.status).toBe(200);
      state = answer.body.data;
      // The video is ready a moment before its job row says done: wait for the job to end.
      const ended = ['done', 'failed', 'cancelled'].includes(state!.job?.state ?? '');
      if (ended || state!.status === 'failed' || Date.now() > deadline) break;
      await sleep(500);
    }
    expect(state).toMatchObject({ status: 'ready', job: { state: 'done' } });
    figure(
      SUITE,
      'from the worker’s launch to the transcode done',
      `${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  });
});
