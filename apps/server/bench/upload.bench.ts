/**
 * Resumable upload benchmark: `npm run bench:upload` (UPLOAD_BENCH_MB=1024, UPLOAD_BENCH_CHUNK_MB=64,
 * UPLOAD_BENCH_ROUNDS=2 by default).
 *
 * Starts the real server (production mode, no background jobs) on 127.0.0.1 with a temporary
 * DATA_DIR, signs in an admin, and sends the same bytes twice per round: once written to a plain
 * file on the same disk with a write stream (the ceiling), once as a tus upload over loopback
 * (POST to create it, then PATCH requests of one chunk each, each a real HTTP request through
 * Fastify, the admin scope and @tus/server into @tus/file-store). The bytes are random, so the
 * last PATCH ends with the server's ffprobe check refusing them (415): that check is part of the
 * timed upload, as an operator would wait for it too. Prints MB/s of both and their ratio; the
 * best round of each counts. Everything is removed at the end.
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import { AdminVideoUploadEndpoints, API_BASE } from '@reeltime/contract';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { insertTitle } from '../src/media/media.fixtures';

const HOST = '127.0.0.1';
const MB = 1024 * 1024;

function positive(name: string, fallback: number): number {
  const text = process.env[name];
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
}

const totalBytes = Math.round(positive('UPLOAD_BENCH_MB', 1024) * MB);
const chunkBytes = Math.min(totalBytes, Math.round(positive('UPLOAD_BENCH_CHUNK_MB', 64) * MB));
const rounds = Math.round(positive('UPLOAD_BENCH_ROUNDS', 2));
/** The bytes sent, as a block repeated: enough to defeat compression, small enough to hold in memory. */
const BLOCK = randomBytes(Math.min(16 * MB, totalBytes));

/** Yields `length` bytes of the repeated block, in pieces of at most 1 MB (as a file read would). */
function* pieces(offset: number, length: number): Generator<Buffer> {
  const piece = MB;
  let sent = 0;
  while (sent < length) {
    const start = (offset + sent) % BLOCK.length;
    const size = Math.min(piece, length - sent, BLOCK.length - start);
    yield BLOCK.subarray(start, start + size);
    sent += size;
  }
}

async function writeBody(stream: NodeJS.WritableStream, offset: number, length: number): Promise<void> {
  for (const piece of pieces(offset, length)) {
    if (!stream.write(piece)) await once(stream, 'drain');
  }
}

async function plainWrite(file: string): Promise<number> {
  const started = performance.now();
  const stream = createWriteStream(file);
  await writeBody(stream, 0, totalBytes);
  stream.end();
  await once(stream, 'close');
  return (performance.now() - started) / 1000;
}

/**
 * The tus client runs in a worker thread, so sending the bytes does not share the server's event
 * loop (an operator's browser is another process too). Plain JavaScript, evaluated in the worker.
 */
const CLIENT_SOURCE = `
const http = require('node:http');
const { once } = require('node:events');
const { parentPort, workerData } = require('node:worker_threads');
const { port, token, titleId, totalBytes, chunkBytes, block, uploadsPath } = workerData;
const MB = 1024 * 1024;
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const auth = { authorization: 'Bearer ' + token, 'tus-resumable': '1.0.0' };
const b64 = (text) => Buffer.from(text).toString('base64');

async function writeBody(stream, offset, length) {
  let sent = 0;
  while (sent < length) {
    const start = (offset + sent) % block.length;
    const size = Math.min(MB, length - sent, block.length - start);
    if (!stream.write(block.subarray(start, start + size))) await once(stream, 'drain');
    sent += size;
  }
}

function request(method, path, headers, body) {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path, headers, agent }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, text: Buffer.concat(chunks).toString() }));
      res.on('error', reject);
    });
    req.on('error', reject);
    if (!body) return req.end();
    writeBody(req, body.offset, body.length).then(() => req.end(), reject);
  });
}

async function upload() {
  const started = performance.now();
  const created = await request('POST', uploadsPath, {
    ...auth,
    'upload-length': String(totalBytes),
    'upload-metadata': 'filename ' + b64('bench.bin') + ',title_id ' + b64(String(titleId)),
  });
  if (created.status !== 201) throw new Error('create: ' + created.status + ' ' + created.text);
  const location = String(created.headers.location);
  let offset = 0;
  while (offset < totalBytes) {
    const length = Math.min(chunkBytes, totalBytes - offset);
    const res = await request('PATCH', location, {
      ...auth,
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
      'content-length': String(length),
    }, { offset, length });
    offset += length;
    const last = offset === totalBytes;
    // The last PATCH is answered by the ffprobe check: random bytes are not a video.
    if (last ? res.status !== 415 : res.status !== 204) throw new Error('PATCH: ' + res.status + ' ' + res.text);
    if (!last && Number(res.headers['upload-offset']) !== offset) throw new Error('the server lost bytes');
  }
  return (performance.now() - started) / 1000;
}

upload().then((seconds) => { agent.destroy(); parentPort.postMessage(seconds); }, (error) => { throw error; });
`;

