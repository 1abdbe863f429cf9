import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  API_BASE,
  AuthEndpoints,
  CatalogEndpoints,
  pathWith,
  ServerMessages,
  WatchlistEndpoints,
} from '@reeltime/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn, signUp, signUpAdmin, type Member } from './harness/client';
import { makeClip } from './harness/clip';
import { initSectionUri, playlistUris, segmentFormat, tamperedSignature } from './harness/hls';
import { figure, ms } from './harness/report';
import { uploadVideo } from './harness/tus-upload';
import { SCALE_BALANCER, startScaleSite, type ScaleSite } from './harness/site';

/**
 * One site of three API processes and a worker; every request goes to a chosen process directly,
 * so each check shows that what one process did is known to another.
 */
const SUITE = 'cross-process';
/** The login limit of this site: low, so that ten attempts reach it. */
const AUTH_LIMIT = 10;

let site: ScaleSite;
let admin: Member;
let clipFolder: string;
const api = (index: number) => site.apiUrl(index);

beforeAll(async () => {
  clipFolder = mkdtempSync(path.join(tmpdir(), 'reeltime-cross-process-'));
  site = await startScaleSite({
    api: 3,
    workers: 1,
    env: {
      RATE_LIMIT_AUTH_MAX: String(AUTH_LIMIT),
      RATE_LIMIT_AUTH_WINDOW_SECONDS: '600',
      // As behind a balancer: the client's address comes from X-Forwarded-For (set below by the
      // test itself, or by nginx).
      TRUST_PROXY: 'true',
      // Far longer than any wait below: a change seen elsewhere proves the invalidation reached it.
      CATALOG_CACHE_SECONDS: '600',
    },
  });
  // This suite's own sign-ins come from 127.0.0.1 (five logins and three sign-ups in all, under
  // the limit); the rate-limit test counts attempts under addresses of its own.
  admin = await signUpAdmin(api(0), site.sql);
});

afterAll(async () => {
  await site?.close();
  if (clipFolder) rmSync(clipFolder, { recursive: true, force: true });
});

const watchList = (index: number, token: string) =>
  call(api(index), 'GET', WatchlistEndpoints.list.path, { token });

async function createTitle(name: string): Promise<number> {
  const created = await call(api(0), 'POST', '/admin/titles', {
    token: admin.token,
    body: { type: 'movie', name, is_free: true, is_published: true },
  });
  expect(created.status, created.text).toBe(201);
  return created.body.data.id as number;
}

/** A login attempt with a wrong password, counted under `address` (the processes trust X-Forwarded-For). */
async function failedLogin(base: string, address: string): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${base}${API_BASE}${AuthEndpoints.login.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify({ email: 'nobody@example.com', password: 'wrong-password' }),
    signal: AbortSignal.timeout(15_000),
  });
  return { status: res.status, body: await res.json().catch(() => undefined) };
}

/**
 * Polls the console's view of a video on process `index` until its transcode ends; returns the
 * states it went through (with the job's progress while it ran) and how long it took.
 */
async function followTranscode(index: number, videoId: number): Promise<{ states: string[]; ms: number }> {
  const started = performance.now();
  const states: string[] = [];
  while (performance.now() - started < 300_000) {
    const view = await call(api(index), 'GET', `/admin/videos/${videoId}`, { token: admin.token });
    expect(view.status, view.text).toBe(200);
    const { status, job } = view.body.data as { status: string; job: { progress: number } | null };
    const state = status === 'processing' && job ? `processing ${Math.round(job.progress)}%` : status;
    if (states.at(-1) !== state) states.push(state);
    if (status === 'ready' || status === 'failed') return { states, ms: performance.now() - started };
    await sleep(250);
  }
  throw new Error(`video ${videoId} not transcoded within 300 s: ${states.join(' → ')}`);
}

/** Milliseconds until `check` is true, polling as fast as the process answers; throws after `limitMs`. */
async function timeUntil(check: () => Promise<boolean>, limitMs = 10_000): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < limitMs) {
    if (await check()) return performance.now() - started;
  }
  throw new Error(`not seen within ${limitMs} ms`);
}

