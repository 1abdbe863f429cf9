/**
 * Media from object storage: `npm run bench:media-store -w @reeltime/server` (part of
 * `npm run bench:media`).
 *
 * Starts a Ceph RADOS Gateway of its own (Debian's radosgw, ceph-mon, ceph-osd), transcodes a
 * generated 1280x720 clip once, and puts the HLS tree both in a local DATA_DIR and in a bucket.
 * Three apps then serve it from a child process: local files, the bucket through the API
 * (MEDIA_DELIVERY=proxy) and the bucket by redirect (MEDIA_DELIVERY=redirect). The parent asks each
 * for every segment with BENCH_CONCURRENCY requests in flight for BENCH_SECONDS, following
 * redirects as players do, beside presigned GETs straight from the gateway (the baseline), and
 * prints MB/s and p50/p99 time to first byte. Then it uploads BENCH_UPLOAD_MB through tus to the
 * bucket beside one plain PutObject of the same bytes (and, for scale, through tus to the local
 * app's disk), in PATCHes of BENCH_UPLOAD_CHUNK_MB (default: the whole file in one).
 *
 * Targets: the API proxy at 0.8 or more of a direct GET; tus uploads at 0.7 or more of PutObject.
 */
import { fork, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { cp, mkdir } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  CreateBucketCommand,
  DeleteBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { makeClip } from '../src/media/media.fixtures';
// @ts-expect-error -- a plain ES module of the project's scripts, without type declarations
import { startCephS3 } from '../../../scripts/services/ceph-s3.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const CLIP_SECONDS = Number(process.env.BENCH_CLIP_SECONDS ?? 12);
const UPLOAD_MB = Number(process.env.BENCH_UPLOAD_MB ?? 64);
const UPLOAD_ROUNDS = Number(process.env.BENCH_UPLOAD_ROUNDS ?? 4);
const UPLOAD_CHUNK_BYTES = Math.round(Number(process.env.BENCH_UPLOAD_CHUNK_MB ?? Infinity) * 1024 * 1024);
const VIDEO_ID = 1;
const PROXY_TARGET = 0.8;
const UPLOAD_TARGET = 0.7;

interface S3Env {
  S3_BUCKET: string;
  S3_REGION: string;
  S3_ENDPOINT: string;
  S3_ACCESS_KEY_ID: string;
  S3_SECRET_ACCESS_KEY: string;
  S3_FORCE_PATH_STYLE: string;
}

interface Served {
  /** Port of each app, by name. */
  ports: Record<AppName, number>;
  /** The signed folder of video 1 (`/media/s/…/videos/1/`), valid on every app (one key). */
  signedBase: string;
  /** An admin's token and a title of theirs on the proxy and the local app, for the tus uploads. */
  uploaders: Record<'proxy' | 'local', { adminToken: string; titleId: number }>;
}

type AppName = 'local' | 'proxy' | 'redirect';

// ---------------------------------------------------------------- child: the three apps

async function serve(localDataDir: string, s3: S3Env): Promise<void> {
  const { loadConfig } = await import('../src/config');
  const { buildApp } = await import('../src/app');
  const { signedVideoUrl } = await import('../src/media/signed-url');
  const signingKey = randomBytes(32).toString('hex');
  const start = async (name: AppName, env: Record<string, string>) => {
    const config = loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: name === 'local' ? localDataDir : mkdtempSync(path.join(tmpdir(), `reeltime-bench-${name}-`)),
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      MEDIA_WORKER_CONCURRENCY: '0',
      MEDIA_SIGNING_KEY: signingKey,
      SEED_DEMO: 'false',
      ...env,
    });
    const app = await buildApp(config);
    await app.listen({ port: 0, host: '127.0.0.1' });
    return { app, config, port: (app.server.address() as AddressInfo).port };
  };
  const local = await start('local', {});
  const proxy = await start('proxy', { ...s3, MEDIA_STORE: 's3', MEDIA_DELIVERY: 'proxy' });
  const redirect = await start('redirect', { ...s3, MEDIA_STORE: 's3', MEDIA_DELIVERY: 'redirect' });

  const uploader = async (app: typeof proxy.app) => {
    const email = `bench-${randomBytes(4).toString('hex')}@example.com`;
    const password = 'bench-password-1';
    const registered = await app.inject({
      method: 'POST',
      url: '/api/v1/register',
      payload: { first_name: 'Bench', last_name: 'Admin', email, password },
    });
    if (registered.statusCode !== 201) throw new Error(`register: ${registered.body}`);
    await app.ctx.db.updateTable('users').set({ is_admin: 1 }).where('email', '=', email).execute();
    const login = await app.inject({ method: 'POST', url: '/api/v1/login', payload: { email, password } });
    const adminToken = (login.json() as { data: { api_token: string } }).data.api_token;
    const title = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/titles',
      headers: { authorization: `Bearer ${adminToken}` },
      payload: { type: 'movie', name: 'Bench upload', is_free: true, is_published: false },
    });
    if (title.statusCode !== 201) throw new Error(`title: ${title.body}`);
    return { adminToken, titleId: (title.json() as { data: { id: number } }).data.id };
  };

  const served: Served = {
    ports: { local: local.port, proxy: proxy.port, redirect: redirect.port },
    signedBase: signedVideoUrl(local.config, VIDEO_ID).replace(/master\.m3u8$/, ''),
    uploaders: { proxy: await uploader(proxy.app), local: await uploader(local.app) },
  };
  process.send!(served);
  process.on('message', async (message) => {
    if (message === 'cpu') return process.send!({ cpu: process.cpuUsage() });
    if (message !== 'stop') return;
    await Promise.all([local.app.close(), proxy.app.close(), redirect.app.close()]);
    process.exit(0);
  });
}

