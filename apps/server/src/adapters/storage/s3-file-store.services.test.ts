import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { HeadObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bucketContents, createTestBucket, emptyAndDeleteBucket } from '../../testing/s3-buckets';
import { testS3Settings } from '../../testing/services';
import { describeFileStore } from './file-store.contract';
import { FileTooLarge, type FileStore } from './file-store';
import { createS3Client, createS3FileStore } from './s3-file-store';

const MiB = 1024 * 1024;
/** The smallest part S3 takes, so that a few MiB already make a multipart upload. */
const PART_BYTES = 5 * MiB;

let client: S3Client;
beforeAll(() => {
  client = createS3Client({ ...testS3Settings(), bucket: '' });
});
afterAll(() => client.destroy());

/** A fresh private bucket, and its store. */
async function freshBucket(): Promise<{ bucket: string; files: FileStore; dispose(): Promise<void> }> {
  const bucket = await createTestBucket(client);
  return {
    bucket,
    files: createS3FileStore({ client, bucket, partBytes: PART_BYTES }),
    dispose: () => emptyAndDeleteBucket(client, bucket),
  };
}

describeFileStore('S3 file store', async () => {
  const { bucket, files, dispose } = await freshBucket();
  return { files, everything: () => bucketContents(client, bucket), dispose };
});

describe('S3 file store on an S3 service', () => {
  let bucket: string;
  let files: FileStore;
  let dispose: () => Promise<void>;
  beforeEach(async () => ({ bucket, files, dispose } = await freshBucket()));
  afterEach(() => dispose());

  /** `size` bytes in chunks of 64 KiB, each byte telling its position. */
  const numbered = (size: number) => {
    const all = Buffer.alloc(size);
    for (let i = 0; i < size; i++) all[i] = (i * 7 + (i >> 16)) & 0xff;
    const chunks: Buffer[] = [];
    for (let at = 0; at < size; at += 64 * 1024) chunks.push(all.subarray(at, at + 64 * 1024));
    return { all, stream: () => Readable.from(chunks) };
  };

  it('keeps objects private: an unsigned GET of one is refused with 403', async () => {
    await files.write('uploads/avatars/a.webp', Readable.from([Buffer.from('private bytes')]));
    const { endpoint } = testS3Settings();
    const response = await fetch(`${endpoint}/${bucket}/uploads/avatars/a.webp`);
    expect(response.status).toBe(403);
    expect(await response.text()).not.toContain('private bytes');
  });

  it('opens a file with its size and last write in one request, whole or from a range, and says when it cannot', async () => {
    const bytes = Buffer.from('0123456789abcdefghij');
    await files.write('private/videos/3/seg_001.ts', Readable.from([bytes]));
    const stat = await files.stat('private/videos/3/seg_001.ts');

    const whole = await files.open!('private/videos/3/seg_001.ts');
    expect(whole?.info).toEqual(stat);
    expect(whole?.range).toBeUndefined();
    expect(await buffer(whole!.body)).toEqual(bytes);

    const middle = await files.open!('private/videos/3/seg_001.ts', { start: 5, end: 9 });
    expect(middle?.info.size).toBe(20);
    expect(middle?.range).toEqual({ start: 5, end: 9 });
    expect((await buffer(middle!.body)).toString()).toBe('56789');

    // An end past the file is cut to it, as a static server does.
    const tail = await files.open!('private/videos/3/seg_001.ts', { start: 15, end: 1000 });
    expect(tail?.range).toEqual({ start: 15, end: 19 });
    expect((await buffer(tail!.body)).toString()).toBe('fghij');
    const open = await files.open!('private/videos/3/seg_001.ts', { start: 18 });
    expect((await buffer(open!.body)).toString()).toBe('ij');

    expect(await files.open!('private/videos/3/seg_001.ts', { start: 20 })).toBeUndefined();
    expect(await files.open!('private/videos/3/missing.ts')).toBeUndefined();
  });

  it('streams a large write as a multipart upload and reads a range across a part boundary', async () => {
    const size = PART_BYTES + 300 * 1024;
    const { all, stream } = numbered(size);
    expect(await files.write('private/videos/9/source.mp4', stream())).toBe(size);
    expect(await files.stat('private/videos/9/source.mp4')).toMatchObject({ size });
    // A multipart object's ETag ends with its number of parts.
    const head = await client.send(
      new HeadObjectCommand({ Bucket: bucket, Key: 'private/videos/9/source.mp4' }),
    );
    expect(head.ETag).toMatch(/-2"$/);
    const range = { start: PART_BYTES - 1000, end: PART_BYTES + 999 };
    const read = await buffer(await files.read('private/videos/9/source.mp4', range));
    expect(read).toEqual(all.subarray(range.start, range.end + 1));
    expect(await buffer(await files.read('private/videos/9/source.mp4'))).toEqual(all);
  });

  it('aborts a multipart write that passes maxBytes: no object, no unfinished upload, the old file kept', async () => {
    await files.write('uploads/big.bin', Readable.from([Buffer.from('kept')]));
    const { stream } = numbered(3 * PART_BYTES);
    await expect(
      files.write('uploads/big.bin', stream(), { maxBytes: PART_BYTES + MiB }),
    ).rejects.toBeInstanceOf(FileTooLarge);
    expect(await bucketContents(client, bucket)).toEqual(['uploads/big.bin']);
    expect((await buffer(await files.read('uploads/big.bin'))).toString()).toBe('kept');
  });

  it('lists past the 1000 keys of one S3 page', async () => {
    const keys = Array.from({ length: 1005 }, (_, i) => `uploads/many/${String(i).padStart(4, '0')}.txt`);
    for (let i = 0; i < keys.length; i += 50) {
      await Promise.all(
        keys.slice(i, i + 50).map((key) => files.write(key, Readable.from([Buffer.from(key)]))),
      );
    }
    const listed = await files.list('uploads/many');
    expect(listed.map(({ key }) => key).sort()).toEqual(keys);
  });
});
