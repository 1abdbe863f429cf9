import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../testing/app';
import { subscribe } from '../testing/billing';
import { signUp } from '../testing/http';
import { insertTitle, makeClip } from './media.fixtures';
import { videoOutput } from './media.service';

let server: TestServer;
const work = mkdtempSync(path.join(tmpdir(), 'reeltime-progressive-'));

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
  rmSync(work, { recursive: true, force: true });
});

const db = () => server.app.ctx.db;

/** What a member with a plan can load of a title's full video: its master playlist and first rendition. */
async function memberView(titleId: number, authorization: string) {
  const get = (url: string) => server.app.inject({ method: 'GET', url, headers: { authorization } });
  const details = await get(`/api/v1/user/movie-details/${titleId}`);
  const links = (details.json() as { data: { video_links: Array<{ url: string }> } }).data.video_links;
  if (links.length === 0) return { links: 0, master: '', lowestStatus: 0 };
  const master = await get(links[0]!.url);
  const lowest = await get(new URL('360p/index.m3u8', `http://x${links[0]!.url}`).pathname);
  return { links: links.length, master: master.body, lowestStatus: lowest.statusCode };
}

describe('a transcode published as it grows', () => {
  it('is playable at the lowest rendition while the higher one is made, for every title sharing its stream', async () => {
    const clip = path.join(work, 'wide.mp4');
    await makeClip(clip, { seconds: 3, width: 1280, height: 720 });
    const member = await signUp(server.app);
    await subscribe(server.app, member.id);

    const titleId = await insertTitle(db());
    const imported = await server.app.media.service.importVideo({ file: clip, titleId });
    // Another title plays the same stream: its row points at the tree and waits for it.
    const sharingTitleId = await insertTitle(db());
    const { url } = videoOutput(imported.videoId, 'main');
    await db()
      .insertInto('videos')
      .values({
        title_id: sharingTitleId,
        episode_id: null,
        kind: 'main',
        type: 'hls',
        url,
        quality: 'auto',
        status: 'pending',
        source_path: null,
        duration_seconds: null,
        position: 0,
        created_at: Date.now(),
      })
      .execute();
    expect((await memberView(sharingTitleId, member.auth.authorization)).links).toBe(0);

    // Looks at what members get at the moment the 720p rendition is handed to the file store.
    const beforeHigher: Array<Awaited<ReturnType<typeof memberView>>> = [];
    const files = server.app.ctx.files;
    const importDirectory = files.importDirectory.bind(files);
    const spy = vi.spyOn(files, 'importDirectory').mockImplementation(async (local, prefix) => {
      if (prefix.endsWith('/720p')) {
        for (const id of [titleId, sharingTitleId]) {
          beforeHigher.push(await memberView(id, member.auth.authorization));
        }
      }
      return importDirectory(local, prefix);
    });
    try {
      expect(await server.app.jobs.runJob(imported.jobId)).toMatchObject({ state: 'done', progress: 100 });
    } finally {
      spy.mockRestore();
    }

    expect(beforeHigher).toHaveLength(2);
    for (const early of beforeHigher) {
      expect(early.links).toBe(1);
      expect(early.master).toMatch(/^#EXTM3U/);
      expect(early.master).toContain('360p/index.m3u8');
      expect(early.master).not.toContain('720p');
      expect(early.lowestStatus).toBe(200);
    }
    for (const id of [titleId, sharingTitleId]) {
      const done = await memberView(id, member.auth.authorization);
      expect(done.master).toContain('360p/index.m3u8');
      expect(done.master).toContain('720p/index.m3u8');
    }
  }, 120_000);

  it('stays playable at the lowest rendition when a higher one fails, and is retried', async () => {
    const clip = path.join(work, 'wide-again.mp4');
    await makeClip(clip, { seconds: 3, width: 1280, height: 720 });
    const member = await signUp(server.app);
    await subscribe(server.app, member.id);
    const titleId = await insertTitle(db());
    const imported = await server.app.media.service.importVideo({ file: clip, titleId });

    const files = server.app.ctx.files;
    const importDirectory = files.importDirectory.bind(files);
    const spy = vi.spyOn(files, 'importDirectory').mockImplementation(async (local, prefix) => {
      if (prefix.endsWith('/720p')) throw new Error('the store is out of space');
      return importDirectory(local, prefix);
    });
    try {
      const attempt = await server.app.jobs.runJob(imported.jobId);
      expect(attempt).toMatchObject({ state: 'queued', attempts: 1 });
      expect(attempt!.lastError).toContain('out of space');
    } finally {
      spy.mockRestore();
    }

    const meanwhile = await memberView(titleId, member.auth.authorization);
    expect(meanwhile.links).toBe(1);
    expect(meanwhile.master).toContain('360p/index.m3u8');
    expect(meanwhile.master).not.toContain('720p');
    expect(meanwhile.lowestStatus).toBe(200);

    expect(await server.app.jobs.runJob(imported.jobId)).toMatchObject({ state: 'done' });
    expect((await memberView(titleId, member.auth.authorization)).master).toContain('720p/index.m3u8');
  }, 120_000);
});
