import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { AdminMediaMessages, API_BASE, type AdminVideo } from '@reeltime/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertShow, insertTitle, makeClip } from '../../media/media.fixtures';
import { startTestServer, type TestServer } from '../../testing/app';
import { subscribe } from '../../testing/billing';
import { multipart, signUp, signUpAdmin } from '../../testing/http';
import { sweepExpiredUploads, type LocalUploadStorage } from './upload-storage';

const UPLOADS = `${API_BASE}/admin/uploads`;
const VIDEOS = `${API_BASE}/admin/videos`;
const MAX_BYTES = 8 * 1024 * 1024;

let server: TestServer;
let admin: Awaited<ReturnType<typeof signUpAdmin>>;
let member: Awaited<ReturnType<typeof signUp>>;
let clip: Buffer;
const work = mkdtempSync(path.join(tmpdir(), 'reeltime-admin-media-'));

beforeAll(async () => {
  server = await startTestServer({ MEDIA_UPLOAD_MAX_BYTES: String(MAX_BYTES) });
  admin = await signUpAdmin(server.app);
  member = await signUp(server.app);
  const file = path.join(work, 'clip.mp4');
  await makeClip(file, { seconds: 3, width: 1280, height: 720, ffmpeg: server.config.mediaTools.ffmpegPath });
  clip = readFileSync(file);
});
afterAll(async () => {
  await server.close();
  rmSync(work, { recursive: true, force: true });
});

const db = () => server.app.ctx.db;
const b64 = (text: string) => Buffer.from(text).toString('base64');
const metadata = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([key, value]) => `${key} ${b64(value)}`)
    .join(',');

const tus = (headers: Record<string, string> = {}) => ({
  'tus-resumable': '1.0.0',
  ...admin.auth,
  ...headers,
});

async function createUpload(
  length: number,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
) {
  return server.app.inject({
    method: 'POST',
    url: UPLOADS,
    headers: tus({ 'upload-length': String(length), 'upload-metadata': metadata(fields), ...headers }),
  });
}

const uploadUrl = (location: string | undefined) => {
  expect(location).toMatch(new RegExp(`^${UPLOADS}/[0-9a-f]{32}$`));
  return location!;
};

function patch(url: string, offset: number, bytes: Buffer, headers: Record<string, string> = {}) {
  return server.app.inject({
    method: 'PATCH',
    url,
    headers: tus({
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
      ...headers,
    }),
    payload: bytes,
  });
}

/** Uploads `bytes` for a target in two PATCHes; returns the last answer. */
async function uploadWhole(bytes: Buffer, target: Record<string, string>) {
  const created = await createUpload(bytes.length, { filename: 'clip.mp4', ...target });
  expect(created.statusCode).toBe(201);
  const url = uploadUrl(created.headers.location as string);
  const half = Math.floor(bytes.length / 2);
  expect((await patch(url, 0, bytes.subarray(0, half))).statusCode).toBe(204);
  return patch(url, half, bytes.subarray(half));
}

async function videoOf(id: number): Promise<AdminVideo> {
  const res = await server.app.inject({ url: `${VIDEOS}/${id}`, headers: admin.auth });
  expect(res.statusCode).toBe(200);
  return res.json().data as AdminVideo;
}

const storedKeys = async (prefix: string) =>
  (await server.app.ctx.files.list(prefix)).map((entry) => entry.key);
