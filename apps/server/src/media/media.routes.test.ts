import { ServerMessages } from '@reeltime/contract';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/app';
import { mediaSignature, signedVideoUrl, signMediaUrl, videoFolderPrefix } from './signed-url';

let server: TestServer;
let origin: string;
const segment = randomBytes(100_000);
const longCaptions =
  'WEBVTT\n\n' +
  Array.from(
    { length: 100 },
    (_, i) => `${i}\n00:00:${String(i % 60).padStart(2, '0')}.000 --> 00:00:59.000\nA line of captions.\n`,
  ).join('\n');

beforeAll(async () => {
  server = await startTestServer();
  const media = path.join(server.config.dataDir, 'media');
  const put = (file: string, body: string | Buffer) => {
    mkdirSync(path.dirname(path.join(media, file)), { recursive: true });
    writeFileSync(path.join(media, file), body);
  };
  put(
    'private/videos/7/master.m3u8',
    '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=900000,RESOLUTION=640x360,CODECS="avc1.4d401e,mp4a.40.2"\n360p/index.m3u8\n',
  );
  put(
    'private/videos/7/360p/index.m3u8',
    '#EXTM3U\n#EXT-X-TARGETDURATION:4\n#EXTINF:4.000,\nseg_00000.ts\n#EXT-X-ENDLIST\n',
  );
  put('private/videos/7/360p/seg_00000.ts', segment);
  put('private/videos/7/thumbs.vtt', 'WEBVTT\n\n00:00:00.000 --> 00:00:05.000\nsprite.jpg#xywh=0,0,160,90\n');
  put('private/videos/7/captions-en.vtt', longCaptions);
  put('private/videos/7/sprite.jpg', randomBytes(500));
  put('private/videos/7/poster.webp', randomBytes(500));
  put('private/videos/7/notes.txt', 'not a media file');
  put('private/videos/7/.hidden.ts', 'hidden');
  put('private/videos/70/master.m3u8', '#EXTM3U\n# video 70\n');
  put('private/videos/8/master.m3u8', '#EXTM3U\n# video 8\n');
  put('private/secret.txt', 'private secret');
  put('trailers/3/master.m3u8', '#EXTM3U\n# public trailer\n');
  put('trailers/3/seg_00000.ts', segment);
  put('trailers/3/.hidden.ts', 'hidden');
  put('trailers/3/notes.html', '<script>not media</script>');
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
});
afterAll(() => server.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  server.app.inject({ method: 'GET', url, headers });

/** A request over a real socket with the path exactly as written (inject would normalise `..`). */
function rawGet(rawPath: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${origin}/`, { path: rawPath, method: 'GET' }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
      );
    });
    request.on('error', reject);
    request.end();
  });
}

const url7 = (file?: string) => signedVideoUrl(server.config, 7, file);
/** `/media/s/<expires>/<sig>/videos/7/` */
const base7 = () => url7().replace(/master\.m3u8$/, '');

describe('signed media URLs', () => {
  it('serve the master playlist, and the same signature covers every file under the folder through relative URIs', async () => {
    const master = await get(url7());
    expect(master.statusCode).toBe(200);
    expect(master.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(master.headers['cache-control']).toBe('private, max-age=60');
    expect(master.headers.etag).toBeTruthy();
    expect(master.headers['x-content-type-options']).toBe('nosniff');
    expect(master.headers['cross-origin-resource-policy']).toBe('same-origin');

    const variant = new URL('360p/index.m3u8', `http://x${url7()}`).pathname;
    const playlist = await get(variant);
    expect(playlist.statusCode).toBe(200);
    const seg = new URL(
      playlist.body
        .trim()
        .split('\n')
        .find((line) => !line.startsWith('#'))!,
      `http://x${variant}`,
    ).pathname;
    const res = await get(seg);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('video/mp2t');
    expect(res.headers['content-length']).toBe(String(segment.length));
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.rawPayload.equals(segment)).toBe(true);
    const maxAge = Number(/max-age=(\d+)/.exec(String(res.headers['cache-control']))?.[1]);
    expect(res.headers['cache-control']).toMatch(/^private, max-age=\d+, immutable$/);
    expect(maxAge).toBeGreaterThanOrEqual(server.config.media.urlTtlSeconds);
    expect(maxAge).toBeLessThanOrEqual(server.config.media.urlTtlSeconds + 3600);
  });

  it('use the right content type for each kind of file', async () => {
    expect((await get(url7('thumbs.vtt'))).headers['content-type']).toBe('text/vtt; charset=utf-8');
    expect((await get(url7('sprite.jpg'))).headers['content-type']).toBe('image/jpeg');
    expect((await get(url7('poster.webp'))).headers['content-type']).toBe('image/webp');
    expect((await get(url7('360p/index.m3u8'))).headers['content-type']).toBe(
      'application/vnd.apple.mpegurl',
    );
  });

  it('send text files compressed when asked, and byte ranges of them never compressed', async () => {
    const whole = await get(url7('captions-en.vtt'), { 'accept-encoding': 'br' });
    expect(whole.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(whole.rawPayload).toString()).toBe(longCaptions);

    const part = await get(url7('captions-en.vtt'), { 'accept-encoding': 'br', range: 'bytes=0-99' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-encoding']).toBeUndefined();
    expect(part.body).toBe(longCaptions.slice(0, 100));
  });

  it('answer byte ranges with 206, and unsatisfiable ones with 416', async () => {
    const seg = url7('360p/seg_00000.ts');
    const first = await get(seg, { range: 'bytes=0-99' });
    expect(first.statusCode).toBe(206);
    expect(first.headers['content-range']).toBe(`bytes 0-99/${segment.length}`);
    expect(first.rawPayload.equals(segment.subarray(0, 100))).toBe(true);

    const tail = await get(seg, { range: 'bytes=-10' });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(segment.subarray(-10))).toBe(true);

    const open = await get(seg, { range: 'bytes=99990-' });
    expect(open.headers['content-range']).toBe(`bytes 99990-99999/${segment.length}`);

    const beyond = await get(seg, { range: `bytes=${segment.length}-` });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${segment.length}`);

    const nonsense = await get(seg, { range: 'bytes=abc' });
    expect(nonsense.statusCode).toBe(416);
  });

  it('answer If-None-Match with 304, and HEAD without a body', async () => {
    const seg = url7('360p/seg_00000.ts');
    const first = await get(seg);
    const again = await get(seg, { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers['cache-control']).toMatch(/immutable/);
    const head = await server.app.inject({ method: 'HEAD', url: seg });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(segment.length));
    expect(head.body).toBe('');
  });

  it('refuse an expired signature with 403', async () => {
    const past = Math.floor(Date.now() / 1000) - 5;
    const signature = mediaSignature(server.config.mediaSigningKey, videoFolderPrefix(7), past, 1080);
    const res = await get(`/media/s/${past}/1080/${signature}/videos/7/master.m3u8`);
    expect(res.statusCode).toBe(403);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.json().status).toBe(false);
    // An old link that was valid once stops working.
    const expired = signedVideoUrl(
      server.config,
      7,
      'master.m3u8',
      Date.now() - (server.config.media.urlTtlSeconds + 7200) * 1000,
    );
    expect((await get(expired)).statusCode).toBe(403);
  });

  it('refuse a tampered signature or expiry with 403', async () => {
    const good = url7();
    const [, , , expires, , sig] = good.split('/');
    const flipped = `${sig!.slice(0, 10)}${sig![10] === 'A' ? 'B' : 'A'}${sig!.slice(11)}`;
    expect((await get(good.replace(sig!, flipped))).statusCode).toBe(403);
    expect((await get(good.replace(`/${expires}/`, `/${Number(expires) + 3600}/`))).statusCode).toBe(403);
    expect((await get(good.replace(sig!, sig!.slice(0, 20)))).statusCode).toBe(403);
    expect((await get(good.replace(sig!, `${sig}=`))).statusCode).toBe(403);
    expect((await get('/media/s/abc/1080/def/videos/7/master.m3u8')).statusCode).toBe(403);
  });

  it('refuse another video’s signature with 403', async () => {
    const other = signedVideoUrl(server.config, 8);
    expect((await get(other)).body).toContain('video 8');
    expect((await get(other.replace('/videos/8/', '/videos/7/'))).statusCode).toBe(403);
    expect((await get(other.replace('/videos/8/', '/videos/80/'))).statusCode).toBe(403);
    expect((await get(url7().replace('/videos/7/', '/videos/70/'))).statusCode).toBe(403);
  });

  it('never serve a file outside the video folder, however the path is written', async () => {
    const base = base7();
    const attempts = [
      `${base}../8/master.m3u8`,
      `${base}../../../private/secret.txt`,
      `${base}%2e%2e/8/master.m3u8`,
      `${base}%2E%2E%2F8%2Fmaster.m3u8`,
      `${base}..%2f..%2f..%2fsecret.txt`,
      `${base}..%5c8%5cmaster.m3u8`,
      `${base}..\\8\\master.m3u8`,
      `${base}360p/..%2f..%2f8/master.m3u8`,
      `${base}master.m3u8%00.ts`,
      `${base}%00`,
      `${base}/etc/passwd`,
      `${base}%2fetc%2fpasswd`,
      `${base}.hidden.ts`,
      `${base}./master.m3u8`,
      `${base}360p//seg_00000.ts`,
      `${base}%252e%252e/8/master.m3u8`,
    ];
    for (const attempt of attempts) {
      const res = await rawGet(attempt);
      expect([403, 404], attempt).toContain(res.status);
      expect(res.body, attempt).not.toContain('video 8');
      expect(res.body, attempt).not.toContain('secret');
      // inject() normalises the path first (as browsers do); that must never leave the folder either.
      const injected = await get(attempt);
      expect(injected.body, attempt).not.toContain('video 8');
      expect(injected.body, attempt).not.toContain('secret');
    }
    // A file of an unknown type inside the folder is not served either, nor a missing one.
    expect((await get(url7('notes.txt'))).statusCode).toBe(404);
    expect((await get(url7('missing.ts'))).statusCode).toBe(404);
    expect((await get(`${base}360p`)).statusCode).toBe(404);
  });
});