// ---------------------------------------------------------------- parent: load and report

interface Figures {
  mbPerSecond: number;
  /** CPU the API process spent per MiB served (undefined for the gateway alone). */
  apiCpuMsPerMb?: number;
  requests: number;
  p50: number;
  p99: number;
  failures: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** What one window of load on one path gave. */
interface Sample {
  ttfb: number[];
  bytes: number;
  failures: number;
  seconds: number;
  /** CPU the API process spent meanwhile (none for the gateway alone). */
  apiCpuMs?: number;
}

/** BENCH_CONCURRENCY loops asking for the URLs in turn for `seconds`; redirects are followed. */
async function load(urls: string[], seconds: number): Promise<Sample> {
  const ttfb: number[] = [];
  let bytes = 0;
  let failures = 0;
  let next = 0;
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < deadline) {
        const url = urls[next++ % urls.length]!;
        const asked = performance.now();
        try {
          const res = await fetch(url);
          ttfb.push(performance.now() - asked);
          const body = await res.arrayBuffer();
          if (res.status !== 200) failures++;
          else bytes += body.byteLength;
        } catch {
          failures++;
        }
      }
    }),
  );
  return { ttfb, bytes, failures, seconds: (performance.now() - started) / 1000 };
}

function figuresOf(samples: Sample[]): Figures {
  const ttfb = samples.flatMap((sample) => sample.ttfb).sort((a, b) => a - b);
  const mib = samples.reduce((sum, sample) => sum + sample.bytes, 0) / 1024 / 1024;
  const seconds = samples.reduce((sum, sample) => sum + sample.seconds, 0);
  const cpuMs = samples.reduce((sum, sample) => sum + (sample.apiCpuMs ?? 0), 0);
  return {
    mbPerSecond: mib / seconds,
    apiCpuMsPerMb: samples[0]?.apiCpuMs === undefined ? undefined : cpuMs / mib,
    requests: ttfb.length,
    p50: percentile(ttfb, 50),
    p99: percentile(ttfb, 99),
    failures: samples.reduce((sum, sample) => sum + sample.failures, 0),
  };
}

/** Every segment file of the tree, relative to it. */
function segmentFiles(tree: string): string[] {
  return readdirSync(tree, { recursive: true, encoding: 'utf8' }).filter((name) =>
    /\.(ts|m4s|mp4)$/.test(name),
  );
}

async function emptyBucket(client: S3Client, bucket: string) {
  const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
  for (const { Key } of listed.Contents ?? [])
    await client.send(new DeleteObjectCommand({ Bucket: bucket, Key }));
}

/**
 * One request with node:http, the client the SDK's PutObject (the baseline) uses too: undici's
 * fetch sends a large body at about 90 MB/s, which would cap the tus figure on the client's side.
 */
