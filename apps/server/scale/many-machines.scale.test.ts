import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { API_BASE, CatalogEndpoints, pathWith, ProfileEndpoints } from '@reeltime/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveMediaTools } from '../src/media/media-tools';
import { call, signUp, signUpAdmin, type Member } from './harness/client';
import { makeClip } from './harness/clip';
import { initSectionUri, playlistUris, segmentFormat, tamperedSignature } from './harness/hls';
import { startManyMachinesSite, type ManyMachinesSite } from './harness/machines';
import { figure, ms } from './harness/report';

/**
 * The site as it runs on several hosts: two API processes and a worker, each with a DATA_DIR of
 * its own, sharing nothing but PostgreSQL, Redis and a bucket on Ceph's RADOS Gateway, behind
 * nginx. Media written through one process must be read through the other, and losing the
 * gateway must be visible, clear and recoverable without restarting anything.
 */
const SUITE = 'many-machines';

let site: ManyMachinesSite;
let admin: Member;
let scratch: string;
const api = (index: number) => site.apiUrl(index);

beforeAll(async () => {
  scratch = mkdtempSync(path.join(tmpdir(), 'reeltime-many-machines-'));
  const started = performance.now();
  site = await startManyMachinesSite({ apis: 2, workers: 1 });
  figure(SUITE, 'site up (Ceph RGW, 2 API processes, 1 worker, nginx)', ms(performance.now() - started));
  admin = await signUpAdmin(api(0), site.sql);
});

afterAll(async () => {
  await site?.close();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

/** Every file under a folder, as paths relative to it. */
function filesUnder(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { recursive: true, encoding: 'utf8' }).filter((name) =>
    statSync(path.join(folder, name)).isFile(),
  );
}

/** A small PNG made by ffmpeg, as a member's avatar would be. */
function makePng(name: string): string {
  const { tools } = resolveMediaTools({}, process.env);
  const file = path.join(scratch, name);
  execFileSync(tools.ffmpegPath, [
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    'testsrc=s=96x96',
    '-frames:v',
    '1',
    file,
  ]);
  return file;
}

async function uploadAvatar(base: string, member: Member, file: string): Promise<Response> {
  const form = new FormData();
  form.set('first_name', 'Many');
  form.set('last_name', 'Machines');
  form.set('email', member.email);
  form.set('file_url', new Blob([readFileSync(file)], { type: 'image/png' }), path.basename(file));
  return fetch(`${base}${API_BASE}${ProfileEndpoints.updateProfile.path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${member.token}` },
    body: form,
    signal: AbortSignal.timeout(30_000),
  });
}

const TUS = '1.0.0';
const b64 = (text: string) => Buffer.from(text).toString('base64');

/**
 * A console upload (tus) whose pieces go to the API processes in turn: created on the first,
 * each PATCH sent to the next one, so every piece continues what another machine received.
 */
async function uploadInPieces(file: string, titleId: number, pieceBytes: number) {
  const bytes = readFileSync(file);
  const headers = { authorization: `Bearer ${admin.token}`, 'tus-resumable': TUS };
  const created = await fetch(`${api(0)}${API_BASE}/admin/uploads`, {
    method: 'POST',
    headers: {
      ...headers,
      'upload-length': String(bytes.length),
      'upload-metadata': `filename ${b64(path.basename(file))},title_id ${b64(String(titleId))}`,
    },
  });
  expect(created.status, await created.clone().text()).toBe(201);
  const uploadPath = new URL(created.headers.get('location')!, api(0)).pathname;
  const pieces: Array<{ process: number; bytes: number }> = [];
  let offset = 0;
  let last: Response | undefined;
  while (offset < bytes.length) {
    const process = (pieces.length + 1) % 2;
    const piece = bytes.subarray(offset, offset + pieceBytes);
    last = await fetch(`${api(process)}${uploadPath}`, {
      method: 'PATCH',
      headers: {
        ...headers,
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
      },
      body: piece,
      signal: AbortSignal.timeout(120_000),
    });
    const text = await last.clone().text();
    expect([200, 204], `PATCH at ${offset} on process ${process + 1}: ${last.status} ${text}`).toContain(
      last.status,
    );
    offset = Number(last.headers.get('upload-offset'));
    pieces.push({ process: process + 1, bytes: piece.length });
  }
  const body = (await last!.json()) as { data: { video_id: number } };
  return { videoId: body.data.video_id, pieces };
}

async function untilReady(videoId: number): Promise<{ states: string[]; ms: number }> {
  const started = performance.now();
  const states: string[] = [];
  while (performance.now() - started < 300_000) {
    const view = await call(api(1), 'GET', `/admin/videos/${videoId}`, { token: admin.token });
    expect(view.status, view.text).toBe(200);
    const status = view.body.data.status as string;
    if (states.at(-1) !== status) states.push(status);
    if (status === 'ready' || status === 'failed') return { states, ms: performance.now() - started };
    await sleep(250);
  }
  throw new Error(`video ${videoId} not transcoded within 300 s: ${states.join(' → ')}`);
}