async function tusUpload(port: number, token: string, titleId: number): Promise<number> {
  const worker = new Worker(CLIENT_SOURCE, {
    eval: true,
    workerData: {
      port,
      token,
      titleId,
      totalBytes,
      chunkBytes,
      block: BLOCK,
      uploadsPath: `${API_BASE}${AdminVideoUploadEndpoints.create.path}`,
    },
  });
  const [seconds] = (await Promise.race([
    once(worker, 'message'),
    once(worker, 'error').then(([error]) => Promise.reject(error as Error)),
  ])) as [number];
  await worker.terminate();
  return seconds;
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'reeltime-upload-bench-'));
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    IN_PROCESS_WORKER: 'false',
    MEDIA_UPLOAD_MAX_BYTES: String(Math.max(totalBytes, MB)),
    RATE_LIMIT_AUTH_MAX: '1000',
  });
  const app = await buildApp(config);
  try {
    await app.listen({ host: HOST, port: 0 });
    const { port } = app.server.address() as AddressInfo;
    const account = {
      first_name: 'Bench',
      last_name: 'Admin',
      email: 'bench@example.com',
      password: 'bench-secret-1',
    };
    const registered = await app.inject({ method: 'POST', url: `${API_BASE}/register`, payload: account });
    if (registered.statusCode !== 201) throw new Error(`register: ${registered.body}`);
    await app.ctx.db.updateTable('users').set({ is_admin: 1 }).where('email', '=', account.email).execute();
    const login = await app.inject({
      method: 'POST',
      url: `${API_BASE}/login`,
      payload: { email: account.email, password: account.password },
    });
    const token = (login.json() as { data: { api_token: string } }).data.api_token;
    const titleId = await insertTitle(app.ctx.db);

    const mb = totalBytes / 1_000_000;
    console.log(
      `Uploading ${(totalBytes / MB).toFixed(0)} MiB (${mb.toFixed(0)} MB) in ${(chunkBytes / MB).toFixed(0)} MiB PATCHes over loopback, ${rounds} round(s)\n`,
    );
    let bestPlain = Infinity;
    let bestTus = Infinity;
    const ratios: number[] = [];
    for (let round = 1; round <= rounds; round++) {
      const file = path.join(dataDir, 'plain.bin');
      const plain = await plainWrite(file);
      await rm(file, { force: true });
      const tus = await tusUpload(port, token, titleId);
      bestPlain = Math.min(bestPlain, plain);
      bestTus = Math.min(bestTus, tus);
      ratios.push(plain / tus);
      console.log(
        `round ${round}: plain write ${(mb / plain).toFixed(0)} MB/s (${plain.toFixed(2)} s), tus upload ${(mb / tus).toFixed(0)} MB/s (${tus.toFixed(2)} s)`,
      );
    }
    const plainRate = mb / bestPlain;
    const tusRate = mb / bestTus;
    console.log(`\nplain file write   ${plainRate.toFixed(0)} MB/s`);
    console.log(`tus upload         ${tusRate.toFixed(0)} MB/s`);
    console.log(`ratio              ${((tusRate / plainRate) * 100).toFixed(0)}% (target >= 70%)`);
    // The page cache makes plain writes vary a lot between rounds; a round compares like with like.
    const sorted = [...ratios].sort((a, b) => a - b);
    const median = sorted[Math.floor((sorted.length - 1) / 2)]!;
    console.log(`median of rounds   ${(median * 100).toFixed(0)}%`);
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
