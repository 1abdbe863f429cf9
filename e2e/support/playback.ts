import { expect, type APIRequestContext, type Page, type Request } from '@playwright/test';
import Database from 'better-sqlite3';
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { makeClip } from '../../apps/server/src/media/media.fixtures';
import { apiLogin, bearer, getData } from './api';
import { API, DATA_DIR, DATABASE_FILE, DEMO_MEMBER, ROOT } from './env';
import { readyFirst, videosPrepared } from './videos';

const run = promisify(execFile);

/** The clip the playback tests import: long enough to pause at 5 s, large enough for a 720p rung. */
export const CLIP = { seconds: 12, width: 1280, height: 720, fps: 25 } as const;
/** Its file name, which the server keeps as the video's source path (how a re-run finds it). */
const CLIP_FILE_NAME = `reeltime-playback-clip-${CLIP.width}x${CLIP.height}-${CLIP.seconds}s.mp4`;

/** The rendition folders the HLS ladder gives a 720p source (apps/server/src/media/hls.ts). */
export const EXPECTED_RENDITIONS = ['360p', '720p'] as const;

/**
 * A movie of the demo catalog with a public trailer and a full video of 360p and 720p: its demo
 * stream, or the clip imported when it has none.
 */
export interface PlaybackTitle {
  id: number;
  name: string;
  /** The public trailer's URL as the API gives it (`/media/trailers/….mp4`). */
  trailerUrl: string;
  /** The CODECS of the master playlist's variants (`avc1.4d401f,mp4a.40.2`, …). */
  codecs: string[];
}

interface Card {
  id: number;
  name: string;
}

interface Details {
  id: number;
  name: string;
  type: 'movie' | 'tvshow';
  trailer_url: string;
  trailer_url_type: string;
  video_links: Array<{ type: string; url: string }>;
  progress?: { position_seconds: number; duration_seconds: number } | null;
}

/** The member's view of a title (full video links and saved progress), with a member's token. */
export function memberDetails(request: APIRequestContext, titleId: number, token: string): Promise<Details> {
  return getData<Details>(request, `/user/movie-details/${titleId}`, token);
}

/** A visitor's view of a title. */
export function visitorDetails(request: APIRequestContext, titleId: number): Promise<Details> {
  return getData<Details>(request, `/user/movie-details/${titleId}`);
}

/** The operator's import command against the e2e server's data folder; transcodes in its own process. */
async function importMainVideo(file: string, titleId: number): Promise<string> {
  const { stdout } = await run(
    process.execPath,
    [
      '--import',
      'tsx',
      'apps/server/src/cli/media-import.ts',
      file,
      '--title',
      String(titleId),
      '--kind',
      'main',
    ],
    {
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: 'production', DATA_DIR, LOG_LEVEL: 'warn', INIT_CWD: ROOT },
    },
  );
  return stdout;
}

/** The title the clip was imported into by an earlier worker of this run (the data folder is per run). */
function alreadyImported(): number | undefined {
  const db = new Database(DATABASE_FILE, { readonly: true, fileMustExist: true });
  try {
    const row = db
      .prepare(
        "select title_id from videos where kind = 'main' and status = 'ready' and title_id is not null " +
          'and source_path like ? order by id desc limit 1',
      )
      .get(`%${CLIP_FILE_NAME}`) as { title_id: number } | undefined;
    return row?.title_id;
  } finally {
    db.close();
  }
}