describe(`cross-process: three API processes and a worker on one PostgreSQL and Redis${SCALE_BALANCER === 'nginx' ? ', through nginx' : ''}`, () => {
  it('takes a token issued by process 1 on processes 2 and 3, and refuses it on 1 and 3 right after a logout on 2', async () => {
    const member = await signUp(api(0), 'session');
    const session = await signIn(api(0), member.email, member.password);
    for (const index of [1, 2, 1, 2]) {
      // Asked twice each, so every process has verified (and cached) the token before the logout.
      expect((await watchList(index, session.token)).status).toBe(200);
    }
    const out = await call(api(1), 'GET', AuthEndpoints.logout.path, { token: session.token });
    expect(out.status, out.text).toBe(200);
    const after = [await watchList(0, session.token), await watchList(2, session.token)];
    figure(
      SUITE,
      'token after logout on process 2: status on processes 1 and 3',
      after.map((r) => r.status).join(', '),
    );
    expect(after.map((r) => r.status)).toEqual([401, 401]);
    // The member's other session is untouched.
    expect((await watchList(2, member.token)).status).toBe(200);
  });

  it('plays a signed HLS URL handed out by process 1 through process 3, and refuses a tampered one on process 2', async () => {
    const titleId = await createTitle('Cross Process Clip');
    const clip = await makeClip(clipFolder, { seconds: 4, width: 320, height: 240 });
    figure(SUITE, 'clip', `4 s, 320x240, H.264/AAC, ${statSync(clip).size} bytes`);

    // Created on process 1, its bytes sent to process 2; the worker process transcodes it (API
    // processes run no jobs), and the console on process 3 follows it to the end.
    const started = performance.now();
    const uploaded = await uploadVideo({
      createOn: api(0),
      patchOn: api(1),
      token: admin.token,
      file: clip,
      titleId,
    });
    figure(SUITE, 'upload created on process 1, sent to process 2', ms(performance.now() - started));
    const seen = await followTranscode(2, uploaded.videoId);
    figure(
      SUITE,
      'transcode by the worker, followed on process 3',
      `${seen.states.join(' → ')}, ${ms(seen.ms)}`,
    );
    expect(seen.states.at(-1)).toBe('ready');
    const [video] = await site.sql<{ status: string }>('select status from videos where id = $1', [
      uploaded.videoId,
    ]);
    expect(video?.status).toBe('ready');

    const viewer = await signUp(api(0), 'viewer');
    const details = await call(api(0), 'GET', pathWith(CatalogEndpoints.movieDetails.path, { id: titleId }), {
      token: viewer.token,
    });
    expect(details.status, details.text).toBe(200);
    const signed = details.body.data.video_links[0]?.url as string | undefined;
    expect(signed, JSON.stringify(details.body.data.video_links)).toMatch(/^\/media\/s\/.+\/master\.m3u8$/);

    const masterUrl = `${api(2)}${signed}`;
    const master = await fetch(masterUrl);
    const masterText = await master.text();
    expect(master.status, masterText).toBe(200);
    expect(masterText.startsWith('#EXTM3U')).toBe(true);
    expect(masterText).toContain('#EXT-X-STREAM-INF');
    const [variantUrl] = playlistUris(masterText, masterUrl);
    expect(variantUrl).toBeDefined();

    const variant = await fetch(variantUrl!);
    const variantText = await variant.text();
    expect(variant.status, variantText).toBe(200);
    expect(variantText.startsWith('#EXTM3U')).toBe(true);
    expect(variantText).toContain('#EXTINF');
    const segments = playlistUris(variantText, variantUrl!);
    expect(segments.length).toBeGreaterThan(0);
    const init = initSectionUri(variantText, variantUrl!);
    if (init) expect((await fetch(init)).status).toBe(200);

    const segment = await fetch(segments[0]!);
    const bytes = new Uint8Array(await segment.arrayBuffer());
    expect(segment.status).toBe(200);
    const format = segmentFormat(bytes);
    figure(
      SUITE,
      'HLS through process 3',
      `master 200, variant 200 (${segments.length} segments), first segment ${bytes.length} bytes of ${format}`,
    );
    expect(format).not.toBe('unknown');

    const tampered = await fetch(`${api(1)}${tamperedSignature(signed!)}`);
    figure(SUITE, 'tampered signature on process 2', tampered.status);
    expect(tampered.status).toBe(403);
  });

  it('shows a title renamed on one process on the other two within a second', async () => {
    const titleId = await createTitle('Rename Me');
    const detailsPath = pathWith(CatalogEndpoints.movieDetails.path, { id: titleId });
    const nameOn = async (index: number) => (await call(api(index), 'GET', detailsPath)).body?.data?.name;
    const delays: number[] = [];
    for (let round = 0; round < 6; round++) {
      const editor = round % 3;
      const others = [0, 1, 2].filter((index) => index !== editor);
      // Read twice on every process first, so each holds the old name in Redis and its first level.
      for (const index of [0, 1, 2, 0, 1, 2]) expect(await nameOn(index)).not.toBe(`Renamed ${round}`);
      const edited = await call(api(editor), 'PATCH', `/admin/titles/${titleId}`, {
        token: admin.token,
        body: { name: `Renamed ${round}` },
      });
      expect(edited.status, edited.text).toBe(200);
      const seen = await Promise.all(
        others.map((index) => timeUntil(async () => (await nameOn(index)) === `Renamed ${round}`)),
      );
      figure(
        SUITE,
        `rename on process ${editor + 1} seen on processes ${others.map((i) => i + 1).join(' and ')} after`,
        seen.map(ms).join(' and '),
      );
      delays.push(...seen);
    }
    figure(
      SUITE,
      'catalog edit seen elsewhere: every delay',
      delays.map((d) => d.toFixed(0)).join(', ') + ' ms',
    );
    figure(SUITE, 'catalog edit seen elsewhere: longest', ms(Math.max(...delays)));
    for (const delay of delays) expect(delay).toBeLessThan(1000);
  });

  // One login limit for the whole site, checked the way this run reaches it: on the cluster's
  // processes with the client's address in X-Forwarded-For, or through nginx, which sets it.
  const loginLimit =
    SCALE_BALANCER === 'nginx'
      ? {
          title: 'counts failed logins by the address nginx saw, whatever X-Forwarded-For the client sent',
          async run() {
            // Each attempt claims another address: counted under it, none would ever reach the limit.
            const statuses: number[] = [];
            for (let attempt = 0; attempt <= AUTH_LIMIT; attempt++) {
              statuses.push((await failedLogin(api(attempt % 3), `203.0.113.${attempt + 1}`)).status);
            }
            figure(
              SUITE,
              `${AUTH_LIMIT + 1} failed logins through nginx, each claiming another address`,
              statuses.join(', '),
            );
            expect(statuses).toContain(429);
            const over = await Promise.all([0, 1, 2].map((index) => failedLogin(api(index), '198.51.100.1')));
            figure(SUITE, 'then on processes 1, 2 and 3', over.map((one) => one.status).join(', '));
            expect(over.map((one) => one.status)).toEqual([429, 429, 429]);
          },
        }
      : {
          title: 'counts failed logins spread over the three processes against one limit',
          async run() {
            const address = '203.0.113.7';
            const statuses: number[] = [];
            for (let attempt = 0; attempt < AUTH_LIMIT; attempt++) {
              statuses.push((await failedLogin(api(attempt % 3), address)).status);
            }
            figure(SUITE, `${AUTH_LIMIT} failed logins over processes 1, 2, 3, 1…`, statuses.join(', '));
            expect(statuses.filter((status) => status === 429)).toEqual([]);
            const over: number[] = [];
            for (const index of [0, 1, 2]) {
              const limited = await failedLogin(api(index), address);
              over.push(limited.status);
              expect(limited.body).toEqual({ status: false, message: ServerMessages.rateLimited });
            }
            figure(SUITE, 'attempt 11 on processes 1, 2 and 3', over.join(', '));
            expect(over).toEqual([429, 429, 429]);
            // Another address is not limited.
            const other = await failedLogin(api(0), '203.0.113.8');
            figure(SUITE, 'another address', other.status);
            expect(other.status).toBe(statuses[0]);
          },
        };
  it(loginLimit.title, () => loginLimit.run());
});
