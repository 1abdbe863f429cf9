/**
 * Media benchmark: `npm run bench:media -w @reeltime/server`.
 *
 * 1. Transcodes a generated 1280x720 clip to an HLS tree in a temporary DATA_DIR and prints how
 *    fast each rendition encoded, as a multiple of real time.
 * 2. Starts, in a child process, the real app (buildApp, LOG_LEVEL warn) and a bare node:http +
 *    fs.createReadStream server over the same files, both on 127.0.0.1.
 * 3. Runs autocannon (100 connections, 10 s each after a short warm-up) against the segments with
 *    Range headers, signed URLs for the app, and prints MB/s, req/s and the app/bare ratio
 *    (target: at least 80%). BENCH_SECONDS, BENCH_CONNECTIONS, BENCH_CLIP_SECONDS and
 *    BENCH_RANGE_KB (small ranges stress per-request overhead) change the run.
 *
 * Loopback only; everything it creates is removed at the end.
 */
import autocannon from 'autocannon';
import { fork, type ChildProcess } from 'node:child_process';
import { createReadStream, mkdtempSync, rmSync, stat, type Stats } from 'node:fs';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { makeClip } from '../src/media/media.fixtures';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);
const CLIP_SECONDS = Number(process.env.BENCH_CLIP_SECONDS ?? 12);
/** Range size; 0 asks for each segment in two halves, as a player reading whole segments would. */
const RANGE_BYTES = Number(process.env.BENCH_RANGE_KB ?? 0) * 1024;
const VIDEO_ID = 1;
const TARGET = 0.8;

interface Ports {
  app: number;
  bare: number;
  signedBase: string;
}

// ---------------------------------------------------------------- child: the two servers

/** The baseline: the least a static server can do (stat, optional single range, stream). */
function bareStaticServer(root: string): http.Server {
  return http.createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const file = path.join(root, pathname);
    if (!file.startsWith(root + path.sep)) {
      res.writeHead(403).end();
      return;
    }
    stat(file, (error: NodeJS.ErrnoException | null, info: Stats) => {
      if (error || !info.isFile()) {
        res.writeHead(404).end();
        return;
      }
      let start = 0;
      let end = info.size - 1;
      let status = 200;
      const range = /^bytes=(\d*)-(\d*)$/.exec(req.headers.range ?? '');
      const headers: http.OutgoingHttpHeaders = { 'content-type': 'video/mp2t', 'accept-ranges': 'bytes' };
      if (range) {
        start = range[1] ? Number(range[1]) : Math.max(0, info.size - Number(range[2]));
        end = range[1] && range[2] ? Math.min(Number(range[2]), info.size - 1) : info.size - 1;
        status = 206;
        headers['content-range'] = `bytes ${start}-${end}/${info.size}`;
      }
      headers['content-length'] = end - start + 1;
      res.writeHead(status, headers);
      createReadStream(file, { start, end }).pipe(res);
    });
  });
}

async function serve(dataDir: string): Promise<void> {
  const { loadConfig } = await import('../src/config');
  const { buildApp } = await import('../src/app');
  const { signedVideoUrl } = await import('../src/media/signed-url');
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    MEDIA_WORKER_CONCURRENCY: '0',
  });
  const app = await buildApp(config);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const bare = bareStaticServer(path.join(dataDir, 'media', 'private', 'videos', String(VIDEO_ID)));
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
  const ports: Ports = {
    app: (app.server.address() as AddressInfo).port,
    bare: (bare.address() as AddressInfo).port,
    signedBase: signedVideoUrl(config, VIDEO_ID).replace(/master\.m3u8$/, ''),
  };
  process.send!(ports);
  process.on('message', async (message) => {
    if (message !== 'stop') return;
    bare.close();
    await app.close();
    process.exit(0);
  });
}

// ---------------------------------------------------------------- parent: transcode, load, report

interface Target {
  path: string;
  range: string;
}

/** Every segment of every rendition, asked for in two halves (or BENCH_RANGE_KB chunks) with Range. */
async function segmentRequests(tree: string, prefix: string): Promise<Target[]> {
  const { parseMediaPlaylist } = await import('../src/media/hls');
  const master = await readFile(path.join(tree, 'master.m3u8'), 'utf8');
  const targets: Target[] = [];
  for (const playlistUri of master.split('\n').filter((line) => line && !line.startsWith('#'))) {
    const dir = path.posix.dirname(playlistUri);
    const playlist = parseMediaPlaylist(await readFile(path.join(tree, playlistUri), 'utf8'));
    for (const segment of playlist.segments) {
      const file = `${dir}/${segment.uri}`;
      const { size } = await promisify(stat)(path.join(tree, file));
      const chunk = RANGE_BYTES > 0 ? RANGE_BYTES : Math.ceil(size / 2);
      for (let start = 0; start < size; start += chunk) {
        targets.push({
          path: `${prefix}${file}`,
          range: `bytes=${start}-${Math.min(size, start + chunk) - 1}`,
        });
      }
    }
  }
  return targets;
}

