import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { fileURLToPath } from 'node:url';
import type { S3Client } from '@aws-sdk/client-s3';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { copyBetweenStores } from '../adapters/storage/copy-between-stores';
import type { FileStore } from '../adapters/storage/file-store';
import { createLocalFileStore } from '../adapters/storage/local-file-store';
import { createS3Client, createS3FileStore } from '../adapters/storage/s3-file-store';
import { s3MediaEnv } from '../testing/s3-app';
import { bucketContents, createTestBucket, emptyAndDeleteBucket } from '../testing/s3-buckets';
import { testS3Settings } from '../testing/services';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const tsx = path.resolve(serverDir, '../../node_modules/.bin/tsx');
const MiB = 1024 * 1024;

interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

let client: S3Client;
beforeAll(() => {
  client = createS3Client({ ...testS3Settings(), bucket: '' });
});
afterAll(() => client.destroy());

let bucket: string;
let dataDir: string;
let bucketStore: FileStore;
beforeEach(async () => {
  bucket = await createTestBucket(client);
  bucketStore = createS3FileStore({ client, bucket });
  dataDir = mkdtempSync(path.join(tmpdir(), 'reeltime-migrate-'));
});
afterEach(async () => {
  await emptyAndDeleteBucket(client, bucket);
  rmSync(dataDir, { recursive: true, force: true });
});