const uploadsLeft = () => readdirSync(path.join(server.config.dataDir, 'uploads'));
const countRows = async (table: 'videos' | 'jobs' | 'audit_log') =>
  Number(
    (
      await db()
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('resumable uploads (tus)', () => {
  it('takes a video in chunks, resumes from the offset HEAD reports, and queues its transcode once ffprobe finds a video', async () => {
    const titleId = await insertTitle(db(), { is_published: 0 });
    const created = await createUpload(clip.length, { filename: 'Feature.mp4', title_id: String(titleId) });
    expect(created.statusCode).toBe(201);
    expect(created.headers['upload-expires']).toBeDefined();
    const url = uploadUrl(created.headers.location as string);

    const first = 40_000;
    const sent = await patch(url, 0, clip.subarray(0, first));
    expect(sent.statusCode).toBe(204);
    expect(sent.headers['upload-offset']).toBe(String(first));

    // The connection dropped: the client asks where to go on, and a PATCH at the wrong offset is refused.
    const head = await server.app.inject({ method: 'HEAD', url, headers: tus() });
    expect(head.statusCode).toBe(200);
    expect(head.headers['upload-offset']).toBe(String(first));
    expect(head.headers['upload-length']).toBe(String(clip.length));
    const wrong = await patch(url, 10, clip.subarray(10, 20));
    expect(wrong.statusCode).toBe(409);

    const done = await patch(url, first, clip.subarray(first));
    expect(done.statusCode).toBe(200);
    const result = JSON.parse(done.body) as {
      status: true;
      message: string;
      data: { video_id: number; job_id: number };
    };
    expect(result.message).toBe(AdminMediaMessages.uploaded);

    const video = await videoOf(result.data.video_id);
    expect(video).toMatchObject({
      status: 'pending',
      target: { title_id: titleId, episode_id: null },
      job: { id: result.data.job_id, state: 'queued', progress: 0 },
      source: { filename: 'Feature.mp4', size_bytes: clip.length, width: 1280, height: 720 },
      renditions: [
        { name: '360p', ready: false },
        { name: '720p', ready: false },
      ],
      size_bytes: 0,
    });
    // The bytes left the uploads folder for the sources folder; the upload itself is over.
    expect(uploadsLeft()).toEqual([]);
    expect((await server.app.inject({ method: 'HEAD', url, headers: tus() })).statusCode).toBe(404);
    const audit = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'video.upload')
      .where('entity_id', '=', String(video.id))
      .executeTakeFirstOrThrow();
    expect(audit.actor_email).toBe(admin.email);
    expect(JSON.parse(audit.after!)).toMatchObject({ title_id: titleId, filename: 'Feature.mp4' });

    // The transcode makes it playable, lowest rendition first, and keeps count of its files.
    const job = await server.app.jobs.runJob(result.data.job_id);
    expect(job?.state).toBe('done');
    const ready = await videoOf(video.id);
    expect(ready).toMatchObject({
      status: 'ready',
      job: { state: 'done', progress: 100 },
      renditions: [
        { name: '360p', ready: true },
        { name: '720p', ready: true },
      ],
      stream_owner_id: video.id,
    });
    expect(ready.duration_seconds).toBeGreaterThan(2);
    expect(ready.size_bytes).toBeGreaterThan(10_000);
    // The uploaded file is not kept once the stream is complete.
    expect(readdirSync(path.join(server.config.dataDir, 'sources'))).toEqual([]);
  });

  it('refuses a file that is not a video when it is complete, keeps nothing of it and queues nothing', async () => {
    const titleId = await insertTitle(db());
    const [videos, jobs] = [await countRows('videos'), await countRows('jobs')];
    const text = Buffer.from('this is not a video at all\n'.repeat(200));
    const res = await uploadWhole(text, { title_id: String(titleId) });
    expect(res.statusCode).toBe(415);
    expect(JSON.parse(res.body)).toEqual({ status: false, message: AdminMediaMessages.notAVideo });
    expect([await countRows('videos'), await countRows('jobs')]).toEqual([videos, jobs]);
    expect(uploadsLeft()).toEqual([]);
  });

  it('refuses an upload over the size limit before taking any byte', async () => {
    const titleId = await insertTitle(db());
    const res = await createUpload(MAX_BYTES + 1, { filename: 'big.mp4', title_id: String(titleId) });
    expect(res.statusCode).toBe(413);
    expect(JSON.parse(res.body).message).toBe(AdminMediaMessages.tooLarge('8 MB'));
    expect(uploadsLeft()).toEqual([]);
  });

  it('refuses bytes past the declared length', async () => {
    const titleId = await insertTitle(db());
    const created = await createUpload(100, { filename: 'a.mp4', title_id: String(titleId) });
    const url = uploadUrl(created.headers.location as string);
    const res = await patch(url, 0, Buffer.alloc(200, 1));
    expect(res.statusCode).toBe(413);
    expect(JSON.parse(res.body).message).toBe(AdminMediaMessages.pastDeclaredLength);
    await server.app.inject({ method: 'DELETE', url, headers: tus() });
  });

  it('checks the target and the metadata when the upload is created', async () => {
    const movie = await insertTitle(db());
    const show = await insertShow(db(), 1);
    const cases: Array<[Record<string, string>, number, string]> = [
      [{ filename: 'a.mp4' }, 422, AdminMediaMessages.targetMissing],
      [{ title_id: String(movie) }, 422, AdminMediaMessages.filenameMissing],
      [
        { filename: 'a.mp4', title_id: String(movie), episode_id: String(show.episodeIds[0]) },
        422,
        AdminMediaMessages.targetBoth,
      ],
      [{ filename: 'a.mp4', title_id: '999999' }, 404, AdminMediaMessages.titleNotFound],
      [{ filename: 'a.mp4', title_id: 'abc' }, 422, 'The id must be a positive whole number.'],
      [{ filename: 'a.mp4', title_id: String(show.titleId) }, 422, AdminMediaMessages.titleIsShow],
      [{ filename: 'a.mp4', episode_id: '999999' }, 404, AdminMediaMessages.episodeNotFound],
    ];
    for (const [fields, status, message] of cases) {
      const res = await createUpload(1000, fields);
      expect(res.statusCode, JSON.stringify(fields)).toBe(status);
      const body = JSON.parse(res.body) as { status: false; message: string };
      expect(body.status).toBe(false);
      if (status !== 422 || !message.startsWith('The id')) expect(body.message).toBe(message);
    }
    const episode = await createUpload(1000, { filename: 'e.mp4', episode_id: String(show.episodeIds[0]) });
    expect(episode.statusCode).toBe(201);
    await server.app.inject({ method: 'DELETE', url: episode.headers.location as string, headers: tus() });
    expect(uploadsLeft()).toEqual([]);
  });

  it('answers malformed tus requests with a 4xx, never a 500', async () => {
    const titleId = await insertTitle(db());
    const created = await createUpload(1000, { filename: 'a.mp4', title_id: String(titleId) });
    const url = uploadUrl(created.headers.location as string);
    const requests: Array<{
      method: 'POST' | 'PATCH' | 'HEAD';
      url: string;
      headers: Record<string, string>;
      payload?: Buffer;
    }> = [
      { method: 'POST', url: UPLOADS, headers: { ...admin.auth, 'upload-length': '10' } },
      { method: 'POST', url: UPLOADS, headers: tus({ 'upload-length': 'ten' }) },
      { method: 'POST', url: UPLOADS, headers: tus({ 'upload-length': '-5' }) },
      { method: 'POST', url: UPLOADS, headers: tus() },
      {
        method: 'POST',
        url: UPLOADS,
        headers: tus({
          'upload-defer-length': '1',
          'upload-metadata': metadata({ filename: 'a', title_id: String(titleId) }),
        }),
      },
      { method: 'POST', url: UPLOADS, headers: tus({ 'upload-length': '10', 'upload-metadata': '%%%' }) },
      {
        method: 'POST',
        url: UPLOADS,
        headers: tus({
          'upload-length': '0',
          'upload-metadata': metadata({ filename: 'a', title_id: String(titleId) }),
        }),
      },
      {
        method: 'PATCH',
        url,
        headers: tus({ 'content-type': 'application/offset+octet-stream' }),
        payload: Buffer.alloc(4),
      },
      {
        method: 'PATCH',
        url,
        headers: tus({ 'upload-offset': 'x', 'content-type': 'application/offset+octet-stream' }),
        payload: Buffer.alloc(4),
      },
      {
        method: 'PATCH',
        url,
        headers: tus({ 'upload-offset': '0', 'content-type': 'application/json' }),
        payload: Buffer.from('{}'),
      },
      {
        method: 'PATCH',
        url: `${UPLOADS}/${'0'.repeat(32)}`,
        headers: tus({ 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }),
        payload: Buffer.alloc(4),
      },
      {
        method: 'PATCH',
        url: `${UPLOADS}/..%2F..%2Fsecrets`,
        headers: tus({ 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }),
        payload: Buffer.alloc(4),
      },
      { method: 'HEAD', url: `${UPLOADS}/nope`, headers: tus() },
    ];
    for (const request of requests) {
      const res = await server.app.inject(request);
      expect(
        res.statusCode,
        `${request.method} ${request.url} ${JSON.stringify(request.headers)}`,
      ).toBeGreaterThanOrEqual(400);
      expect(
        res.statusCode,
        `${request.method} ${request.url} ${JSON.stringify(request.headers)}`,
      ).toBeLessThan(500);
      if (request.method === 'HEAD') continue;
      // Even the refusals tus words itself ("Invalid upload-length") are the API's envelope.
      expect(res.headers['content-type'], `${request.method} ${request.url}`).toMatch(/^application\/json/);
      expect(res.json(), `${request.method} ${request.url}`).toEqual({
        status: false,
        message: expect.any(String),
        ...(res.json().errors ? { errors: expect.any(Object) } : {}),
      });
    }
    await server.app.inject({ method: 'DELETE', url, headers: tus() });
  });

  it('is for admins only', async () => {
    const titleId = await insertTitle(db());
    const fields = metadata({ filename: 'a.mp4', title_id: String(titleId) });
    const asMember = await server.app.inject({
      method: 'POST',
      url: UPLOADS,
      headers: { 'tus-resumable': '1.0.0', 'upload-length': '10', 'upload-metadata': fields, ...member.auth },
    });
    expect(asMember.statusCode).toBe(403);
    const asVisitor = await server.app.inject({
      method: 'POST',
      url: UPLOADS,
      headers: { 'tus-resumable': '1.0.0', 'upload-length': '10', 'upload-metadata': fields },
    });
    expect(asVisitor.statusCode).toBe(401);
    expect(uploadsLeft()).toEqual([]);
  });

  it('deletes abandoned uploads once they expire, in the repeatable sweep', async () => {
    const titleId = await insertTitle(db());
    const created = await createUpload(1000, { filename: 'a.mp4', title_id: String(titleId) });
    const url = uploadUrl(created.headers.location as string);
    await patch(url, 0, Buffer.alloc(100));
    const sweep = async () => {
      const run = await server.app.ctx.jobs.enqueue('admin-media.sweep-uploads', {});
      expect((await server.app.jobs.runJob(run.id))?.state).toBe('done');
    };
    await sweep();
    expect(uploadsLeft()).toHaveLength(2);
    expect(await sweepExpiredUploads(server.app.ctx.uploads)).toBe(0);

    // Started longer ago than the expiry.
    const record = path.join(
      (server.app.ctx.uploads as LocalUploadStorage).directory,
      `${url.split('/').pop()}.json`,
    );
    const info = JSON.parse(readFileSync(record, 'utf8')) as { creation_date: string };
    const expired = Date.now() - server.config.media.uploadExpiryMs - 1000;
    writeFileSync(record, JSON.stringify({ ...info, creation_date: new Date(expired).toISOString() }));
    await sweep();
    expect(uploadsLeft()).toEqual([]);
    expect((await server.app.inject({ method: 'HEAD', url, headers: tus() })).statusCode).toBe(404);
  });
});

describe('transcodes', () => {
  it('cancels a queued transcode, retries it, and a new upload replaces the old video and frees its files', async () => {
    const titleId = await insertTitle(db());
    const first = JSON.parse((await uploadWhole(clip, { title_id: String(titleId) })).body).data as {
      video_id: number;
      job_id: number;
    };
    await server.app.jobs.runJob(first.job_id);
    expect((await videoOf(first.video_id)).status).toBe('ready');
    expect(await storedKeys(`private/videos/${first.video_id}`)).toContain(
      `private/videos/${first.video_id}/master.m3u8`,
    );

    const second = JSON.parse((await uploadWhole(clip, { title_id: String(titleId) })).body).data as {
      video_id: number;
      job_id: number;
    };
    const cancel = () =>
      server.app.inject({ method: 'POST', url: `${VIDEOS}/${second.video_id}/cancel`, headers: admin.auth });
    const cancelled = await cancel();
    expect(cancelled.statusCode).toBe(200);
    expect((cancelled.json().data as AdminVideo).job?.state).toBe('cancelled');
    expect((await cancel()).statusCode).toBe(409);
    expect(await server.app.jobs.runJob(second.job_id)).toBeUndefined();

    const retried = await server.app.inject({
      method: 'POST',
      url: `${VIDEOS}/${second.video_id}/retry`,
      headers: admin.auth,
    });
    expect(retried.statusCode).toBe(200);
    expect(retried.json().data).toMatchObject({ status: 'pending', job: { state: 'queued', attempts: 0 } });
    // The old video plays until the new one can.
    expect((await videoOf(first.video_id)).status).toBe('ready');
    await server.app.jobs.runJob(second.job_id);
    expect((await videoOf(second.video_id)).status).toBe('ready');
    expect(
      (await server.app.inject({ url: `${VIDEOS}/${first.video_id}`, headers: admin.auth })).statusCode,
    ).toBe(404);
    expect(await storedKeys(`private/videos/${first.video_id}`)).toEqual([]);

    const actions = await db()
      .selectFrom('audit_log')
      .select('action')
      .where('entity_id', '=', String(second.video_id))
      .orderBy('id')
      .execute();
    expect(actions.map((row) => row.action)).toEqual(['video.upload', 'video.cancel', 'video.retry']);
  });

  it('places a new upload after the videos its title already has, the way an imported video is placed', async () => {
    const titleId = await insertTitle(db());
    const uploaded = async () =>
      (JSON.parse((await uploadWhole(clip, { title_id: String(titleId) })).body).data as { video_id: number })
        .video_id;
    const first = await uploaded();
    const second = await uploaded();
    const rows = await db()
      .selectFrom('videos')
      .select(['id', 'position'])
      .where('title_id', '=', titleId)
      .orderBy('id')
      .execute();
    expect(rows.map((row) => [row.id, Number(row.position)])).toEqual([
      [first, 0],
      [second, 1],
    ]);
  });

  it('retries a failed transcode, and refuses to retry one that is not failed or whose file is gone', async () => {
    const titleId = await insertTitle(db());
    const upload = JSON.parse((await uploadWhole(clip, { title_id: String(titleId) })).body).data as {
      video_id: number;
      job_id: number;
    };
    const retry = () =>
      server.app.inject({ method: 'POST', url: `${VIDEOS}/${upload.video_id}/retry`, headers: admin.auth });
    expect((await retry()).statusCode).toBe(409);
    await db()
      .updateTable('jobs')
      .set({ status: 'failed', last_error: 'boom' })
      .where('id', '=', upload.job_id)
      .execute();
    await db()
      .updateTable('videos')
      .set({ status: 'failed', last_error: 'boom' })
      .where('id', '=', upload.video_id)
      .execute();
    const failed = await videoOf(upload.video_id);
    expect(failed).toMatchObject({ status: 'failed', last_error: 'boom', job: { state: 'failed' } });
    const res = await retry();
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'pending', last_error: null, job: { state: 'queued' } });

    await server.app.inject({
      method: 'POST',
      url: `${VIDEOS}/${upload.video_id}/cancel`,
      headers: admin.auth,
    });
    const row = await db()
      .selectFrom('videos')
      .select('source_path')
      .where('id', '=', upload.video_id)
      .executeTakeFirstOrThrow();
    rmSync(row.source_path!);
    const gone = await retry();
    expect(gone.statusCode).toBe(409);
    expect(gone.json().message).toBe(AdminMediaMessages.sourceGone);
  });

  it('deletes a video with its stream files, and a waiting one with its uploaded file', async () => {
    const titleId = await insertTitle(db());
    const upload = JSON.parse((await uploadWhole(clip, { title_id: String(titleId) })).body).data as {
      video_id: number;
      job_id: number;
    };
    await server.app.jobs.runJob(upload.job_id);
    expect((await storedKeys(`private/videos/${upload.video_id}`)).length).toBeGreaterThan(5);

    const res = await server.app.inject({
      method: 'DELETE',
      url: `${VIDEOS}/${upload.video_id}`,
      headers: admin.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(await storedKeys(`private/videos/${upload.video_id}`)).toEqual([]);
    expect(
      (await server.app.inject({ url: `${VIDEOS}/${upload.video_id}`, headers: admin.auth })).statusCode,
    ).toBe(404);
    expect(
      (
        await server.app.inject({
          method: 'DELETE',
          url: `${VIDEOS}/${upload.video_id}`,
          headers: admin.auth,
        })
      ).statusCode,
    ).toBe(404);
    const audit = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'video.delete')
      .where('entity_id', '=', String(upload.video_id))
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.before!)).toMatchObject({ title_id: titleId, status: 'ready' });

    // Not transcoded yet: its job is cancelled and the uploaded file goes.
    const waiting = JSON.parse((await uploadWhole(clip, { title_id: String(titleId) })).body).data as {
      video_id: number;
      job_id: number;
    };
    const source = (
      await db()
        .selectFrom('videos')
        .select('source_path')
        .where('id', '=', waiting.video_id)
        .executeTakeFirstOrThrow()
    ).source_path!;
    expect(existsSync(source)).toBe(true);
    expect(
      (
        await server.app.inject({
          method: 'DELETE',
          url: `${VIDEOS}/${waiting.video_id}`,
          headers: admin.auth,
        })
      ).statusCode,
    ).toBe(200);
    expect(existsSync(source)).toBe(false);
    expect((await server.app.ctx.jobs.get(waiting.job_id))?.state).toBe('cancelled');
  });

  it('lists videos with their title or episode, filtered by state and name', async () => {
    const show = await insertShow(db(), 1);
    const showName = (
      await db().selectFrom('titles').select('name').where('id', '=', show.titleId).executeTakeFirstOrThrow()
    ).name;
    const upload = JSON.parse((await uploadWhole(clip, { episode_id: String(show.episodeIds[0]) })).body)
      .data as {
      video_id: number;
    };
    const list = await server.app.inject({
      url: `${VIDEOS}?q=${encodeURIComponent(showName)}`,
      headers: admin.auth,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toMatchObject({
      total: 1,
      page: 1,
      items: [
        {
          id: upload.video_id,
          target: {
            title_id: show.titleId,
            title_name: showName,
            episode_id: show.episodeIds[0],
            episode_label: 'S1 E1 · Episode 1',
          },
        },
      ],
    });
    const failedOnly = await server.app.inject({
      url: `${VIDEOS}?status=failed&q=${encodeURIComponent(showName)}`,
      headers: admin.auth,
    });
    expect(failedOnly.json().data.total).toBe(0);
    for (const query of ['status=lost', 'page=0', 'per_page=1000', 'page=abc']) {
      expect(
        (await server.app.inject({ url: `${VIDEOS}?${query}`, headers: admin.auth })).statusCode,
        query,
      ).toBe(422);
    }
    expect((await server.app.inject({ url: `${VIDEOS}/abc`, headers: admin.auth })).statusCode).toBe(422);

    const targets = await server.app.inject({
      url: `${API_BASE}/admin/media/targets?q=${encodeURIComponent(showName)}`,
      headers: admin.auth,
    });
    expect(targets.json().data).toEqual([
      expect.objectContaining({
        title_id: show.titleId,
        type: 'tvshow',
        video: null,
        episodes: [
          {
            episode_id: show.episodeIds[0],
            label: 'S1 E1 · Episode 1',
            video: { id: upload.video_id, status: 'pending' },
          },
        ],
      }),
    ]);
  });
});

