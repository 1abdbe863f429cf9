import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import {
  CreateBucketCommand,
  DeleteBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  type S3Client,
} from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Client } from '../adapters/storage/s3-file-store';
import { testS3Settings } from '../testing/services';
import { startTestServer, type TestServer } from '../testing/app';

describe('media served from an S3 bucket (MEDIA_STORE=s3)', () => {
  const bucket = `reeltime-app-${randomBytes(6).toString('hex')}`;
  let client: S3Client;
  let server: TestServer;
  beforeAll(async () => {
    const settings = testS3Settings();
    client = createS3Client({ ...settings, bucket });
    await client.send(new CreateBucketCommand({ Bucket: bucket }));
    server = await startTestServer({
      MEDIA_STORE: 's3',
      S3_BUCKET: bucket,
      S3_REGION: settings.region,
      S3_ENDPOINT: settings.endpoint!,
      S3_ACCESS_KEY_ID: settings.credentials!.accessKeyId,
      S3_SECRET_ACCESS_KEY: settings.credentials!.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    });
  });
  afterAll(async () => {
    await server?.close();
    const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
    for (const { Key } of listed.Contents ?? []) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key }));
    }
    await client.send(new DeleteBucketCommand({ Bucket: bucket }));
    client.destroy();
  });

  it('keeps written media in the bucket, not in DATA_DIR, and serves it under /media with ranges', async () => {
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
