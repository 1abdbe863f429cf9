import { existsSync, mkdtempSync, readdirSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotFound, UnsupportedMedia, Validation } from '../lib/errors';
import { startTestServer, type TestServer } from '../testing/app';
import { insertShow, insertTitle, makeClip } from './media.fixtures';
import { signMediaUrl } from './signed-url';

let server: TestServer;
const work = mkdtempSync(path.join(tmpdir(), 'reeltime-import-'));
const clip = path.join(work, 'clip.mp4');

beforeAll(async () => {
  server = await startTestServer({ MEDIA_JOB_MAX_ATTEMPTS: '2' });
  await makeClip(clip, { seconds: 3, width: 320, height: 180 });
});
afterAll(async () => {
  await server.close();
  rmSync(work, { recursive: true, force: true });
});

const media = () => server.app.media;
const db = () => server.app.ctx.db;
const video = (id: number) =>
  db().selectFrom('videos').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
/** Whatever the transcode jobs left in their local working folder. */
const transcodeLeftovers = () => {
  const dir = path.join(server.config.dataDir, 'tmp', 'transcode');
  return existsSync(dir) ? readdirSync(dir) : [];
};
const countVideos = async () => (await db().selectFrom('videos').select('id').execute()).length;

describe('media import', () => {
  it('adds a pending video and queues its transcode; the job makes it ready with a playable signed stream', async () => {
    const titleId = await insertTitle(db());
    const imported = await media().service.importVideo({ file: clip, titleId });
    expect(imported.source).toMatchObject({ width: 320, height: 180, hasAudio: true });
    expect(await video(imported.videoId)).toMatchObject({
      title_id: titleId,
      episode_id: null,
      kind: 'main',
      status: 'pending',
      source_path: clip,
      job_id: imported.jobId,
    });
    const job = await server.app.ctx.jobs.get(imported.jobId);
    expect(job).toMatchObject({ name: 'transcode', state: 'queued', maxAttempts: 2 });
    const row = await db()
      .selectFrom('jobs')
      .select('payload')
      .where('id', '=', imported.jobId)
      .executeTakeFirst();
    expect(JSON.parse(row!.payload)).toEqual({ videoId: imported.videoId });

    const done = await server.app.jobs.runJob(imported.jobId);
    expect(done).toMatchObject({ state: 'done', progress: 100, attempts: 1 });
    const ready = await video(imported.videoId);
    expect(ready).toMatchObject({
      status: 'ready',
      type: 'hls',
      quality: 'auto',
      url: `/media/private/videos/${imported.videoId}/master.m3u8`,
      last_error: null,
    });
    expect(ready.duration_seconds).toBeCloseTo(3, 0);
    expect(existsSync(clip)).toBe(true); // the operator's file stays where it was
    expect(await media().service.status(imported.videoId)).toMatchObject({
      status: 'ready',
      progress: 100,
      job_status: 'done',
    });

    // The stored URL is private; signed, it plays, and so do the files its playlists point to.
    expect((await server.app.inject({ method: 'GET', url: ready.url })).statusCode).toBe(404);
    const signed = signMediaUrl(server.config, ready.url, { maxHeight: 1080 });
    const master = await server.app.inject({ method: 'GET', url: signed });
    expect(master.statusCode).toBe(200);
    expect(master.body).toContain('RESOLUTION=320x180');
    const variant = new URL(
      master.body.split('\n').find((line) => line && !line.startsWith('#'))!,
      `http://x${signed}`,
    ).pathname;
    const playlist = await server.app.inject({ method: 'GET', url: variant });
    expect(playlist.statusCode).toBe(200);
    const segment = new URL(
      playlist.body.split('\n').find((line) => line && !line.startsWith('#'))!,
      `http://x${variant}`,
    ).pathname;
    const bytes = await server.app.inject({ method: 'GET', url: segment, headers: { range: 'bytes=0-187' } });
    expect(bytes.statusCode).toBe(206);
    expect(bytes.rawPayload[0]).toBe(0x47); // MPEG-TS sync byte
    for (const file of ['thumbs.vtt', 'sprite.jpg', 'poster.webp']) {
      expect(
        (await server.app.inject({ method: 'GET', url: signed.replace('master.m3u8', file) })).statusCode,
      ).toBe(200);
    }
    // The tree was built in a working folder and handed to the file store, leaving nothing behind.
    const tree = await server.app.ctx.files.list(`private/videos/${imported.videoId}`);
    expect(tree.map((file) => file.key)).toContain(`private/videos/${imported.videoId}/master.m3u8`);
    expect(transcodeLeftovers()).toEqual([]);
  }, 60_000);

  it('attaches an episode’s video to the episode only, and puts trailers in the public folder', async () => {
    const show = await insertShow(db(), 1);
    const episode = await media().service.importVideo({
      file: clip,
      titleId: show.titleId,
      episodeId: show.episodeIds[0],
    });
    expect(await video(episode.videoId)).toMatchObject({
      title_id: null,
      episode_id: show.episodeIds[0],
      kind: 'main',
      position: 0,
    });
    const second = await media().service.importVideo({
      file: clip,
      titleId: show.titleId,
      episodeId: show.episodeIds[0],
    });
    expect(await video(second.videoId)).toMatchObject({ position: 1 });

    const titleId = await insertTitle(db());
    const trailer = await media().service.importVideo({ file: clip, titleId, kind: 'trailer' });
    await server.app.jobs.runJob(trailer.jobId);
    const row = await video(trailer.videoId);
    expect(row).toMatchObject({
      kind: 'trailer',
      status: 'ready',
      url: `/media/trailers/${trailer.videoId}/master.m3u8`,
    });
    const res = await server.app.inject({ method: 'GET', url: row.url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/vnd\.apple\.mpegurl/);
  }, 60_000);

  it('checks the file by its bytes, the title, the episode and the captions before adding anything', async () => {
    const titleId = await insertTitle(db());
    const other = await insertShow(db(), 1);
    const fake = path.join(work, 'fake.mp4');
    writeFileSync(fake, 'this is plain text, not a movie');
    const srt = path.join(work, 'captions.vtt');
    writeFileSync(srt, '1\n00:00:01,000 --> 00:00:02,000\nSRT\n');
    const before = await countVideos();

    await expect(
      media().service.importVideo({ file: path.join(work, 'missing.mp4'), titleId }),
    ).rejects.toBeInstanceOf(Validation);
    await expect(media().service.importVideo({ file: work, titleId })).rejects.toBeInstanceOf(Validation);
    await expect(media().service.importVideo({ file: fake, titleId })).rejects.toBeInstanceOf(
      UnsupportedMedia,
    );
    await expect(media().service.importVideo({ file: clip, titleId: 999_999 })).rejects.toBeInstanceOf(
      NotFound,
    );
    await expect(
      media().service.importVideo({ file: clip, titleId, episodeId: other.episodeIds[0] }),
    ).rejects.toBeInstanceOf(NotFound);
    await expect(media().service.importVideo({ file: clip, titleId, captions: srt })).rejects.toBeInstanceOf(
      UnsupportedMedia,
    );
    expect(await countVideos()).toBe(before);
  });

  it('retries a transcode that fails, then marks the video failed with the reason', async () => {
    const titleId = await insertTitle(db());
    const doomed = path.join(work, 'doomed.mp4');
    await makeClip(doomed, { seconds: 1, width: 320, height: 180 });
    const imported = await media().service.importVideo({ file: doomed, titleId });
    unlinkSync(doomed);

    const first = await server.app.jobs.runJob(imported.jobId);
    expect(first).toMatchObject({ state: 'queued', attempts: 1 });
    expect(first!.lastError).toBeTruthy();
    expect((await video(imported.videoId)).status).toBe('processing');

    const last = await server.app.jobs.runJob(imported.jobId);
    expect(last).toMatchObject({ state: 'failed', attempts: 2 });
    const failed = await video(imported.videoId);
    expect(failed.status).toBe('failed');
    expect(failed.last_error).toBe(last!.lastError);
    expect(
      existsSync(path.join(server.config.dataDir, 'media', 'private', 'videos', String(imported.videoId))),
    ).toBe(false);
    expect(transcodeLeftovers()).toEqual([]);
  });
});