/** CODECS attribute of every variant of a master playlist. */
function variantCodecs(master: string): string[] {
  return [...master.matchAll(/^#EXT-X-STREAM-INF:.*CODECS="([^"]+)"/gm)].map((match) => match[1]!);
}

/** Whether a master playlist lists exactly the expected renditions. */
const hasExpectedLadder = (master: string) =>
  EXPECTED_RENDITIONS.every((rendition) => master.includes(`${rendition}/index.m3u8`)) &&
  !master.includes('1080p/');

/**
 * A seeded movie with a public trailer whose full video is a demo stream of 360p and 720p; one
 * without a full video gets the test clip as its full video (HLS: 360p and 720p). An import runs
 * once per server: a later worker finds it again.
 */
export async function preparePlaybackTitle(request: APIRequestContext): Promise<PlaybackTitle> {
  const { token } = await apiLogin(request, DEMO_MEMBER.email, DEMO_MEMBER.password);
  try {
    let titleId = alreadyImported();
    if (titleId === undefined) {
      // From the end of the list: the setup project takes a title from its start.
      const latest = await getData<Card[]>(request, '/user/latest-movie?per_page=20');
      let chosen: Details | undefined;
      let needsClip = false;
      for (const card of readyFirst([...latest].reverse())) {
        if (!(await videosPrepared(card.id))) continue;
        const details = await memberDetails(request, card.id, token);
        if (details.type !== 'movie' || !details.trailer_url) continue;
        const stream = details.video_links.find((link) => link.type === 'hls');
        needsClip = details.video_links.length === 0;
        if (needsClip || (stream && hasExpectedLadder(await (await request.get(stream.url)).text()))) {
          chosen = details;
          break;
        }
      }
      expect(chosen, 'a recent movie with a trailer and a 360p and 720p stream, or none yet').toBeTruthy();
      titleId = chosen!.id;

      if (needsClip) {
        const folder = await mkdtemp(path.join(tmpdir(), 'reeltime-playback-'));
        try {
          const clip = path.join(folder, CLIP_FILE_NAME);
          await makeClip(clip, CLIP);
          const output = await importMainVideo(clip, titleId);
          expect(output, 'the import command finishes the transcode').toMatch(/^Ready in /m);
        } finally {
          await rm(folder, { recursive: true, force: true });
        }
      }
    }

    const details = await memberDetails(request, titleId, token);
    const link = details.video_links.find((item) => item.type === 'hls');
    expect(link?.url, 'members get the signed HLS stream').toMatch(/^\/media\/s\/.+\/master\.m3u8$/);
    const master = await request.get(link!.url);
    expect(master.status()).toBe(200);
    const text = await master.text();
    for (const rendition of EXPECTED_RENDITIONS) expect(text).toContain(`${rendition}/index.m3u8`);
    expect(text, 'no rung above the source').not.toContain('1080p/');

    return {
      id: details.id,
      name: details.name,
      trailerUrl: details.trailer_url,
      codecs: variantCodecs(text),
    };
  } finally {
    await request.get(`${API}/logout`, { headers: bearer(token) });
  }
}

/** A signed segment of a member's stream: `/media/s/<expires>/<maxHeight>/<signature>/videos/<id>/<rung>/seg_NNNNN.ts`. */
const SIGNED_SEGMENT = /^\/media\/s\/\d+\/\d+\/[A-Za-z0-9_-]{43}\/videos\/(\d+)\/([0-9]+p)\/seg_\d+\.ts$/;

export interface MediaRequest {
  pathname: string;
  /** The rendition folder of a signed segment (`360p`), else null. */
  rendition: string | null;
}

/** Every request the page makes under /media/, in order, and any media response that failed. */
export class MediaTraffic {
  readonly requests: MediaRequest[] = [];
  readonly failures: string[] = [];

  constructor(page: Page) {
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (!pathname.startsWith('/media/')) return;
      this.requests.push({ pathname, rendition: SIGNED_SEGMENT.exec(pathname)?.[2] ?? null });
    });
    page.on('response', (response) => {
      const { pathname } = new URL(response.url());
      if (pathname.startsWith('/media/') && response.status() >= 400)
        this.failures.push(`${response.status()} ${pathname}`);
    });
    page.on('requestfailed', (request) => {
      const { pathname } = new URL(request.url());
      // hls.js aborts the loads of a level it leaves; that is no failure of the server.
      if (pathname.startsWith('/media/') && !/ERR_ABORTED/.test(request.failure()?.errorText ?? ''))
        this.failures.push(`${request.failure()?.errorText} ${pathname}`);
    });
  }

  /** A point in the log, to look at what came after it. */
  mark(): number {
    return this.requests.length;
  }

  /** Signed segment requests (after `mark`). */
  segments(since = 0): MediaRequest[] {
    return this.requests.slice(since).filter((request) => request.rendition !== null);
  }

  /** Rendition folders of the segment requests after `mark`, in order. */
  renditions(since = 0): string[] {
    return this.segments(since).map((request) => request.rendition!);
  }
}

/** The player's <video> (inside the region "Video player"). */
const VIDEO_SELECTOR = '[role="region"][aria-label="Video player"] video';

export interface VideoState {
  currentTime: number;
  paused: boolean;
  ended: boolean;
  readyState: number;
  videoHeight: number;
  currentSrc: string;
  error: number | null;
  /** Ranges actually played, [start, end] in seconds. */
  played: Array<[number, number]>;
}

export async function videoState(page: Page): Promise<VideoState> {
  return page.evaluate((selector) => {
    const video = document.querySelector<HTMLVideoElement>(selector);
    if (!video) throw new Error(`no ${selector} on the page`);
    const played: Array<[number, number]> = [];
    for (let index = 0; index < video.played.length; index++)
      played.push([video.played.start(index), video.played.end(index)]);
    return {
      currentTime: video.currentTime,
      paused: video.paused,
      ended: video.ended,
      readyState: video.readyState,
      videoHeight: video.videoHeight,
      currentSrc: video.currentSrc,
      error: video.error?.code ?? null,
      played,
    };
  }, VIDEO_SELECTOR);
}