/**
 * Plays a title's stream through one API process as a player would: master, first variant, its
 * init section and first segment. Returns how the first segment was delivered.
 */
async function play(base: string, signedMaster: string) {
  const masterUrl = `${base}${signedMaster}`;
  const master = await fetch(masterUrl);
  const masterText = await master.text();
  expect(master.status, masterText).toBe(200);
  const [variantUrl] = playlistUris(masterText, masterUrl);
  const variant = await fetch(variantUrl!);
  const variantText = await variant.text();
  expect(variant.status, variantText).toBe(200);
  const init = initSectionUri(variantText, variantUrl!);
  if (init) expect((await fetch(init)).status).toBe(200);
  const [segmentUrl] = playlistUris(variantText, variantUrl!);
  const started = performance.now();
  const direct = await fetch(segmentUrl!, { redirect: 'manual' });
  const redirectedTo = direct.status === 302 ? direct.headers.get('location') : null;
  const segment = redirectedTo ? await fetch(redirectedTo) : direct;
  const bytes = new Uint8Array(await segment.arrayBuffer());
  const firstSegmentMs = performance.now() - started;
  expect(segment.status).toBe(200);
  expect(segmentFormat(bytes)).not.toBe('unknown');
  return { status: direct.status, redirectedTo, bytes: bytes.length, firstSegmentMs };
}

async function createTitle(name: string): Promise<number> {
  const created = await call(api(0), 'POST', '/admin/titles', {
    token: admin.token,
    body: { type: 'movie', name, is_free: true, is_published: true },
  });
  expect(created.status, created.text).toBe(201);
  return created.body.data.id as number;
}

async function signedMasterOf(titleId: number, viewer: Member): Promise<string> {
  const details = await call(api(1), 'GET', pathWith(CatalogEndpoints.movieDetails.path, { id: titleId }), {
    token: viewer.token,
  });
  expect(details.status, details.text).toBe(200);
  const signed = details.body.data.video_links[0]?.url as string | undefined;
  expect(signed).toMatch(/^\/media\/s\/.+\/master\.m3u8$/);
  return signed!;
}

const localMediaFiles = () =>
  [...site.apis, ...site.workers].flatMap((machine) =>
    filesUnder(path.join(machine.dataDir, 'media')).map((name) => `${machine.name}:${name}`),
  );

