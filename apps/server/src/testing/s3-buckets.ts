import { randomBytes } from 'node:crypto';
import {
  AbortMultipartUploadCommand,
  CreateBucketCommand,
  DeleteBucketCommand,
  DeleteObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  type S3Client,
} from '@aws-sdk/client-s3';

const PARALLEL_DELETES = 32;

/** Buckets of a test's own on the S3 service of TEST_S3_URL, and their removal. */

/** Creates an empty private bucket with a name no other test uses. */
export async function createTestBucket(client: S3Client): Promise<string> {
  const bucket = `reeltime-test-${randomBytes(6).toString('hex')}`;
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  return bucket;
}

/** Every object of the bucket (named by a key or not) and every unfinished multipart upload. */
export async function bucketContents(client: S3Client, Bucket: string): Promise<string[]> {
  const found: string[] = [];
  let ContinuationToken: string | undefined;
  do {
    const page = await client.send(new ListObjectsV2Command({ Bucket, ContinuationToken }));
    found.push(...(page.Contents ?? []).map((object) => object.Key!));
    ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (ContinuationToken);
  const uploads = await client.send(new ListMultipartUploadsCommand({ Bucket }));
  found.push(...(uploads.Uploads ?? []).map((upload) => `unfinished upload of ${upload.Key}`));
  return found.sort();
}

export async function emptyAndDeleteBucket(client: S3Client, Bucket: string): Promise<void> {
  const uploads = await client.send(new ListMultipartUploadsCommand({ Bucket }));
  for (const { Key, UploadId } of uploads.Uploads ?? []) {
    await client.send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId }));
  }
  let page;
  do {
    page = await client.send(new ListObjectsV2Command({ Bucket }));
    const keys = (page.Contents ?? []).map(({ Key }) => Key!);
    // A few at a time: the client's connection pool is smaller than a page.
    for (let i = 0; i < keys.length; i += PARALLEL_DELETES) {
      await Promise.all(
        keys
          .slice(i, i + PARALLEL_DELETES)
          .map((Key) => client.send(new DeleteObjectCommand({ Bucket, Key }))),
      );
    }
  } while (page.IsTruncated);
  await client.send(new DeleteBucketCommand({ Bucket }));
}
