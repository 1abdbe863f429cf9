import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { PutBucketCorsCommand, type S3Client } from '@aws-sdk/client-s3';
import { ServerMessages } from '@reeltime/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../testing/app';
import { startS3TestServer, type S3TestServer } from '../testing/s3-app';
import { PRESIGNED_MAX_SECONDS } from './media.routes';
import { mediaSignature, signedVideoUrl, videoFolderPrefix } from './signed-url';

const SITE_ORIGIN = 'http://localhost:3000';
const segment360 = randomBytes(3000);
const segment1080 = randomBytes(2000);
const MASTER = [
  '#EXTM3U',
  '#EXT-X-STREAM-INF:BANDWIDTH=900000,RESOLUTION=640x360,CODECS="avc1.4d401e,mp4a.40.2"',
  '360p/index.m3u8',
  '#EXT-X-STREAM-INF:BANDWIDTH=5000000,RESOLUTION=1920x1080,CODECS="avc1.640028,mp4a.40.2"',
  '1080p/index.m3u8',
  '',
].join('\n');
const rendition = '#EXTM3U\n#EXT-X-TARGETDURATION:4\n#EXTINF:4.000,\nseg_00000.ts\n#EXT-X-ENDLIST\n';

describe('video delivery from an S3 bucket (MEDIA_DELIVERY=redirect)', () => {
  let site: S3TestServer | undefined;
  let server: TestServer;
  let client: S3Client;
  let bucket: string;
  let settings: S3TestServer['settings'];

  beforeAll(async () => {
    site = await startS3TestServer({ MEDIA_DELIVERY: 'redirect' });
    ({ server, client, bucket, settings } = site);
    // What the operator configures for players on the site's pages (docs/object-storage.md).
    await client.send(
      new PutBucketCorsCommand({
        Bucket: bucket,
        CORSConfiguration: {
          CORSRules: [
            {
              AllowedOrigins: [SITE_ORIGIN],
              AllowedMethods: ['GET', 'HEAD'],
              AllowedHeaders: ['Range'],
              ExposeHeaders: ['Content-Length', 'Content-Range'],
              MaxAgeSeconds: 3600,
            },
          ],
        },
      }),
    );
    const put = (key: string, body: string | Buffer) =>
      server.app.ctx.files.write(key, Readable.from([Buffer.from(body)]));
    await put('private/videos/7/master.m3u8', MASTER);
    await put('private/videos/7/360p/index.m3u8', rendition);
    await put('private/videos/7/360p/seg_00000.ts', segment360);
    await put('private/videos/7/1080p/index.m3u8', rendition);
    await put('private/videos/7/1080p/seg_00000.ts', segment1080);
  });
  afterAll(async () => {
    await site?.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    server.app.inject({ method: 'GET', url, headers });
  const url7 = (file: string, maxHeight = 1080, now = Date.now()) =>
    signedVideoUrl(server.config, 7, file, now, maxHeight);
  /** Where a segment request is redirected to. */
  const redirectOf = async (url: string) => {
    const res = await get(url);
    expect(res.statusCode, url).toBe(302);
    return new URL(res.headers.location!);
  };

  it('redirects segment requests to a presigned URL of the bucket, which serves the bytes and ranges', async () => {
    const res = await get(url7('360p/seg_00000.ts'));
    expect(res.statusCode).toBe(302);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.rawPayload.length).toBe(0);
    const location = new URL(res.headers.location!);
    expect(location.origin).toBe(settings.endpoint);
    expect(location.pathname).toBe(`/${bucket}/private/videos/7/360p/seg_00000.ts`);

    const whole = await fetch(location);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('video/mp2t');
    expect(whole.headers.get('cache-control')).toMatch(/^private, max-age=\d+, immutable$/);
    expect(Buffer.from(await whole.arrayBuffer())).toEqual(segment360);

    // A player's range request follows the redirect with its Range header.
    const part = await fetch(location, { headers: { range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${segment360.length}`);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(segment360.subarray(100, 200));
  });

  it('lets the site’s pages read the redirected segment across origins when the bucket has CORS for them', async () => {
    const location = await redirectOf(url7('360p/seg_00000.ts'));
    const fromSite = await fetch(location, { headers: { origin: SITE_ORIGIN } });
    expect(fromSite.status).toBe(200);
    expect(fromSite.headers.get('access-control-allow-origin')).toBe(SITE_ORIGIN);
    const fromElsewhere = await fetch(location, { headers: { origin: 'https://elsewhere.example' } });
    expect(fromElsewhere.headers.get('access-control-allow-origin')).toBeNull();
    // hls.js sends Range only for byte-range playlists, but a preflight for it must pass too.
    const preflight = await fetch(location, {
      method: 'OPTIONS',
      headers: {
        origin: SITE_ORIGIN,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'range',
      },
    });
    expect(preflight.status).toBe(200);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(SITE_ORIGIN);
  });

  it('presigns for a few minutes at most, and never past the signed URL’s own expiry', async () => {
    const longLived = await redirectOf(url7('360p/seg_00000.ts'));
    expect(Number(longLived.searchParams.get('X-Amz-Expires'))).toBe(PRESIGNED_MAX_SECONDS);

    const expires = Math.floor(Date.now() / 1000) + 90;
    const signature = mediaSignature(server.config.mediaSigningKey, videoFolderPrefix(7), expires, 1080);
    const shortLived = await redirectOf(`/media/s/${expires}/1080/${signature}/videos/7/360p/seg_00000.ts`);
    expect(Number(shortLived.searchParams.get('X-Amz-Expires'))).toBeLessThanOrEqual(90);
    expect(Number(shortLived.searchParams.get('X-Amz-Expires'))).toBeGreaterThan(80);
  });

  it('keeps serving playlists itself, the master listing only the renditions up to the cap', async () => {
    const master = await get(url7('master.m3u8', 720));
    expect(master.statusCode).toBe(200);
    expect(master.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(master.body).toContain('360p/index.m3u8');
    expect(master.body).not.toContain('1080p');
    const playlist = await get(url7('360p/index.m3u8', 720));
    expect(playlist.statusCode).toBe(200);
    expect(playlist.body).toBe(rendition);
  });

  it('refuses a rendition above the cap with 403 instead of redirecting', async () => {
    const res = await get(url7('1080p/seg_00000.ts', 720));
    expect(res.statusCode).toBe(403);
    expect(res.headers.location).toBeUndefined();
    expect((await get(url7('1080p/seg_00000.ts', 1080))).statusCode).toBe(302);
  });

  it('answers HEAD itself, as a presigned GET cannot', async () => {
    const head = await server.app.inject({ method: 'HEAD', url: url7('360p/seg_00000.ts') });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(segment360.length));
  });

  it('refuses unsigned, tampered and expired API media URLs with 403, before any redirect', async () => {
    const good = url7('360p/seg_00000.ts');
    const [, , , expires, , sig] = good.split('/');
    const flipped = `${sig!.slice(0, 10)}${sig![10] === 'A' ? 'B' : 'A'}${sig!.slice(11)}`;
    const expired = url7(
      '360p/seg_00000.ts',
      1080,
      Date.now() - (server.config.media.urlTtlSeconds + 7200) * 1000,
    );
    for (const url of [
      '/media/private/videos/7/360p/seg_00000.ts',
      good.replace(sig!, flipped),
      good.replace(`/${expires}/`, `/${Number(expires) + 3600}/`),
      good.replace('/1080/', '/2160/'),
      expired,
    ]) {
      const res = await get(url);
      expect([403, 404], url).toContain(res.statusCode);
      expect(res.headers.location, url).toBeUndefined();
      expect(res.json().status, url).toBe(false);
    }
    for (const refused of [good.replace(sig!, flipped), expired]) {
      const res = await get(refused);
      expect(res.statusCode, refused).toBe(403);
      expect(res.json(), refused).toEqual({ status: false, message: ServerMessages.forbidden });
    }
  });

  it('keeps private objects unreadable at the bucket without a valid signature', async () => {
    const direct = `${settings.endpoint}/${bucket}/private/videos/7/360p/seg_00000.ts`;
    expect((await fetch(direct)).status).toBe(403);

    const presigned = await redirectOf(url7('360p/seg_00000.ts'));
    const tampered = (change: (url: URL) => void) => {
      const copy = new URL(presigned);
      change(copy);
      return copy;
    };
    const signature = presigned.searchParams.get('X-Amz-Signature')!;
    const otherSignature = `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`;
    for (const url of [
      tampered((u) => u.searchParams.set('X-Amz-Signature', otherSignature)),
      // The same signature for another object of the bucket, or for longer.
      tampered((u) => (u.pathname = u.pathname.replace('/360p/', '/1080p/'))),
      tampered((u) => u.searchParams.set('X-Amz-Expires', '604800')),
      tampered((u) => u.searchParams.delete('X-Amz-Signature')),
    ]) {
      expect((await fetch(url)).status, url.href).toBe(403);
    }
    expect((await fetch(presigned)).status).toBe(200);
  });
});
