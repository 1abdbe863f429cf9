import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { describe, expect, it } from 'vitest';
import { bucketOrigin, directMediaOrigins } from './media-origins';

/** Where the AWS SDK itself sends a presigned read of the bucket (signing needs no network). */
async function presignedOrigin(settings: Parameters<typeof bucketOrigin>[0]): Promise<string> {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
  });
  const url = await getSignedUrl(client, new GetObjectCommand({ Bucket: settings.bucket, Key: 'a/b.ts' }), {
    expiresIn: 60,
  });
  client.destroy();
  return new URL(url).origin;
}

describe('bucketOrigin', () => {
  it('is the origin of the SDK’s presigned URLs, for each way of addressing a bucket', async () => {
    for (const settings of [
      { bucket: 'media', region: 'eu-west-1', endpoint: undefined, forcePathStyle: false },
      { bucket: 'media', region: 'eu-west-1', endpoint: undefined, forcePathStyle: true },
      { bucket: 'media.example', region: 'us-east-1', endpoint: undefined, forcePathStyle: false },
      { bucket: 'media', region: 'us-east-1', endpoint: 'http://127.0.0.1:7480', forcePathStyle: true },
      { bucket: 'media', region: 'us-east-1', endpoint: 'https://s3.example.com', forcePathStyle: false },
    ]) {
      expect(bucketOrigin(settings), JSON.stringify(settings)).toBe(await presignedOrigin(settings));
    }
  });
});

describe('directMediaOrigins', () => {
  const s3 = {
    kind: 's3' as const,
    s3: {
      bucket: 'media',
      region: 'us-east-1',
      endpoint: 'https://s3.example.com',
      credentials: undefined,
      forcePathStyle: true,
    },
  };

  it('names the CDN and, with redirects, the bucket; nothing when every byte goes through the API', () => {
    expect(
      directMediaOrigins({ mediaPublicBaseUrl: undefined, mediaDelivery: 'proxy', mediaStore: s3 }),
    ).toEqual([]);
    expect(
      directMediaOrigins({
        mediaPublicBaseUrl: 'https://cdn.example.com/reeltime',
        mediaDelivery: 'redirect',
        mediaStore: s3,
      }),
    ).toEqual(['https://cdn.example.com', 'https://s3.example.com']);
  });
});