function send(
  url: URL,
  method: string,
  headers: Record<string, string>,
  body?: Buffer,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method, headers: { ...headers, 'content-length': String(body?.length ?? 0) } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            text: Buffer.concat(chunks).toString(),
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/**
 * A tus upload of `bytes`: every byte but the last in PATCHes of UPLOAD_CHUNK_BYTES (the transfer),
 * then the last byte, which makes the server probe and accept (here refuse: random bytes) the
 * file. The two are timed apart.
 */
async function tusUpload(
  base: string,
  { adminToken, titleId }: { adminToken: string; titleId: number },
  bytes: Buffer,
): Promise<{ transferMs: number; finishMs: number }> {
  const headers = { authorization: `Bearer ${adminToken}`, 'tus-resumable': '1.0.0' };
  const patch = (location: URL, offset: number, body: Buffer) =>
    send(
      location,
      'PATCH',
      {
        ...headers,
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
      },
      body,
    );
  const started = performance.now();
  const created = await send(new URL(`${base}/api/v1/admin/uploads`), 'POST', {
    ...headers,
    'upload-length': String(bytes.length),
    'upload-metadata': `filename ${Buffer.from('bench.mp4').toString('base64')},title_id ${Buffer.from(String(titleId)).toString('base64')}`,
  });
  if (created.status !== 201) throw new Error(`tus create: ${created.status} ${created.text}`);
  const location = new URL(String(created.headers.location), base);
  const last = bytes.length - 1;
  for (let offset = 0; offset < last; offset += UPLOAD_CHUNK_BYTES) {
    const transferred = await patch(
      location,
      offset,
      bytes.subarray(offset, Math.min(last, offset + UPLOAD_CHUNK_BYTES)),
    );
    if (transferred.status !== 204) throw new Error(`tus PATCH: ${transferred.status} ${transferred.text}`);
  }
  const transferMs = performance.now() - started;
  const finished = await patch(location, last, bytes.subarray(last));
  // 415: the probe refused the random bytes, as it must.
  if (finished.status !== 415 && finished.status !== 200)
    throw new Error(`tus last PATCH: ${finished.status} ${finished.text}`);
  return { transferMs, finishMs: performance.now() - started - transferMs };
}

async function main(): Promise<void> {
  const work = mkdtempSync(path.join(tmpdir(), 'reeltime-bench-media-store-'));
  const cephStops: Array<() => Promise<void>> = [];
  let child: ChildProcess | undefined;
  let client: S3Client | undefined;
  const bucket = `reeltime-bench-${randomBytes(4).toString('hex')}`;
  try {
    console.log('Starting a Ceph RADOS Gateway…');
    await mkdir(path.join(work, 'ceph'));
    const ceph = (await startCephS3(path.join(work, 'ceph'), (stop: () => Promise<void>) =>
      cephStops.push(stop),
    )) as { url: string };
    const gateway = new URL(ceph.url);
    const s3: S3Env = {
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ENDPOINT: gateway.origin,
      S3_ACCESS_KEY_ID: decodeURIComponent(gateway.username),
      S3_SECRET_ACCESS_KEY: decodeURIComponent(gateway.password),
      S3_FORCE_PATH_STYLE: 'true',
    };
    client = new S3Client({
      endpoint: s3.S3_ENDPOINT,
      region: s3.S3_REGION,
      forcePathStyle: true,
      credentials: { accessKeyId: s3.S3_ACCESS_KEY_ID, secretAccessKey: s3.S3_SECRET_ACCESS_KEY },
    });
    await client.send(new CreateBucketCommand({ Bucket: bucket }));

    const { transcodeToHls } = await import('../src/media/pipeline');
    const { createS3Client, createS3FileStore } = await import('../src/adapters/storage/s3-file-store');
    const source = path.join(work, 'source.mp4');
    console.log(`Generating and transcoding a ${CLIP_SECONDS} s 1280x720 clip…`);
    await makeClip(source, { seconds: CLIP_SECONDS, width: 1280, height: 720, fps: 30 });
    const localDataDir = path.join(work, 'local');
    const tree = path.join(localDataDir, 'media', 'private', 'videos', String(VIDEO_ID));
    await transcodeToHls({ ffmpegPath: 'ffmpeg', ffprobePath: 'ffprobe' }, { source, outDir: tree });
    const store = createS3FileStore({
      client: createS3Client({
        bucket,
        region: s3.S3_REGION,
        endpoint: s3.S3_ENDPOINT,
        credentials: { accessKeyId: s3.S3_ACCESS_KEY_ID, secretAccessKey: s3.S3_SECRET_ACCESS_KEY },
        forcePathStyle: true,
      }),
      bucket,
    });
    const copy = path.join(work, 'copy');
    await cp(tree, copy, { recursive: true });
    await store.importDirectory(copy, `private/videos/${VIDEO_ID}`);
    const segments = segmentFiles(tree);
    const bytesEach = segments.map((file) => statSync(path.join(tree, file)).size);
    console.log(
      `  ${segments.length} segments, ${(bytesEach.reduce((a, b) => a + b, 0) / segments.length / 1024).toFixed(0)} KiB on average`,
    );

    child = fork(fileURLToPath(import.meta.url), ['serve', localDataDir, JSON.stringify(s3)], {
      execArgv: ['--import', 'tsx'],
      stdio: 'inherit',
    });
    const served = await new Promise<Served>((resolve, reject) => {
      child!.once('message', (message) => resolve(message as Served));
      child!.once('exit', (code) => reject(new Error(`server process exited with ${code}`)));
    });

    const appUrls = (name: AppName) =>
      segments.map(
        (file) =>
          `http://127.0.0.1:${served.ports[name]}${served.signedBase}${file.split(path.sep).join('/')}`,
      );
    const direct = await Promise.all(
      segments.map((file) =>
        getSignedUrl(
          client!,
          new GetObjectCommand({
            Bucket: bucket,
            Key: `private/videos/${VIDEO_ID}/${file.split(path.sep).join('/')}`,
          }),
          { expiresIn: 600 },
        ),
      ),
    );
    const check = await fetch(appUrls('redirect')[0]!, { redirect: 'manual' });
    await check.arrayBuffer();
    if (check.status !== 302) throw new Error(`the redirect app answered ${check.status} to a segment`);

    console.log(
      `\nSegments: ${CONCURRENCY} requests in flight, ${SECONDS} s on each path in turns of 1 s after a 1 s warm-up, whole segments, redirects followed:`,
    );
    const apiCpuMs = () =>
      new Promise<number>((resolve) => {
        child!.once('message', (message) => {
          const { cpu } = message as { cpu: NodeJS.CpuUsage };
          resolve((cpu.user + cpu.system) / 1000);
        });
        child!.send('cpu');
      });
    const paths = [
      { name: 'gateway, presigned GET (baseline)', urls: direct, api: false },
      { name: 'local files via the API', urls: appUrls('local'), api: true },
      { name: 'S3 via the API (proxy)', urls: appUrls('proxy'), api: true },
      { name: 'S3 by redirect', urls: appUrls('redirect'), api: true },
    ];
    // The machine is shared: the paths take turns, a second at a time, so that whatever else runs
    // weighs on each of them alike.
    for (const { urls } of paths) await load(urls, 1);
    const samples = paths.map(() => [] as Sample[]);
    for (let round = 0; round < SECONDS; round++) {
      for (let turn = 0; turn < paths.length; turn++) {
        const index = (round + turn) % paths.length;
        const { urls, api } = paths[index]!;
        const cpuBefore = api ? await apiCpuMs() : 0;
        const sample = await load(urls, 1);
        if (api) sample.apiCpuMs = (await apiCpuMs()) - cpuBefore;
        samples[index]!.push(sample);
      }
    }
    const rows = paths.map(({ name }, index) => [name, figuresOf(samples[index]!)] as const);
    console.log(
      `\n  ${'path'.padEnd(34)} ${'MB/s'.padStart(8)} ${'req'.padStart(7)} ${'TTFB p50'.padStart(9)} ${'TTFB p99'.padStart(9)} ${'failed'.padStart(7)} ${'API CPU ms/MiB'.padStart(15)}`,
    );
    for (const [name, r] of rows)
      console.log(
        `  ${name.padEnd(34)} ${r.mbPerSecond.toFixed(1).padStart(8)} ${String(r.requests).padStart(7)} ${r.p50.toFixed(1).padStart(6)} ms ${r.p99.toFixed(1).padStart(6)} ms ${String(r.failures).padStart(7)} ${(r.apiCpuMsPerMb === undefined ? '-' : r.apiCpuMsPerMb.toFixed(1)).padStart(15)}`,
      );
    const baseline = rows[0]![1];
    const proxy = rows[2]![1];
    const proxyRatio = proxy.mbPerSecond / baseline.mbPerSecond;
    console.log(
      `\n  S3 proxy / direct GET: ${(proxyRatio * 100).toFixed(0)}% of throughput (target ≥ ${PROXY_TARGET * 100}%) ${proxyRatio >= PROXY_TARGET ? 'OK' : 'BELOW TARGET'}`,
    );

    const bytes = randomBytes(UPLOAD_MB * 1024 * 1024);
    const chunking = Number.isFinite(UPLOAD_CHUNK_BYTES)
      ? `PATCHes of ${UPLOAD_CHUNK_BYTES / 1024 / 1024} MiB`
      : 'one PATCH';
    console.log(
      `\nUploads of ${UPLOAD_MB} MiB (tus in ${chunking}), ${UPLOAD_ROUNDS} turns each, the best of each:`,
    );
    // Turns again, PutObject first then tus first, and each its best time.
    const putTimes: number[] = [];
    const tusTimes: Array<{ transferMs: number; finishMs: number }> = [];
    const localTusTimes: number[] = [];
    const putObject = async () => {
      const started = performance.now();
      await client!.send(new PutObjectCommand({ Bucket: bucket, Key: 'bench/put-object', Body: bytes }));
      putTimes.push(performance.now() - started);
    };
    const tusOnce = async () => {
      const base = `http://127.0.0.1:${served.ports.proxy}`;
      tusTimes.push(await tusUpload(base, served.uploaders.proxy, bytes));
      const local = `http://127.0.0.1:${served.ports.local}`;
      localTusTimes.push((await tusUpload(local, served.uploaders.local, bytes)).transferMs);
    };
    for (let round = 0; round < UPLOAD_ROUNDS; round++) {
      if (round % 2 === 0) await putObject().then(tusOnce);
      else await tusOnce().then(putObject);
    }
    const putMs = Math.min(...putTimes);
    const tus = tusTimes.reduce((best, time) => (time.transferMs < best.transferMs ? time : best));
    const rate = (millis: number) => UPLOAD_MB / (millis / 1000);
    const rates = (times: number[]) => times.map((time) => rate(time).toFixed(0)).join(', ');
    console.log(
      `  ${'PutObject to the bucket (baseline)'.padEnd(34)} ${rate(putMs).toFixed(1).padStart(8)} MB/s  (each turn: ${rates(putTimes)})`,
    );
    console.log(
      `  ${'tus through the API to the bucket'.padEnd(34)} ${rate(tus.transferMs).toFixed(1).padStart(8)} MB/s  (each turn: ${rates(tusTimes.map((time) => time.transferMs))})`,
    );
    console.log(
      `  ${'tus to local disk, for scale'.padEnd(34)} ${rate(Math.min(...localTusTimes))
        .toFixed(1)
        .padStart(8)} MB/s  (each turn: ${rates(localTusTimes)})`,
    );
    console.log(
      `  (then the last byte, the probe and the refusal of the random bytes: ${tus.finishMs.toFixed(0)} ms)`,
    );
    const uploadRatio = putMs / tus.transferMs;
    console.log(
      `\n  tus / PutObject: ${(uploadRatio * 100).toFixed(0)}% (target ≥ ${UPLOAD_TARGET * 100}%) ${uploadRatio >= UPLOAD_TARGET ? 'OK' : 'BELOW TARGET'}`,
    );
    if (rows.some(([, r]) => r.failures > 0)) process.exitCode = 1;
  } finally {
    if (child && child.exitCode === null) {
      child.send('stop');
      await new Promise((resolve) => child!.once('exit', resolve));
    }
    if (client) {
      await emptyBucket(client, bucket).catch(() => undefined);
      await client.send(new DeleteBucketCommand({ Bucket: bucket })).catch(() => undefined);
      client.destroy();
    }
    while (cephStops.length > 0) await cephStops.pop()!().catch(() => undefined);
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[2] === 'serve') {
  void serve(process.argv[3]!, JSON.parse(process.argv[4]!) as S3Env);
} else {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
