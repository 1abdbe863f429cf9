import type { S3Client } from '@aws-sdk/client-s3';
import { createS3Client, type S3Settings } from '../adapters/storage/s3-file-store';
import { startTestServer, type TestServer } from './app';
import { createTestBucket, emptyAndDeleteBucket } from './s3-buckets';
import { testS3Settings } from './services';

/** The site's environment for keeping its media in `bucket` of the S3 service of `settings`. */
export function s3MediaEnv(settings: Omit<S3Settings, 'bucket'>, bucket: string): Record<string, string> {
  return {
    MEDIA_STORE: 's3',
    S3_BUCKET: bucket,
    S3_REGION: settings.region,
    S3_ENDPOINT: settings.endpoint!,
    S3_ACCESS_KEY_ID: settings.credentials!.accessKeyId,
    S3_SECRET_ACCESS_KEY: settings.credentials!.secretAccessKey,
    S3_FORCE_PATH_STYLE: String(settings.forcePathStyle),
  };
}

export interface S3TestServer {
  server: TestServer;
  /** A client of the S3 service of TEST_S3_URL, for looking into the bucket behind the site's back. */
  client: S3Client;
  bucket: string;
  settings: Omit<S3Settings, 'bucket'>;
  /** Closes the server, then empties and deletes the bucket. */
  close: () => Promise<void>;
}

/**
 * A test server with MEDIA_STORE=s3 on a new bucket of its own on the S3 service of TEST_S3_URL;
 * `env` adds to or overrides its environment.
 */
export async function startS3TestServer(env: Record<string, string> = {}): Promise<S3TestServer> {
  const settings = testS3Settings();
  const client = createS3Client({ ...settings, bucket: '' });
  const bucket = await createTestBucket(client);
  const removeBucket = async () => {
    await emptyAndDeleteBucket(client, bucket);
    client.destroy();
  };
  let server: TestServer;
  try {
    server = await startTestServer({ ...s3MediaEnv(settings, bucket), ...env });
  } catch (error) {
    await removeBucket();
    throw error;
  }
  return {
    server,
    client,
    bucket,
    settings,
    close: async () => {
      try {
        await server.close();
      } finally {
        await removeBucket();
      }
    },
  };
}
