import { Redis } from 'ioredis';
import pg from 'pg';
import { ListBucketsCommand } from '@aws-sdk/client-s3';
import { createS3Client } from '../adapters/storage/s3-file-store';
import { serviceUrl, testS3Settings } from './services';

/**
 * Global setup of the `server-services` project: every server answers before any test starts, so a
 * missing one is one clear error instead of a failure in every file.
 */
export default async function servicesAnswer(): Promise<void> {
  await Promise.all([
    postgresAnswers(serviceUrl('TEST_DATABASE_URL')),
    redisAnswers(serviceUrl('TEST_REDIS_URL')),
    s3Answers(),
  ]);
}

async function s3Answers(): Promise<void> {
  const client = createS3Client({ ...testS3Settings(), bucket: '' });
  try {
    await client.send(new ListBucketsCommand({}));
  } catch (error) {
    throw new Error(
      `S3 at ${redacted(serviceUrl('TEST_S3_URL'))} (TEST_S3_URL) does not answer: ${String(error)}`,
    );
  } finally {
    client.destroy();
  }
}

async function postgresAnswers(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
    await client.query('select 1');
  } catch (error) {
    throw new Error(`PostgreSQL at ${redacted(url)} (TEST_DATABASE_URL) does not answer: ${String(error)}`);
  } finally {
    await client.end().catch(() => {});
  }
}

async function redisAnswers(url: string): Promise<void> {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 5_000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  // The socket's own error (ECONNREFUSED, ...) says more than the "Connection is closed" that follows.
  let socketError: unknown;
  redis.on('error', (error) => (socketError ??= error));
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    throw new Error(
      `Redis at ${redacted(url)} (TEST_REDIS_URL) does not answer: ${String(socketError ?? error)}`,
    );
  } finally {
    redis.disconnect();
  }
}

/** The URL without its password, for error messages. */
function redacted(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}
