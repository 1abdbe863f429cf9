import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  GetObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  type S3Client,
} from '@aws-sdk/client-s3';
import { AdminMediaMessages, API_BASE, type AdminVideo, type UploadResult } from '@reeltime/contract';
import { Upload } from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Client } from '../../adapters/storage/s3-file-store';
import { insertTitle, makeClip } from '../../media/media.fixtures';
import { probe } from '../../media/probe';
import { sourceScratchDir } from '../../media/video-source';
import { eventually, startCluster, TEST_REDIS_URL, type Cluster } from '../../testing/scaled-out';
import { signUpAdmin } from '../../testing/http';
import { s3MediaEnv } from '../../testing/s3-app';
import { createTestBucket, emptyAndDeleteBucket } from '../../testing/s3-buckets';
import { testS3Settings } from '../../testing/services';

/**
 * Console video uploads with MEDIA_STORE=s3, on the shared Ceph RGW, Redis and PostgreSQL: two API
 * processes share nothing but those, an upload started on one is finished on the other, and a
 * worker with its own DATA_DIR transcodes it from the bucket.
 */
const UPLOADS = `${API_BASE}/admin/uploads`;
const VIDEOS = `${API_BASE}/admin/videos`;
const settings = testS3Settings();
const rgw = new URL(settings.endpoint!);
const work = mkdtempSync(path.join(tmpdir(), 'reeltime-s3-uploads-'));
const workerDataDir = mkdtempSync(path.join(tmpdir(), 'reeltime-s3-worker-'));

/** A TCP relay to the RGW that the test can cut and restore: the bucket going away and coming back. */
function bucketLink() {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  return {
    get endpoint() {
      return `http://127.0.0.1:${port}`;
    },
    async up() {
      server = createServer((client) => {
        const upstream = connect(Number(rgw.port), rgw.hostname);
        track(client);
        track(upstream);
        client.pipe(upstream).pipe(client);
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
      });
      await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
      port = (server.address() as { port: number }).port;
    },
    async down() {
      const closed = new Promise((resolve) => server?.close(resolve));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}

const link = bucketLink();
let s3: S3Client;
let bucket: string;
let cluster: Cluster;
let admin: Awaited<ReturnType<typeof signUpAdmin>>;
let clip: Buffer;
let clipSeconds: number;
const savedEnv = { ...process.env };

/** The site reaches the bucket through the link only. */
const siteEnv = () => ({
  ...s3MediaEnv({ ...settings, endpoint: link.endpoint }, bucket),
  MEDIA_JOB_MAX_ATTEMPTS: '1',
});

beforeAll(async () => {
  s3 = createS3Client({ ...settings, bucket: '' });
  bucket = await createTestBucket(s3);
  await link.up();
  cluster = await startCluster(2, siteEnv());
  for (const server of cluster.servers) await server.app.listen({ port: 0, host: '127.0.0.1' });
  admin = await signUpAdmin(cluster.servers[0]!.app);
  const file = path.join(work, 'clip.mp4');
  const tools = cluster.servers[0]!.config.mediaTools;
  await makeClip(file, { seconds: 3, width: 640, height: 360, ffmpeg: tools.ffmpegPath });
  clip = readFileSync(file);
  clipSeconds = (await probe(cluster.servers[0]!.config.mediaTools, file)).durationSeconds;
});

afterAll(async () => {
  await cluster?.close();
  process.env = savedEnv;
  await link.down();
  if (bucket) await emptyAndDeleteBucket(s3, bucket);
  s3?.destroy();
  rmSync(work, { recursive: true, force: true });
  rmSync(workerDataDir, { recursive: true, force: true });
});

const originOf = (index: number) =>
  `http://127.0.0.1:${(cluster.servers[index]!.app.server.address() as { port: number }).port}`;
const db = () => cluster.servers[0]!.app.ctx.db;
const b64 = (text: string) => Buffer.from(text).toString('base64');

async function keysUnder(prefix: string): Promise<string[]> {
  const listed = await s3.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix }));
  return (listed.Contents ?? []).map((object) => object.Key!);
}

const multipartUploadsUnder = async (prefix: string) =>
  (await s3.send(new ListMultipartUploadsCommand({ Bucket: bucket, Prefix: prefix }))).Uploads ?? [];

async function objectText(key: string): Promise<string> {
  const object = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
  return object.Body!.transformToString();
}

/** tus-js-client in Node, as the console drives it, against one process; stops after `chunks` chunks if given. */
function clientUpload(
  origin: string,
  options: { titleId: number; uploadUrl?: string; stopAfterChunks?: number },
): Promise<{ url: string; body?: UploadResult }> {
  return new Promise((resolve, reject) => {
    let chunks = 0;
    const upload: Upload = new Upload(clip, {
      endpoint: `${origin}${UPLOADS}`,
      ...(options.uploadUrl ? { uploadUrl: options.uploadUrl } : {}),
      chunkSize: Math.ceil(clip.length / 3),
      retryDelays: [],
      metadata: { filename: 'clip.mp4', filetype: 'video/mp4', title_id: String(options.titleId) },
      headers: { Authorization: `Bearer ${admin.token}` },
      onChunkComplete: () => {
        if (++chunks !== options.stopAfterChunks) return;
        void upload.abort().then(() => resolve({ url: upload.url! }), reject);
      },
      onSuccess: ({ lastResponse }) =>
        resolve({
          url: upload.url!,
          body: (JSON.parse(lastResponse.getBody()) as { data: UploadResult }).data,
        }),
      onError: reject,
    });
    upload.start();
  });
}

