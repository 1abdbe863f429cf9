import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import type { S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3FileStore } from '../../adapters/storage/s3-file-store';
import type { FileStore } from '../../adapters/storage/file-store';
import type { TestServer } from '../../testing/app';
import { startS3TestServer, type S3TestServer } from '../../testing/s3-app';
import { bucketContents } from '../../testing/s3-buckets';
import { seedDemoIfEmpty } from './demo';
import { TINY_DEMO_MEDIA } from './demo-media';

describe('demo seed with MEDIA_STORE=s3', () => {
  let site: S3TestServer | undefined;
  let client: S3Client;
  let bucket: string;
  let bucketStore: FileStore;
  let server: TestServer;
  let drained = 0;
  const log: string[] = [];

  beforeAll(async () => {
    site = await startS3TestServer();
    ({ server, client, bucket } = site);
    bucketStore = createS3FileStore({ client, bucket });
    await seedDemoIfEmpty(server.app.ctx, (line) => log.push(line), { media: TINY_DEMO_MEDIA });
    // Tests do not start the worker; run the queued transcodes here.
    drained = await server.app.jobs.drain();
  }, 300_000);
  afterAll(async () => {
    await site?.close();
  });

  const keyOf = (url: string) => url.slice('/media/'.length);

  it('puts every title’s artwork (with its thumbnail’s copies) and trailer in the bucket, and serves them from there', async () => {
    const titles = await server.app.ctx.db
      .selectFrom('titles')
      .select(['poster_image', 'thumbnail_image', 'trailer_url'])
      .execute();
    expect(titles.length).toBeGreaterThanOrEqual(80);
    const inBucket = new Set(await bucketContents(client, bucket));
    const trailers = new Set(titles.map((title) => title.trailer_url));
    expect(trailers.size).toBe(5);
    for (const title of titles) {
      const copies = [320, 480].map((width) => title.thumbnail_image.replace(/\.webp$/, `.${width}w.webp`));
      for (const url of [title.poster_image!, title.thumbnail_image!, ...copies, title.trailer_url]) {
        expect(inBucket.has(keyOf(url)), url).toBe(true);
      }
    }
    for (const url of trailers) {
      const res = await server.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^video\/mp4/);
      expect(res.rawPayload.equals(await buffer(await bucketStore.read(keyOf(url))))).toBe(true);
    }
    expect(log.join('\n')).toMatch(/5 trailers/);
  });

  it('writes no media file into the data folder', () => {
    const mediaDir = path.join(server.config.dataDir, 'media');
    const local = existsSync(mediaDir) ? readdirSync(mediaDir, { recursive: true }) : [];
    expect(local).toEqual([]);
    const scratch = readdirSync(path.join(server.config.dataDir, 'tmp'));
    expect(scratch.filter((name) => name.startsWith('demo-trailers-'))).toEqual([]);
  });

  it('transcodes the demo streams into the bucket', async () => {
    expect(drained).toBe(8);
    const imported = await server.app.ctx.db
      .selectFrom('videos')
      .select(['url', 'status'])
      .where('source_path', 'is not', null)
      .execute();
    expect(imported).toHaveLength(8);
    for (const video of imported) {
      expect(video.status).toBe('ready');
      expect(await bucketStore.stat(keyOf(video.url))).toBeDefined();
    }
  });
});