/** Whether this Chromium's Media Source Extensions take the stream's codecs (what hls.js needs). */
export async function mseSupport(page: Page, codecs: readonly string[]): Promise<Record<string, boolean>> {
  return page.evaluate((list) => {
    const result: Record<string, boolean> = {};
    for (const codec of list)
      result[codec] =
        typeof MediaSource !== 'undefined' && MediaSource.isTypeSupported(`video/mp4; codecs="${codec}"`);
    return result;
  }, codecs);
}

/**
 * Waits until the player's <video> is playing past `seconds` (and, when given, shows a picture of
 * `height` lines). On a timeout the error says where the video stood.
 */
/**
 * Waits for the player on the page to be playing, pressing its big Play button when the browser
 * held back the autoplay (the button goes away the moment playback starts, so a press may find
 * it gone).
 */
export async function startPlaying(page: Page): Promise<void> {
  const play = page.getByRole('region', { name: 'Video player' }).getByRole('button', { name: /^Play / });
  await expect(async () => {
    if (await play.isVisible()) await play.click({ timeout: 1000 }).catch(() => undefined);
    await waitForPlayback(page, 0.1, { timeout: 3000 });
  }).toPass({ timeout: 60_000 });
}

export async function waitForPlayback(
  page: Page,
  seconds: number,
  { height, timeout = 20_000 }: { height?: number; timeout?: number } = {},
): Promise<VideoState> {
  try {
    await page.waitForFunction(
      ({ selector, seconds, height }) => {
        const video = document.querySelector<HTMLVideoElement>(selector);
        return Boolean(
          video &&
          !video.paused &&
          !video.ended &&
          video.currentTime > seconds &&
          (height === null || video.videoHeight === height),
        );
      },
      { selector: VIDEO_SELECTOR, seconds, height: height ?? null },
      { polling: 100, timeout },
    );
  } catch (error) {
    const state = await videoState(page).catch(() => null);
    throw new Error(
      `The video did not play past ${seconds} s${height ? ` at ${height}p` : ''}: ${JSON.stringify(state)}`,
      { cause: error },
    );
  }
  return videoState(page);
}

/** Waits until the player's <video> is paused. */
export async function waitForPause(page: Page): Promise<VideoState> {
  await page.waitForFunction(
    (selector) => document.querySelector<HTMLVideoElement>(selector)?.paused === true,
    VIDEO_SELECTOR,
    {
      polling: 100,
    },
  );
  return videoState(page);
}

/** `mm:ss` or `h:mm:ss` in seconds. */
export function clockSeconds(text: string): number {
  const parts = text.split(':').map(Number);
  if (parts.length < 2 || parts.some((part) => !Number.isInteger(part)))
    throw new Error(`not a clock: ${text}`);
  return parts.reduce((total, part) => total * 60 + part, 0);
}

/** Opens a title's details page and waits for it. */
export async function openDetails(page: Page, title: PlaybackTitle): Promise<void> {
  await page.goto(`/movie-details/${title.id}`);
  await expect(page.getByRole('heading', { level: 1, name: title.name })).toBeVisible();
}

/**
 * Starts the full video from the beginning with the page's own button: "Watch Now" when nothing
 * is saved, "Play from start" when there is a position to resume (an earlier test may have left one).
 */
export async function playFromStart(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^(Watch Now|Play from start)$/ }).click();
}

/** Progress saves of the page: POST /user/playback-progress, what they sent and how many are under way. */
export class ProgressSaves {
  /** `position_seconds` of every save the server accepted, in order. */
  readonly saved: number[] = [];
  pending = 0;

  constructor(page: Page) {
    const isSave = (request: Request) =>
      request.method() === 'POST' && new URL(request.url()).pathname === `${API}/user/playback-progress`;
    page.on('request', (request) => {
      if (isSave(request)) this.pending++;
    });
    page.on('requestfailed', (request) => {
      if (isSave(request)) this.pending--;
    });
    page.on('requestfinished', async (request) => {
      if (!isSave(request)) return;
      const response = await request.response();
      if (response?.ok())
        this.saved.push((request.postDataJSON() as { position_seconds: number }).position_seconds);
      this.pending--;
    });
  }

  last(): number | undefined {
    return this.saved.at(-1);
  }

  /** Whether every save has been answered and the last one is within `tolerance` s of `position`. */
  settledNear(position: number, tolerance: number): boolean {
    const last = this.last();
    return this.pending === 0 && last !== undefined && Math.abs(last - position) <= tolerance;
  }
}

/**
 * Leaves the page so its player gives its screen back (the demo member's plan has two), as a
 * member closing the tab would; closing the browser context would leave the lease to run out.
 */
export async function leavePlayer(page: Page): Promise<void> {
  await page.goto('about:blank');
}
