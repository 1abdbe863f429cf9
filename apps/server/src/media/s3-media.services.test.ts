import { existsSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3TestServer, type S3TestServer } from '../testing/s3-app';

describe('media served from an S3 bucket (MEDIA_STORE=s3)', () => {
  let site: S3TestServer;
  beforeAll(async () => {
    site = await startS3TestServer();
  });
  afterAll(async () => {
    await site?.close();
  });

  it('keeps written media in the bucket, not in DATA_DIR, and serves it under /media with ranges', async () => {
    const { server, client, bucket } = site;
    const bytes = Buffer.from('RIFF....WEBPVP8 not really an image but bytes all the same');
    await server.app.ctx.files.write('uploads/avatars/a.webp', Readable.from([bytes]));
    expect(existsSync(path.join(server.config.dataDir, 'media', 'uploads', 'avatars', 'a.webp'))).toBe(false);
    const stored = await client.send(new GetObjectCommand({ Bucket: bucket, Key: 'uploads/avatars/a.webp' }));
    expect(Buffer.from(await stored.Body!.transformToByteArray())).toEqual(bytes);

    const whole = await server.app.inject({ method: 'GET', url: '/media/uploads/avatars/a.webp' });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload).toEqual(bytes);
    const part = await server.app.inject({
      method: 'GET',
      url: '/media/uploads/avatars/a.webp',
      headers: { range: 'bytes=4-11' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 4-11/${bytes.length}`);
    expect(part.rawPayload).toEqual(bytes.subarray(4, 12));
    const missing = await server.app.inject({ method: 'GET', url: '/media/uploads/avatars/b.webp' });
    expect(missing.statusCode).toBe(404);
  });
});
