import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FREE_TITLE_MAX_HEIGHT } from '../modules/playback/plan-limits';
import { startTestServer, type TestServer } from '../testing/app';
import { insertPlan, subscribe } from '../testing/billing';
import { signUp } from '../testing/http';
import { insertTitle, makeClip } from './media.fixtures';

let server: TestServer;
const work = mkdtempSync(path.join(tmpdir(), 'reeltime-cap-'));
let paidTitle: number;
let freeTitle: number;

/** A title with a transcoded 360p / 720p / 1080p ladder; returns its video's row. */
async function titleWithLadder(clip: string) {
  const db = server.app.ctx.db;
  const titleId = await insertTitle(db);
  const imported = await server.app.media.service.importVideo({ file: clip, titleId });
  const job = await server.app.jobs.runJob(imported.jobId);
  if (job?.state !== 'done') throw new Error(`transcode failed: ${JSON.stringify(job)}`);
  return {
    titleId,
    video: await db
      .selectFrom('videos')
      .selectAll()
      .where('id', '=', imported.videoId)
      .executeTakeFirstOrThrow(),
  };
}

beforeAll(async () => {
  server = await startTestServer();
  const clip = path.join(work, 'full-hd.mp4');
  await makeClip(clip, { seconds: 4, width: 1920, height: 1080 });
  const paid = await titleWithLadder(clip);
  paidTitle = paid.titleId;
  // The same stream on a free title.
  freeTitle = await insertTitle(server.app.ctx.db, { is_free: 1 });
  const { id: _id, ...video } = paid.video;
  await server.app.ctx.db
    .insertInto('videos')
    .values({ ...video, title_id: freeTitle })
    .execute();
}, 120_000);
afterAll(async () => {
  await server.close();
  rmSync(work, { recursive: true, force: true });
});

const get = (url: string) => server.app.inject({ method: 'GET', url });

async function memberOnPlan(maxHeight: number | null) {
  const member = await signUp(server.app);
  if (maxHeight !== null) {
    await subscribe(server.app, member.id, await insertPlan(server.app, { max_height: maxHeight }));
  }
  return member;
}

/** The member's signed master playlist URL of a title, from its details as the web app gets them. */
async function videoUrl(auth: Record<string, string>, titleId: number): Promise<string> {
  const res = await server.app.inject({
    method: 'GET',
    url: `/api/v1/user/movie-details/${titleId}`,
    headers: auth,
  });
  const links = res.json().data.video_links as { url: string }[];
  expect(links).toHaveLength(1);
  return links[0]!.url;
}

const resolve = (relative: string, base: string) => new URL(relative, `http://x${base}`).pathname;
/** The first segment of a rendition, e.g. `1080p/seg_00000.ts`. */
const firstSegment = (master: string, rendition: string) => resolve(`${rendition}/seg_00000.ts`, master);

describe('a plan’s maximum resolution', () => {
  it('leaves the 1080p rendition out of a 720p member’s master playlist and refuses its playlist and segments', async () => {
    const member = await memberOnPlan(720);
    const master = await videoUrl(member.auth, paidTitle);
    const playlist = await get(master);
    expect(playlist.statusCode).toBe(200);
    expect(playlist.body).toContain('RESOLUTION=1280x720');
    expect(playlist.body).toContain('RESOLUTION=640x360');
    expect(playlist.body).not.toContain('1080');
    expect(String(playlist.headers['content-length'])).toBe(String(Buffer.byteLength(playlist.body)));

    expect((await get(resolve('1080p/index.m3u8', master))).statusCode).toBe(403);
    expect((await get(firstSegment(master, '1080p'))).statusCode).toBe(403);
    expect((await get(resolve('720p/index.m3u8', master))).statusCode).toBe(200);
    const segment = await server.app.inject({
      method: 'GET',
      url: firstSegment(master, '720p'),
      headers: { range: 'bytes=0-187' },
    });
    expect(segment.statusCode).toBe(206);
  });

  it('serves every rendition up to 1080p to a 1080p member', async () => {
    const member = await memberOnPlan(1080);
    const master = await videoUrl(member.auth, paidTitle);
    const playlist = await get(master);
    expect(playlist.body).toContain('RESOLUTION=1920x1080');
    expect(playlist.body).toContain('RESOLUTION=1280x720');
    expect((await get(resolve('1080p/index.m3u8', master))).statusCode).toBe(200);
    expect((await get(firstSegment(master, '1080p'))).statusCode).toBe(200);
  });

  it('refuses a link whose cap was edited', async () => {
    const member = await memberOnPlan(720);
    const master = await videoUrl(member.auth, paidTitle);
    expect(master).toMatch(/^\/media\/s\/\d+\/720\/[A-Za-z0-9_-]{43}\/videos\/\d+\/master\.m3u8$/);
    const raised = master.replace('/720/', '/1080/');
    expect((await get(raised)).statusCode).toBe(403);
    expect((await get(firstSegment(raised, '1080p'))).statusCode).toBe(403);
  });

  it(`plays free titles up to ${FREE_TITLE_MAX_HEIGHT}p for a member without a plan`, async () => {
    const member = await memberOnPlan(null);
    const master = await videoUrl(member.auth, freeTitle);
    const playlist = await get(master);
    expect(playlist.statusCode).toBe(200);
    expect(playlist.body).toContain('RESOLUTION=1280x720');
    expect(playlist.body).not.toContain('RESOLUTION=1920x1080');
    expect((await get(firstSegment(master, '1080p'))).statusCode).toBe(403);
  });

  it('answers a repeated master playlist request of the same cap with 304', async () => {
    const member = await memberOnPlan(720);
    const master = await videoUrl(member.auth, paidTitle);
    const first = await get(master);
    const again = await server.app.inject({
      method: 'GET',
      url: master,
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });
});