/** `npm run media:migrate -- …` as its own process, configured as the server would be. */
function migrate(args: string[], options: { dataDir?: string; bucket?: string } = {}): Promise<CliRun> {
  return new Promise((resolve) => {
    execFile(
      tsx,
      ['src/cli/media-migrate.ts', ...args],
      {
        cwd: serverDir,
        env: {
          ...s3MediaEnv(testS3Settings(), options.bucket ?? bucket),
          // The site keeps its media on disk until it is migrated.
          MEDIA_STORE: 'local',
          PATH: process.env.PATH,
          DATA_DIR: options.dataDir ?? dataDir,
        },
        timeout: 120_000,
      },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** A media folder as a site leaves it: nested keys, and one file large enough for a multipart upload. */
function writeMediaFolder(root: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>([
    ['images/posters/a.webp', randomBytes(2048)],
    ['uploads/avatars/u1.webp', randomBytes(700)],
    ['private/videos/7/master.m3u8', Buffer.from('#EXTM3U\n')],
    ['private/videos/7/360p/seg_00000.ts', randomBytes(9 * MiB + 123)],
    ['private/sources/42.mkv', randomBytes(5000)],
    ['trailers/t.mp4', randomBytes(3000)],
  ]);
  for (const [key, bytes] of files) {
    const file = path.join(root, ...key.split('/'));
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, bytes);
  }
  return files;
}

const readKey = async (store: FileStore, key: string) => buffer(await store.read(key));

// Each run starts a TypeScript process: slow on a busy machine.
describe('npm run media:migrate', { timeout: 120_000 }, () => {
  it('copies a local store with nested files into a bucket and back, byte for byte, and a second run copies nothing', async () => {
    const files = writeMediaFolder(path.join(dataDir, 'media'));
    const totalBytes = [...files.values()].reduce((sum, bytes) => sum + bytes.length, 0);

    const toBucket = await migrate(['--to', 's3']);
    expect(toBucket.stderr).toBe('');
    expect(toBucket.code).toBe(0);
    expect(toBucket.stdout).toContain(`to bucket ${bucket}`);
    expect(toBucket.stdout).toContain('6 files copied (9.0 MB), 0 already in the target');
    // Every object whole, and no multipart upload left unfinished.
    expect(await bucketContents(client, bucket)).toEqual([...files.keys()].sort());
    for (const [key, bytes] of files) expect((await readKey(bucketStore, key)).equals(bytes)).toBe(true);

    const again = await migrate(['--to', 's3']);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain(`Nothing to copy: all 6 files (9.0 MB) are already in the target`);

    // The reverse, into another site's empty data folder; the bucket is left as it was.
    const otherDataDir = mkdtempSync(path.join(tmpdir(), 'reeltime-migrate-back-'));
    try {
      const back = await migrate(['--to', 'local'], { dataDir: otherDataDir });
      expect(back.code).toBe(0);
      expect(back.stdout).toContain(`from bucket ${bucket}`);
      expect(back.stdout).toContain('6 files copied');
      for (const [key, bytes] of files) {
        expect(readFileSync(path.join(otherDataDir, 'media', ...key.split('/'))).equals(bytes)).toBe(true);
      }
      const backAgain = await migrate(['--to', 'local'], { dataDir: otherDataDir });
      expect(backAgain.stdout).toContain('Nothing to copy: all 6 files');
      expect(await bucketContents(client, bucket)).toEqual([...files.keys()].sort());
    } finally {
      rmSync(otherDataDir, { recursive: true, force: true });
    }
    // The source was never touched.
    for (const [key, bytes] of files) {
      expect(readFileSync(path.join(dataDir, 'media', ...key.split('/'))).equals(bytes)).toBe(true);
    }
    expect(totalBytes).toBeGreaterThan(9 * MiB);
  });

  it('copies again an object whose bytes differ from the source although its size is the same', async () => {
    const files = writeMediaFolder(path.join(dataDir, 'media'));
    expect((await migrate(['--to', 's3'])).code).toBe(0);
    const key = 'images/posters/a.webp';
    const original = files.get(key)!;
    const corrupted = Buffer.from(original);
    corrupted[100] = corrupted[100]! ^ 0xff;
    await bucketStore.write(key, Readable.from([corrupted]));

    const repair = await migrate(['--to', 's3']);
    expect(repair.code).toBe(0);
    expect(repair.stdout).toContain('1 file copied (2.0 KB), 5 already in the target');
    expect((await readKey(bucketStore, key)).equals(original)).toBe(true);
  });

  it('names the files it could not copy and exits with 1, having copied the others', async () => {
    await bucketStore.write('posters/p.webp', Readable.from([Buffer.from('poster')]));
    await bucketStore.write('posters/q.webp', Readable.from([Buffer.from('other')]));
    // A folder where the file should go: the local store cannot write it.
    mkdirSync(path.join(dataDir, 'media', 'posters', 'p.webp'), { recursive: true });

    const run = await migrate(['--to', 'local']);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('1 file copied (5 B), 0 already in the target (0 B), 1 failed.');
    expect(run.stderr).toMatch(
      /^Failed \(1\); run the command again to retry them:\n {2}posters\/p\.webp: /m,
    );
    expect(readFileSync(path.join(dataDir, 'media', 'posters', 'q.webp'), 'utf8')).toBe('other');
  });

  it('says what is wrong with its arguments or settings, copying nothing', async () => {
    writeMediaFolder(path.join(dataDir, 'media'));
    const missing = await migrate([]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('media:migrate: --to is required');
    expect(missing.stderr).toContain('Usage: npm run media:migrate -- --to s3|local');

    const wrong = await migrate(['--to', 'ftp']);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('--to must be s3 or local (got "ftp")');

    const noBucket = await migrate(['--to', 's3'], {
      bucket: `reeltime-missing-${randomBytes(4).toString('hex')}`,
    });
    expect(noBucket.code).toBe(1);
    expect(noBucket.stderr).toContain('the bucket does not exist; create it (private) first');
    expect(await bucketContents(client, bucket)).toEqual([]);
  });
});

describe('copying between stores', () => {
  it('stops when told, leaving no half-written object, and a later run finishes the copy', async () => {
    const files = writeMediaFolder(path.join(dataDir, 'media'));
    const local = createLocalFileStore(path.join(dataDir, 'media'));
    const stop = new AbortController();
    const big = 'private/videos/7/360p/seg_00000.ts';
    const first = await copyBetweenStores({
      from: local,
      to: bucketStore,
      concurrency: 1,
      signal: stop.signal,
      // Stops in the middle of the large file, the third in key order.
      onProgress: ({ done }) => {
        if (done.files >= 2 && done.bytes > files.get('images/posters/a.webp')!.length + 2 * MiB)
          stop.abort();
      },
    });
    expect(first.interrupted).toBe(true);
    expect(first.failures).toEqual([]);
    expect(await bucketContents(client, bucket)).toEqual(['images/posters/a.webp', 'private/sources/42.mkv']);

    const second = await copyBetweenStores({ from: local, to: bucketStore });
    expect(second.interrupted).toBe(false);
    expect(second.copied.files).toBe(4);
    expect(second.alreadyThere.files).toBe(2);
    expect((await readKey(bucketStore, big)).equals(files.get(big)!)).toBe(true);
  });
});