async function load(name: string, port: number, targets: Target[], seconds: number) {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: CONNECTIONS,
    duration: seconds,
    requests: targets.map((target) => ({
      method: 'GET',
      path: target.path,
      headers: { range: target.range },
    })),
  });
  const bad = result.non2xx + result.errors + result.timeouts;
  if (bad > 0)
    console.warn(`  ${name}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`);
  return {
    mbPerSecond: result.throughput.average / 1024 / 1024,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bad,
  };
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'reeltime-bench-media-'));
  let child: ChildProcess | undefined;
  try {
    const { transcodeToHls } = await import('../src/media/pipeline');
    const source = path.join(dataDir, 'source.mp4');
    console.log(`Generating a ${CLIP_SECONDS} s 1280x720 clip…`);
    await makeClip(source, { seconds: CLIP_SECONDS, width: 1280, height: 720, fps: 30 });
    const tree = path.join(dataDir, 'media', 'private', 'videos', String(VIDEO_ID));
    console.log('Transcoding (x264 veryfast, one rendition at a time):');
    const started = performance.now();
    const result = await transcodeToHls(
      { ffmpegPath: 'ffmpeg', ffprobePath: 'ffprobe' },
      {
        source,
        outDir: tree,
        onRendition: ({ name, seconds, mediaSeconds }) =>
          console.log(
            `  ${name.padEnd(6)} ${seconds.toFixed(1).padStart(5)} s  ${(mediaSeconds / seconds).toFixed(2)}x real time`,
          ),
      },
    );
    const total = (performance.now() - started) / 1000;
    console.log(
      `  all    ${total.toFixed(1).padStart(5)} s  ${(result.durationSeconds / total).toFixed(2)}x real time (with poster, sprite, playlists)`,
    );
    for (const r of result.renditions)
      console.log(
        `  ${r.name}: ${r.width}x${r.height}, ${(r.averageBandwidth / 1000).toFixed(0)} kbit/s average, ${r.codecs.join(',')}`,
      );

    child = fork(fileURLToPath(import.meta.url), ['serve', dataDir], {
      execArgv: ['--import', 'tsx'],
      stdio: 'inherit',
    });
    const ports = await new Promise<Ports>((resolve, reject) => {
      child!.once('message', (message) => resolve(message as Ports));
      child!.once('exit', (code) => reject(new Error(`server process exited with ${code}`)));
    });

    const appTargets = await segmentRequests(tree, ports.signedBase);
    const bareTargets = await segmentRequests(tree, '/');
    const check = await fetch(`http://127.0.0.1:${ports.app}${appTargets[0]!.path}`, {
      headers: { range: appTargets[0]!.range },
    });
    if (check.status !== 206) throw new Error(`the app answered ${check.status} to a signed segment range`);
    await check.arrayBuffer();

    const ranges = RANGE_BYTES > 0 ? `${RANGE_BYTES / 1024} KiB ranges` : 'each segment in two ranges';
    console.log(
      `\nServing segments (${appTargets.length} requests: ${ranges}), ${CONNECTIONS} connections, ${SECONDS} s each after a 2 s warm-up:`,
    );
    await load('bare', ports.bare, bareTargets, 2);
    const bare = await load('bare', ports.bare, bareTargets, SECONDS);
    await load('app', ports.app, appTargets, 2);
    const app = await load('app', ports.app, appTargets, SECONDS);

    const row = (name: string, r: typeof app) =>
      `  ${name.padEnd(22)} ${r.mbPerSecond.toFixed(1).padStart(8)} ${r.requestsPerSecond.toFixed(0).padStart(8)} ${String(r.p50).padStart(7)} ${String(r.p99).padStart(7)}`;
    console.log(
      `\n  ${'server'.padEnd(22)} ${'MB/s'.padStart(8)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)}`,
    );
    console.log(row('bare node:http', bare));
    console.log(row('app (signed, Fastify)', app));
    const ratio = app.mbPerSecond / bare.mbPerSecond;
    console.log(
      `\n  app / bare: ${(ratio * 100).toFixed(0)}% of throughput, ${((app.requestsPerSecond / bare.requestsPerSecond) * 100).toFixed(0)}% of requests` +
        ` (target ≥ ${TARGET * 100}%) ${ratio >= TARGET ? 'OK' : 'BELOW TARGET'}`,
    );
    if (app.bad > 0 || bare.bad > 0) process.exitCode = 1;
  } finally {
    if (child && child.exitCode === null) {
      child.send('stop');
      await new Promise((resolve) => child!.once('exit', resolve));
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[2] === 'serve') {
  void serve(process.argv[3]!);
} else {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