describe('many machines: two API processes and a worker with their own disks, one bucket on Ceph RGW, behind nginx', () => {
  let member: Member;
  let avatarUrl: string;
  let titleId: number;
  let videoId: number;

  it('serves an avatar uploaded through process 1 from process 2, kept in the bucket and on no disk', async () => {
    member = await signUp(api(0), 'avatar');
    const saved = await uploadAvatar(api(0), member, makePng('avatar.png'));
    const body = (await saved.json()) as { data: { profile_image: string } };
    expect(saved.status, JSON.stringify(body)).toBe(200);
    avatarUrl = body.data.profile_image;
    expect(avatarUrl).toMatch(/^\/media\/uploads\//);
    const key = avatarUrl.replace(/^\/media\//, '');
    expect(await site.objectKeys(key)).toEqual([key]);
    const served = await fetch(`${api(1)}${avatarUrl}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toMatch(/^image\//);
    expect(served.headers.get('cache-control')).toContain('max-age=31536000');
    expect(localMediaFiles()).toEqual([]);
    figure(SUITE, 'avatar written through process 1, read through process 2', `${served.status}`);
  });

  it('takes a console upload in pieces sent to both processes, has the worker transcode it, and plays it through both', async () => {
    titleId = await createTitle('Many Machines Clip');
    const clip = await makeClip(scratch, { seconds: 6, width: 640, height: 360 });
    const size = statSync(clip).size;
    const started = performance.now();
    const uploaded = await uploadInPieces(clip, titleId, Math.ceil(size / 3));
    const uploadMs = performance.now() - started;
    videoId = uploaded.videoId;
    figure(
      SUITE,
      'tus upload in pieces',
      `${size} bytes as ${uploaded.pieces.map((piece) => `${piece.bytes} B to process ${piece.process}`).join(', ')}, ${ms(uploadMs)}`,
    );
    expect(new Set(uploaded.pieces.map((piece) => piece.process))).toEqual(new Set([1, 2]));

    const transcode = await untilReady(videoId);
    figure(SUITE, 'transcode by the worker', `${transcode.states.join(' → ')}, ${ms(transcode.ms)}`);
    expect(transcode.states.at(-1)).toBe('ready');
    expect(
      (await site.objectKeys(`private/videos/${videoId}/`)).some((key) => key.endsWith('master.m3u8')),
    ).toBe(true);
    // The uploaded source was the worker's to discard; nothing of the upload stays in the bucket.
    expect(await site.objectKeys('private/uploads/')).toEqual([]);
    expect(localMediaFiles()).toEqual([]);

    const viewer = await signUp(api(0), 'viewer');
    const signed = await signedMasterOf(titleId, viewer);
    for (const index of [0, 1]) {
      const played = await play(api(index), signed);
      expect(played.status).toBe(200);
      figure(
        SUITE,
        `proxy delivery through process ${index + 1}`,
        `first segment ${played.bytes} bytes in ${ms(played.firstSegmentMs)}`,
      );
    }
    expect((await fetch(`${api(1)}${tamperedSignature(signed)}`)).status).toBe(403);
  });

  it('redirects segments to short-lived presigned URLs of the gateway with MEDIA_DELIVERY=redirect, on both processes', async () => {
    await site.restartApis({ MEDIA_DELIVERY: 'redirect' });
    const viewer = await signUp(api(0), 'redirect');
    const signed = await signedMasterOf(titleId, viewer);
    for (const index of [0, 1]) {
      const played = await play(api(index), signed);
      expect(played.status).toBe(302);
      expect(played.redirectedTo?.startsWith(site.s3Endpoint)).toBe(true);
      figure(
        SUITE,
        `redirect delivery through process ${index + 1}`,
        `302 to the gateway, first segment ${played.bytes} bytes in ${ms(played.firstSegmentMs)}`,
      );
      const url = new URL(played.redirectedTo!);
      const signature = url.searchParams.get('X-Amz-Signature')!;
      url.searchParams.set('X-Amz-Signature', `${signature[0] === 'a' ? 'b' : 'a'}${signature.slice(1)}`);
      expect((await fetch(url)).status).toBe(403);
      url.search = '';
      expect((await fetch(url)).status).toBe(403);
    }
    await site.restartApis({});
  });

  it('deletes every object of a title when the title is deleted', async () => {
    const before = await site.objectKeys(`private/videos/${videoId}/`);
    expect(before.length).toBeGreaterThan(0);
    const removed = await call(api(1), 'DELETE', `/admin/titles/${titleId}`, { token: admin.token });
    expect(removed.status, removed.text).toBe(200);
    let left = await site.objectKeys(`private/videos/${videoId}/`);
    for (let tries = 0; left.length > 0 && tries < 40; tries++) {
      await sleep(250);
      left = await site.objectKeys(`private/videos/${videoId}/`);
    }
    figure(SUITE, 'objects of the deleted title', `${before.length} before, ${left.length} after`);
    expect(left).toEqual([]);
  });

  it('answers 503 for media and uploads while the gateway is down, says so on /readyz, and recovers without a restart', async () => {
    const pids = [...site.apis, ...site.workers].map((machine) => machine.pid);
    const target = await createTitle('Uploaded While The Gateway Is Down');
    await site.killGateway();
    try {
      for (const index of [0, 1]) {
        const media = await fetch(`${api(index)}${avatarUrl}`, { signal: AbortSignal.timeout(30_000) });
        const body = (await media.json()) as { status: boolean; message: string };
        expect(media.status).toBe(503);
        expect(body.status).toBe(false);
        expect(body.message.length).toBeGreaterThan(0);

        const upload = await fetch(`${api(index)}${API_BASE}/admin/uploads`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${admin.token}`,
            'tus-resumable': TUS,
            'upload-length': '1000',
            'upload-metadata': `filename ${b64('x.mp4')},title_id ${b64(String(target))}`,
          },
          signal: AbortSignal.timeout(30_000),
        });
        const refused = (await upload.json()) as { status: boolean; message: string };
        expect(upload.status).toBe(503);
        expect(refused.status).toBe(false);
        expect(refused.message).toMatch(/storage/i);

        // Degraded, not down: the catalog is still served from the database.
        const ready = await fetch(`${api(index)}/readyz`);
        const readiness = ((await ready.json()) as { data: { status: string; media?: string } }).data;
        expect(ready.status).toBe(200);
        expect(readiness).toMatchObject({ status: 'degraded', media: 'down' });
        figure(
          SUITE,
          `gateway down, process ${index + 1}`,
          `media ${media.status}, upload ${upload.status}, /readyz ${readiness.status}`,
        );
      }
    } finally {
      await site.startGateway();
    }
    const started = performance.now();
    for (const index of [0, 1]) {
      let status = 0;
      while (performance.now() - started < 60_000) {
        status = (await fetch(`${api(index)}${avatarUrl}`)).status;
        const ready = ((await (await fetch(`${api(index)}/readyz`)).json()) as { data: { media?: string } })
          .data;
        if (status === 200 && ready.media === 'up') break;
        await sleep(200);
      }
      expect(status).toBe(200);
    }
    figure(SUITE, 'back to serving after the gateway returned', ms(performance.now() - started));
    expect([...site.apis, ...site.workers].map((machine) => machine.pid)).toEqual(pids);
  });
});