describe('the public /media/ path', () => {
  it('never serves the private folder', async () => {
    const attempts = [
      '/media/private/videos/7/master.m3u8',
      '/media/private/videos/7/360p/seg_00000.ts',
      '/media/private/secret.txt',
      '/media/PRIVATE/secret.txt',
      '/media/%70rivate/secret.txt',
      '/media//private/secret.txt',
      '/media/./private/secret.txt',
      '/media/trailers/../private/secret.txt',
      '/media/trailers/%2e%2e/private/secret.txt',
      '/media/private/',
      '/media/private',
    ];
    for (const attempt of attempts) {
      const res = await rawGet(attempt);
      expect(res.status, attempt).toBeGreaterThanOrEqual(400);
      expect(res.body, attempt).not.toContain('secret');
      expect(res.body, attempt).not.toContain('EXTM3U');
    }
  });

  it('still serves public files such as trailers, with long-lived caching', async () => {
    const res = await get('/media/trailers/3/master.m3u8');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('public trailer');
    expect(res.headers['content-type']).toMatch(/^application\/vnd\.apple\.mpegurl/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});

describe('public media files', () => {
  const seg = '/media/trailers/3/seg_00000.ts';

  it('answer byte ranges with 206, and unsatisfiable ones with 416', async () => {
    const part = await get(seg, { range: 'bytes=100-199' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-type']).toBe('video/mp2t');
    expect(part.headers['content-range']).toBe(`bytes 100-199/${segment.length}`);
    expect(part.rawPayload.equals(segment.subarray(100, 200))).toBe(true);
    const beyond = await get(seg, { range: `bytes=${segment.length + 5}-` });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${segment.length}`);
  });

  it('answer If-None-Match and If-Modified-Since with 304, and HEAD with the length but no body', async () => {
    const first = await get(seg);
    expect(first.statusCode).toBe(200);
    expect(first.rawPayload.equals(segment)).toBe(true);
    expect(first.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const byTag = await get(seg, { 'if-none-match': String(first.headers.etag) });
    expect(byTag.statusCode).toBe(304);
    expect(byTag.body).toBe('');
    const byDate = await get(seg, { 'if-modified-since': String(first.headers['last-modified']) });
    expect(byDate.statusCode).toBe(304);
    const head = await server.app.inject({ method: 'HEAD', url: seg });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(segment.length));
    expect(head.body).toBe('');
  });

  it('never serve hidden files, files that are not media, or folders', async () => {
    for (const url of [
      '/media/trailers/3/.hidden.ts',
      '/media/trailers/3/notes.html',
      '/media/trailers/3',
      '/media/trailers/3/',
      '/media/',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ status: false, message: ServerMessages.notFound });
    }
  });
});

describe('signMediaUrl', () => {
  it('signs stored private URLs and leaves any other URL as it is', () => {
    const now = Date.now();
    const cap = { maxHeight: 1080 };
    expect(signMediaUrl(server.config, '/media/private/videos/7/master.m3u8', { ...cap, now })).toBe(
      signedVideoUrl(server.config, 7, 'master.m3u8', now, 1080),
    );
    expect(signMediaUrl(server.config, '/media/trailers/3/master.m3u8', cap)).toBe(
      '/media/trailers/3/master.m3u8',
    );
    expect(signMediaUrl(server.config, 'https://www.youtube.com/watch?v=x', cap)).toBe(
      'https://www.youtube.com/watch?v=x',
    );
    expect(signMediaUrl(server.config, '/media/private/videos/7/../8/master.m3u8', cap)).toBe(
      '/media/private/videos/7/../8/master.m3u8',
    );
    expect(() => signedVideoUrl(server.config, 7, '../8/master.m3u8')).toThrow();
  });

  it('hands out the same URL for a while, so players and browsers can cache it', () => {
    const now = Date.UTC(2030, 0, 1, 10, 0, 5);
    expect(signedVideoUrl(server.config, 7, 'master.m3u8', now)).toBe(
      signedVideoUrl(server.config, 7, 'master.m3u8', now + 30 * 60_000),
    );
  });
});