/** An upload started on the first process and finished on the second. */
async function uploadAcrossProcesses(titleId: number) {
  const started = await clientUpload(originOf(0), { titleId, stopAfterChunks: 1 });
  const id = started.url.split('/').pop()!;
  const finished = await clientUpload(originOf(1), {
    titleId,
    uploadUrl: `${originOf(1)}${new URL(started.url).pathname}`,
  });
  return { id, result: finished.body! };
}

async function videoOf(id: number): Promise<AdminVideo> {
  const res = await cluster.servers[0]!.app.inject({ url: `${VIDEOS}/${id}`, headers: admin.auth });
  expect(res.statusCode).toBe(200);
  return res.json().data as AdminVideo;
}

const videoRow = (videoId: number) =>
  db()
    .selectFrom('videos')
    .select(['status', 'source_path', 'last_error'])
    .where('id', '=', videoId)
    .executeTakeFirstOrThrow();
const sourcePathOf = async (videoId: number) => (await videoRow(videoId)).source_path;

/** Downloads a published tree and has ffprobe read its master playlist: what a player would play. */
async function playableSeconds(videoId: number): Promise<number> {
  const prefix = `private/videos/${videoId}/`;
  const local = path.join(work, `tree-${videoId}`);
  for (const key of await keysUnder(prefix)) {
    const file = path.join(local, key.slice(prefix.length));
    await mkdir(path.dirname(file), { recursive: true });
    const object = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    writeFileSync(file, await object.Body!.transformToByteArray());
  }
  return (await probe(cluster.servers[0]!.config.mediaTools, path.join(local, 'master.m3u8')))
    .durationSeconds;
}

let waiting: { id: string; result: UploadResult };
let abandoned: string;

