import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { CreateBucketCommand, type S3Client } from '@aws-sdk/client-s3';
import { ServerMessages } from '@reeltime/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cephS3 } from '../../../../scripts/services/ceph-s3.mjs';
import { createS3Client } from '../adapters/storage/s3-file-store';
import { startTestServer, type TestServer } from '../testing/app';
import { s3MediaEnv } from '../testing/s3-app';
import { s3SettingsOf } from '../testing/services';
import { eventually } from '../testing/scaled-out';
import { signedVideoUrl } from './signed-url';

/**
 * A Ceph cluster of this test's own (the shared one must stay up), whose radosgw it kills and
 * starts again: the bucket's outage as a real gateway going away, and its return.
 */
const cephDir = mkdtempSync(path.join(tmpdir(), 'reeltime-ceph-outage-'));
const stops: Array<() => Promise<void> | void> = [];
let gatewayUrl: URL;
let client: S3Client;
let server: TestServer;
const bucket = 'reeltime-outage';
const avatar = Buffer.from('an avatar that is not really an image');

/** The radosgw process of this test's cluster: the one whose command line names its ceph.conf. */
function gatewayPid(): number | undefined {
  const conf = path.join(cephDir, 'ceph.conf');
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const args = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      if (path.basename(args[0] ?? '') === 'radosgw' && args.includes(conf)) return Number(entry);
    } catch {
      // gone meanwhile
    }
  }
  return undefined;
}

const gatewayAnswers = () =>
  fetch(gatewayUrl.origin).then(
    (res) => res.status === 200,
    () => false,
  );

async function killGateway(): Promise<void> {
  const pid = gatewayPid();
  if (!pid) throw new Error('radosgw of the test cluster is not running');
  process.kill(pid, 'SIGKILL');
  await eventually(async () => !(await gatewayAnswers()), 10_000);
}

/** SIGSTOP: the gateway still accepts connections (the kernel does) but never answers. */
function freezeGateway(frozen: boolean): void {
  const pid = gatewayPid();
  if (!pid) throw new Error('radosgw of the test cluster is not running');
  process.kill(pid, frozen ? 'SIGSTOP' : 'SIGCONT');
}

async function startGateway(): Promise<void> {
  const gateway = spawn('radosgw', ['-f', '-c', path.join(cephDir, 'ceph.conf'), '-n', 'client.rgw.a'], {
    cwd: cephDir,
    detached: true,
    stdio: 'ignore',
  });
  stops.push(() => void (gateway.exitCode === null && gateway.kill('SIGKILL')));
  await eventually(gatewayAnswers, 30_000);
}

beforeAll(async () => {
  if (!cephS3.installed()) throw new Error(`these tests need the Debian packages ${cephS3.debianPackage}`);
  gatewayUrl = new URL(await cephS3.start(cephDir, (stop) => void stops.push(stop)));
  const settings = s3SettingsOf(gatewayUrl);
  client = createS3Client({ ...settings, bucket });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  server = await startTestServer(s3MediaEnv(settings, bucket));
  await server.app.ctx.files.write('uploads/avatars/a.webp', Readable.from([avatar]));
  await server.app.ctx.files.write('private/videos/7/master.m3u8', Readable.from(['#EXTM3U\n']));
}, 120_000);

afterAll(async () => {
  await server?.close();
  client?.destroy();
  // The whole cluster (and its bucket) goes with its folder.
  for (const stop of stops.reverse()) await stop();
  rmSync(cephDir, { recursive: true, force: true });
}, 60_000);

const readyz = async () => (await server.app.inject('/readyz')).json().data as Record<string, string>;

describe('media while the bucket is unreachable (MEDIA_STORE=s3)', () => {
  it('answers media requests with a 503 envelope, reports the media store down, and recovers when the gateway is back', async () => {
    const signed = signedVideoUrl(server.config, 7, 'master.m3u8');
    expect((await server.app.inject('/media/uploads/avatars/a.webp')).statusCode).toBe(200);
    expect(await readyz()).toEqual({
      status: 'ready',
      database: expect.any(String),
      media_store: 's3',
      media: 'up',
    });

    await killGateway();
    for (const url of ['/media/uploads/avatars/a.webp', signed]) {
      const started = performance.now();
      const res = await server.app.inject(url);
      const elapsed = performance.now() - started;
      expect(res.statusCode, url).toBe(503);
      expect(res.headers['retry-after'], url).toBe('5');
      expect(res.json(), url).toEqual({ status: false, message: ServerMessages.unavailable });
      // Refused connections fail fast: no hanging request.
      expect(elapsed, url).toBeLessThan(3_000);
    }
    // The last check is kept a few seconds; the next says the bucket is gone.
    await eventually(async () => (await readyz()).media === 'down', 10_000);
    const ready = await server.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json().data).toEqual({
      status: 'degraded',
      database: expect.any(String),
      media_store: 's3',
      media: 'down',
    });

    await startGateway();
    await eventually(
      async () => (await server.app.inject('/media/uploads/avatars/a.webp')).statusCode === 200,
    );
    const back = await server.app.inject('/media/uploads/avatars/a.webp');
    expect(back.rawPayload).toEqual(avatar);
    expect((await server.app.inject(signed)).body).toBe('#EXTM3U\n');
    await eventually(async () => (await readyz()).media === 'up', 10_000);
    expect((await readyz()).status).toBe('ready');
  }, 90_000);

  it('gives up on a gateway that stopped answering within seconds, with a 503, and recovers when it answers again', async () => {
    await eventually(async () => (await readyz()).media === 'up', 10_000);
    freezeGateway(true);
    try {
      const started = performance.now();
      const res = await server.app.inject('/media/uploads/avatars/a.webp');
      const elapsed = performance.now() - started;
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: false, message: ServerMessages.unavailable });
      // Two attempts of at most 5 s of silence each (and some slack for a busy machine).
      expect(elapsed).toBeGreaterThan(9_000);
      expect(elapsed).toBeLessThan(15_000);
      await eventually(async () => (await readyz()).media === 'down', 10_000);
    } finally {
      freezeGateway(false);
    }
    await eventually(
      async () => (await server.app.inject('/media/uploads/avatars/a.webp')).statusCode === 200,
    );
    await eventually(async () => (await readyz()).media === 'up', 10_000);
  }, 60_000);
});
