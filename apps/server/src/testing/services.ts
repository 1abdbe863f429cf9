import type { S3Settings } from '../adapters/storage/s3-file-store';

/**
 * The servers the `*.services.test.ts` files run against. `npm run test:services` names them, or
 * starts its own; outside it these tests stop with this message rather than guess a server.
 */
export type ServiceVariable = 'TEST_DATABASE_URL' | 'TEST_REDIS_URL' | 'TEST_S3_URL';

export function serviceUrl(variable: ServiceVariable): string {
  const url = process.env[variable];
  if (!url) {
    throw new Error(
      `${variable} is not set: run these tests with \`npm run test:services\`, which uses the server it names or starts one`,
    );
  }
  return url;
}

/**
 * The S3 service of TEST_S3_URL, `http://ACCESS_KEY:SECRET@host:port`: an endpoint that addresses
 * buckets by path (Ceph RGW, MinIO), with those keys.
 */
export function testS3Settings(): Omit<S3Settings, 'bucket'> {
  return s3SettingsOf(new URL(serviceUrl('TEST_S3_URL')));
}

/** The settings of an S3 service named as `http://ACCESS_KEY:SECRET@host:port`, addressing buckets by path. */
export function s3SettingsOf(url: URL): Omit<S3Settings, 'bucket'> {
  return {
    endpoint: url.origin,
    region: 'us-east-1',
    credentials: {
      accessKeyId: decodeURIComponent(url.username),
      secretAccessKey: decodeURIComponent(url.password),
    },
    forcePathStyle: true,
  };
}