describe('video uploads into an S3 bucket (MEDIA_STORE=s3)', () => {
  it('continues on a second process an upload started on the first, and keeps the source in the bucket only', async () => {
    const titleId = await insertTitle(db());
    waiting = await uploadAcrossProcesses(titleId);
    const { id, result } = waiting;
    expect(id).toMatch(/^[0-9a-f]{32}$/);

    const sourceKey = `private/sources/${id}.mp4`;
    expect(await sourcePathOf(result.video_id)).toBe(sourceKey);
    const stored = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: sourceKey }));
    expect(Buffer.from(await stored.Body!.transformToByteArray())).toEqual(clip);
    expect(await keysUnder(`private/uploads/${id}`)).toEqual([]);
    expect(await multipartUploadsUnder(`private/uploads/${id}`)).toEqual([]);
    for (const server of cluster.servers)
      expect(existsSync(path.join(server.config.dataDir, 'uploads', id))).toBe(false);
    expect((await videoOf(result.video_id)).job?.state).toBe('queued');
    // Bucket keys are private: /media never serves them.
    const leak = await cluster.servers[1]!.app.inject({ url: `/media/${sourceKey}` });
    expect(leak.statusCode).toBe(404);
  });

  it('numbers on S3 parts another process wrote, and keeps nothing of a file that is not a video', async () => {
    const titleId = await insertTitle(db());
    // Over S3's 5 MiB part minimum on each process: real parts, numbered on from the other's.
    const bytes = randomBytes(11 * 1024 * 1024);
    const firstPiece = 6 * 1024 * 1024;
    const tus = { 'Tus-Resumable': '1.0.0', ...admin.auth };
    const created = await fetch(`${originOf(0)}${UPLOADS}`, {
      method: 'POST',
      headers: {
        ...tus,
        'Upload-Length': String(bytes.length),
        'Upload-Metadata': `filename ${b64('notes.mp4')},title_id ${b64(String(titleId))}`,
      },
    });
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    const id = location.split('/').pop()!;
    const patch = (origin: string, from: number, to: number) =>
      fetch(`${origin}${location}`, {
        method: 'PATCH',
        headers: { ...tus, 'Upload-Offset': String(from), 'Content-Type': 'application/offset+octet-stream' },
        body: bytes.subarray(from, to),
      });
    expect((await patch(originOf(0), 0, firstPiece)).status).toBe(204);
    const head = await fetch(`${originOf(1)}${location}`, { method: 'HEAD', headers: tus });
    expect(head.headers.get('upload-offset')).toBe(String(firstPiece));

    const last = await patch(originOf(1), firstPiece, bytes.length);
    expect(last.status).toBe(415);
    expect(((await last.json()) as { message: string }).message).toBe(AdminMediaMessages.notAVideo);
    expect(await keysUnder(`private/uploads/${id}`)).toEqual([]);
    expect(await multipartUploadsUnder(`private/uploads/${id}`)).toEqual([]);
    expect(await keysUnder(`private/sources/${id}`)).toEqual([]);
  });

  it('answers 503 in the error envelope while the bucket is unreachable, and resumes once it is back', async () => {
    const titleId = await insertTitle(db());
    const origin = originOf(0);
    const tus = { 'Tus-Resumable': '1.0.0', ...admin.auth };
    const creation = {
      ...tus,
      'Upload-Length': String(clip.length),
      'Upload-Metadata': `filename ${b64('a.mp4')},title_id ${b64(String(titleId))}`,
    };
    const created = await fetch(`${origin}${UPLOADS}`, { method: 'POST', headers: creation });
    expect(created.status).toBe(201);
    const url = `${origin}${created.headers.get('location')!}`;
    abandoned = url.split('/').pop()!;
    const half = Math.floor(clip.length / 2);
    const patch = (from: number, to: number) =>
      fetch(url, {
        method: 'PATCH',
        headers: { ...tus, 'Upload-Offset': String(from), 'Content-Type': 'application/offset+octet-stream' },
        body: clip.subarray(from, to),
      });
    expect((await patch(0, half)).status).toBe(204);

    await link.down();
    const started = performance.now();
    const head = await fetch(url, { method: 'HEAD', headers: tus });
    expect(head.status).toBe(503);
    const refused = await patch(half, clip.length);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await refused.json()).toEqual({ status: false, message: AdminMediaMessages.storageUnavailable });
    const refusedCreation = await fetch(`${origin}${UPLOADS}`, { method: 'POST', headers: creation });
    expect(refusedCreation.status).toBe(503);
    expect(performance.now() - started).toBeLessThan(20_000);

    await link.up();
    const resumed = await fetch(url, { method: 'HEAD', headers: tus });
    expect(resumed.status).toBe(200);
    expect(resumed.headers.get('upload-offset')).toBe(String(half));
  });

  it('deletes uploads past their expiry from the bucket in the sweep', async () => {
    expect((await keysUnder(`private/uploads/${abandoned}`)).length).toBeGreaterThan(0);
    const storage = cluster.servers[1]!.app.ctx.uploads;
    expect(await storage.sweepExpired()).toBe(0);
    expect(await storage.sweepExpired(Date.now() + storage.expiryMs + 60_000)).toBe(1);
    expect(await keysUnder('private/uploads/')).toEqual([]);
    expect(await multipartUploadsUnder('private/uploads/')).toEqual([]);
    const gone = await fetch(`${originOf(0)}${UPLOADS}/${abandoned}`, {
      method: 'HEAD',
      headers: { 'Tus-Resumable': '1.0.0', ...admin.auth },
    });
    expect(gone.status).toBe(404);
  });

  it('leaves no master when a transcode fails, and a retry transcodes from the bucket and deletes the source', async () => {
    const { id, result } = waiting;
    const sourceKey = `private/sources/${id}.mp4`;
    const scratch = sourceScratchDir({ dataDir: workerDataDir }, result.video_id);
    // The worker: its own DATA_DIR, and the site's database, Redis and bucket; its sandboxed
    // transcoding processes take their configuration from this environment.
    Object.assign(process.env, {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: workerDataDir,
      PUBLIC_URL: 'http://localhost:3000',
      DATABASE_URL: cluster.databaseUrl,
      REDIS_URL: TEST_REDIS_URL,
      REDIS_KEY_PREFIX: cluster.redisPrefix,
      ...siteEnv(),
    });

    await link.down();
    await cluster.servers[1]!.app.jobs.start();
    // The console's detail reads the bucket too: the database tells meanwhile.
    await eventually(async () => (await videoRow(result.video_id)).status === 'failed', 60_000);
    expect((await videoRow(result.video_id)).last_error).toBeTruthy();
    expect(await keysUnder(`private/videos/${result.video_id}/`)).toEqual([]);
    expect(await keysUnder(sourceKey)).toEqual([sourceKey]);
    expect(existsSync(scratch)).toBe(false);

    await link.up();
    const retried = await cluster.servers[0]!.app.inject({
      method: 'POST',
      url: `${VIDEOS}/${result.video_id}/retry`,
      headers: admin.auth,
    });
    expect(retried.statusCode).toBe(200);
    await eventually(async () => (await videoOf(result.video_id)).status === 'ready', 90_000);
    await eventually(async () => (await keysUnder(sourceKey)).length === 0, 10_000);

    const master = await objectText(`private/videos/${result.video_id}/master.m3u8`);
    expect(master).toMatch(/^#EXTM3U/);
    expect(Math.abs((await playableSeconds(result.video_id)) - clipSeconds)).toBeLessThan(0.5);
    expect(existsSync(scratch)).toBe(false);
    expect(existsSync(path.join(workerDataDir, 'tmp', 'transcode', String(result.video_id)))).toBe(false);
  }, 180_000);
});
