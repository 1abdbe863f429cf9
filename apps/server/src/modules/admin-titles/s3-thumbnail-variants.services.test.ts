import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTitle } from '../../media/media.fixtures';
import { startS3TestServer, type S3TestServer } from '../../testing/s3-app';
import { bucketContents } from '../../testing/s3-buckets';
import { multipart, signUpAdmin } from '../../testing/http';

describe('smaller copies of title thumbnails with MEDIA_STORE=s3', () => {
  let site: S3TestServer | undefined;
  let auth: Record<string, string>;

  beforeAll(async () => {
    site = await startS3TestServer();
    auth = (await signUpAdmin(site.server.app)).auth;
  });
  afterAll(async () => {
    await site?.close();
  });

  const keyOf = (url: string) => url.slice('/media/'.length);
  const copyOf = (url: string, width: number) => url.replace(/\.webp$/, `.${width}w.webp`);
  const png = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: '#2a6' } })
      .png()
      .toBuffer();

  async function upload(id: number): Promise<string> {
    const form = multipart([
      { name: 'thumbnail', value: await png(1280, 720), filename: 't.png', contentType: 'image/png' },
    ]);
    const res = await site!.server.app.inject({
      method: 'POST',
      url: `/api/v1/admin/titles/${id}/images`,
      headers: { ...auth, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(200);
    return res.json().data.thumbnail_image;
  }

  it('puts the copies beside the thumbnail in the bucket, serves them, and deletes them with it', async () => {
    const { app } = site!.server;
    const id = (
      await app.inject({
        method: 'POST',
        url: '/api/v1/admin/titles',
        headers: auth,
        payload: { type: 'movie', name: 'Bucketed', is_published: true },
      })
    ).json().data.id;
    const first = await upload(id);
    const copies = [320, 480, 640].map((width) => copyOf(first, width));
    const inBucket = new Set(await bucketContents(site!.client, site!.bucket));
    for (const url of [first, ...copies]) expect(inBucket.has(keyOf(url)), url).toBe(true);
    const served = await app.inject(copies[0]!);
    expect(served.statusCode).toBe(200);
    expect((await sharp(served.rawPayload).metadata()).width).toBe(320);

    await upload(id);
    const after = new Set(await bucketContents(site!.client, site!.bucket));
    for (const url of [first, ...copies]) expect(after.has(keyOf(url)), url).toBe(false);
  });

  it('makes the missing copies of thumbnails already in the bucket', async () => {
    const { app } = site!.server;
    const url = '/media/images/thumbnails/89abcdef0123456789abcdef.webp';
    const bytes = await sharp(await png(640, 360))
      .webp()
      .toBuffer();
    await app.ctx.files.write(keyOf(url), Readable.from([bytes]));
    const id = await insertTitle(app.ctx.db, { thumbnail_image: url });

    const run = await app.ctx.jobs.enqueue('titles.thumbnail-variants', {});
    expect((await app.jobs.runJob(run.id))?.state).toBe('done');

    const copy = await buffer(await app.ctx.files.read(keyOf(copyOf(url, 480))));
    expect((await sharp(copy).metadata()).width).toBe(480);
    const row = await app.ctx.db
      .selectFrom('titles')
      .select('thumbnail_widths')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.thumbnail_widths).toBe('320,480,640');
  });
});