describe('a video playing another video’s stream', () => {
  it('is retried, cancelled and captioned through that video, and deleting it keeps the stream', async () => {
    const titleId = await insertTitle(db());
    const owner = JSON.parse((await uploadWhole(clip, { title_id: String(titleId) })).body).data as {
      video_id: number;
      job_id: number;
    };
    const sharingTitle = await insertTitle(db());
    const sharer = await db()
      .insertInto('videos')
      .values({
        title_id: sharingTitle,
        kind: 'main',
        type: 'hls',
        url: `/media/private/videos/${owner.video_id}/master.m3u8`,
        status: 'pending',
        job_id: owner.job_id,
        position: 0,
        created_at: Date.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const action of ['cancel', 'retry']) {
      const res = await server.app.inject({
        method: 'POST',
        url: `${VIDEOS}/${sharer.id}/${action}`,
        headers: admin.auth,
      });
      expect(res.statusCode, action).toBe(409);
      expect(res.json().message).toBe(AdminMediaMessages.sharedStream);
    }
    expect((await server.app.ctx.jobs.get(owner.job_id))?.state).toBe('queued');
    await server.app.jobs.runJob(owner.job_id);
    const shared = await videoOf(sharer.id);
    expect(shared).toMatchObject({ status: 'ready', stream_owner_id: owner.video_id, size_bytes: 0 });

    const removed = await server.app.inject({
      method: 'DELETE',
      url: `${VIDEOS}/${sharer.id}`,
      headers: admin.auth,
    });
    expect(removed.statusCode).toBe(200);
    expect((await storedKeys(`private/videos/${owner.video_id}`)).length).toBeGreaterThan(5);
    expect((await videoOf(owner.video_id)).status).toBe('ready');
  });
});

describe('captions', () => {
  const SRT =
    '1\r\n00:00:00,500 --> 00:00:02,000\r\nHello there\r\n\r\n2\r\n00:00:02,100 --> 00:00:02,900\r\nA second --> line\r\n';

  function addCaption(
    videoId: number,
    fields: { language?: string; label?: string; [other: string]: string | undefined },
    file?: { name: string; body: string | Buffer },
  ) {
    const form = multipart([
      ...Object.entries(fields).flatMap(([name, value]) => (value === undefined ? [] : [{ name, value }])),
      ...(file
        ? [{ name: 'file', value: file.body, filename: file.name, contentType: 'application/octet-stream' }]
        : []),
    ]);
    return server.app.inject({
      method: 'POST',
      url: `${VIDEOS}/${videoId}/captions`,
      headers: { ...admin.auth, ...form.headers },
      payload: form.payload,
    });
  }

  it('converts SRT to WebVTT, lists the track in the stream members play, and deletes it', async () => {
    const titleId = await insertTitle(db());
    const upload = JSON.parse((await uploadWhole(clip, { title_id: String(titleId) })).body).data as {
      video_id: number;
      job_id: number;
    };
    // Added before the transcode: the transcode publishes it with the stream.
    const french = await addCaption(
      upload.video_id,
      { language: 'fr', label: 'Français' },
      { name: 'fr.vtt', body: 'WEBVTT\n\n00:01.000 --> 00:02.000\nBonjour\n' },
    );
    expect(french.statusCode).toBe(201);
    await server.app.jobs.runJob(upload.job_id);

    const added = await addCaption(
      upload.video_id,
      { language: 'EN', label: 'English' },
      { name: 'en.srt', body: SRT },
    );
    expect(added.statusCode).toBe(201);
    const caption = added.json().data as { id: number; language: string; label: string };
    expect(caption).toMatchObject({ language: 'en', label: 'English' });

    const prefix = `private/videos/${upload.video_id}`;
    const read = async (key: string) =>
      (await buffer(await server.app.ctx.files.read(`${prefix}/${key}`))).toString('utf8');
    const vtt = await read(`captions/c${caption.id}.vtt`);
    expect(vtt).toMatch(/^WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:\d+,LOCAL:00:00:00.000\n/);
    expect(vtt).toContain('00:00:00.500 --> 00:00:02.000\nHello there');
    expect(vtt).toContain('A second -> line');

    // A member with a plan gets a master playlist naming both tracks.
    const viewer = await signUp(server.app);
    await subscribe(server.app, viewer.id);
    const details = await server.app.inject({
      url: `${API_BASE}/user/movie-details/${titleId}`,
      headers: viewer.auth,
    });
    const link = (details.json().data as { video_links: Array<{ url: string }> }).video_links[0]!.url;
    const master = (await server.app.inject({ url: link, headers: viewer.auth })).body;
    expect(master).toContain(`NAME="English",LANGUAGE="en"`);
    expect(master).toContain(`NAME="Français",LANGUAGE="fr"`);
    expect(master).toContain(`URI="captions/c${caption.id}.m3u8"`);
    expect(master).toMatch(/#EXT-X-STREAM-INF:.*SUBTITLES="subs"/);
    const playlist = await server.app.inject({
      url: new URL(`captions/c${caption.id}.m3u8`, `http://x${link}`).pathname,
    });
    expect(playlist.statusCode).toBe(200);
    expect(playlist.body).toContain(`c${caption.id}.vtt`);

    expect((await videoOf(upload.video_id)).captions.map((c) => c.language)).toEqual(['fr', 'en']);
    const removed = await server.app.inject({
      method: 'DELETE',
      url: `${VIDEOS}/${upload.video_id}/captions/${caption.id}`,
      headers: admin.auth,
    });
    expect(removed.statusCode).toBe(200);
    expect(await read('master.m3u8')).not.toContain('English');
    expect(await storedKeys(`${prefix}/captions`)).not.toContain(`${prefix}/captions/c${caption.id}.vtt`);
    const again = await server.app.inject({
      method: 'DELETE',
      url: `${VIDEOS}/${upload.video_id}/captions/${caption.id}`,
      headers: admin.auth,
    });
    expect(again.statusCode).toBe(404);
  });

  it('refuses files that are not captions, bad languages and labels, and a second track in one language', async () => {
    const titleId = await insertTitle(db());
    const upload = JSON.parse((await uploadWhole(clip, { title_id: String(titleId) })).body).data as {
      video_id: number;
    };
    const id = upload.video_id;
    const cases: Array<[Parameters<typeof addCaption>, number, string]> = [
      [[id, { language: 'en', label: 'English' }], 422, AdminMediaMessages.captionFileMissing],
      [
        [id, { language: 'en', label: 'English' }, { name: 'a.srt', body: 'hello world' }],
        422,
        AdminMediaMessages.captionNotVttOrSrt,
      ],
      [
        [id, { language: 'en', label: 'English' }, { name: 'a.vtt', body: 'WEBVTT\n\nno cues here\n' }],
        422,
        AdminMediaMessages.captionNotVttOrSrt,
      ],
      [
        [
          id,
          { language: 'en', label: 'English' },
          { name: 'a.srt', body: Buffer.from([0xff, 0xfe, 0x00, 0x41]) },
        ],
        422,
        AdminMediaMessages.captionNotText,
      ],
      [
        [id, { language: 'english!', label: 'English' }, { name: 'a.srt', body: SRT }],
        422,
        AdminMediaMessages.captionLanguage,
      ],
      [
        [id, { language: 'en', label: '' }, { name: 'a.srt', body: SRT }],
        422,
        AdminMediaMessages.captionLabel,
      ],
      [
        [id, { language: 'en', label: 'x'.repeat(41) }, { name: 'a.srt', body: SRT }],
        422,
        AdminMediaMessages.captionLabelTooLong,
      ],
      [[id, { label: 'English' }, { name: 'a.srt', body: SRT }], 422, AdminMediaMessages.captionLanguage],
      [
        [id, { language: 'en', label: 'English', kind: 'forced' }, { name: 'a.srt', body: SRT }],
        422,
        'Unknown field: kind',
      ],
      [
        [
          id,
          { language: 'en', label: 'English' },
          { name: 'a.srt', body: Buffer.alloc(2 * 1024 * 1024 + 1, 0x41) },
        ],
        413,
        AdminMediaMessages.captionTooLarge,
      ],
      [
        [999999, { language: 'en', label: 'English' }, { name: 'a.srt', body: SRT }],
        404,
        AdminMediaMessages.videoNotFound,
      ],
    ];
    for (const [args, status, message] of cases) {
      const res = await addCaption(...args);
      expect(res.statusCode, message).toBe(status);
      expect(res.json().message, message).toBe(message);
    }
    expect((await videoOf(id)).captions).toEqual([]);
    expect(
      (await addCaption(id, { language: 'pt-br', label: 'Português' }, { name: 'a.srt', body: SRT }))
        .statusCode,
    ).toBe(201);
    const twice = await addCaption(id, { language: 'pt-BR', label: 'Brasil' }, { name: 'a.srt', body: SRT });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(AdminMediaMessages.captionLanguageTaken);
  });
});
