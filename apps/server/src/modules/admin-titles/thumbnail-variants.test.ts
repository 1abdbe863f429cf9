import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTitle } from '../../media/media.fixtures';
import { startTestServer, type TestServer } from '../../testing/app';
import { multipart, signUpAdmin } from '../../testing/http';

let server: TestServer;
let admin: Awaited<ReturnType<typeof signUpAdmin>>;

beforeAll(async () => {
  server = await startTestServer();
  admin = await signUpAdmin(server.app);
});
afterAll(() => server.close());

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 60, b: 40 } } })
    .png()
    .toBuffer();

const fileOf = (url: string) => path.join(server.config.dataDir, url.replace(/^\//, ''));
const copyOf = (url: string, width: number) => url.replace(/\.webp$/, `.${width}w.webp`);
const widthOf = async (url: string) => (await sharp(fileOf(url)).metadata()).width;

async function publishedTitle(name: string): Promise<number> {
  const res = await server.app.inject({
    method: 'POST',
    url: '/api/v1/admin/titles',
    headers: admin.auth,
    payload: { type: 'movie', name, is_published: true },
  });
  expect(res.statusCode).toBe(201);
  return res.json().data.id;
}

async function uploadThumbnail(id: number, width: number, height: number): Promise<string> {
  const form = multipart([
    { name: 'thumbnail', value: await png(width, height), filename: 't.png', contentType: 'image/png' },
  ]);
  const res = await server.app.inject({
    method: 'POST',
    url: `/api/v1/admin/titles/${id}/images`,
    headers: { ...admin.auth, ...form.headers },
    payload: form.payload,
  });
  expect(res.statusCode).toBe(200);
  return res.json().data.thumbnail_image;
}

/** The title's card as members get it in the movie list. */
async function cardOf(id: number) {
  const res = await server.app.inject('/api/v1/user/movie-list?per_page=100');
  expect(res.statusCode).toBe(200);
  return res.json().data.find((card: { id: number }) => card.id === id);
}

const runPass = async () => {
  const run = await server.app.ctx.jobs.enqueue('titles.thumbnail-variants', {});
  expect((await server.app.jobs.runJob(run.id))?.state).toBe('done');
};

describe('smaller copies of uploaded thumbnails', () => {
  it('stores 320, 480 and 640 px WebP copies beside the thumbnail and lists them on the card', async () => {
    const id = await publishedTitle('Copied');
    const thumbnail = await uploadThumbnail(id, 1920, 1080);

    expect(await widthOf(thumbnail)).toBe(1280);
    for (const width of [320, 480, 640]) {
      const meta = await sharp(fileOf(copyOf(thumbnail, width))).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', width, (width * 9) / 16]);
    }
    expect((await cardOf(id)).thumbnail_sources).toEqual([
      { url: copyOf(thumbnail, 320), width: 320 },
      { url: copyOf(thumbnail, 480), width: 480 },
      { url: copyOf(thumbnail, 640), width: 640 },
      { url: thumbnail, width: 1280 },
    ]);
  });

  it('makes no copy of a thumbnail already small, and then lists none', async () => {
    const id = await publishedTitle('Small');
    const thumbnail = await uploadThumbnail(id, 300, 169);

    expect(existsSync(fileOf(thumbnail))).toBe(true);
    expect(existsSync(fileOf(copyOf(thumbnail, 320)))).toBe(false);
    const card = await cardOf(id);
    expect(card.thumbnail_image).toBe(thumbnail);
    expect(card).not.toHaveProperty('thumbnail_sources');
  });

  it('deletes the copies with the thumbnail a new upload replaces, and with the deleted title', async () => {
    const id = await publishedTitle('Replaced');
    const first = await uploadThumbnail(id, 1280, 720);
    const second = await uploadThumbnail(id, 960, 540);

    for (const url of [first, copyOf(first, 320), copyOf(first, 480), copyOf(first, 640)]) {
      expect(existsSync(fileOf(url))).toBe(false);
    }
    const secondCopies = [copyOf(second, 320), copyOf(second, 480), copyOf(second, 640)];
    for (const url of [second, ...secondCopies]) expect(existsSync(fileOf(url))).toBe(true);
    expect((await cardOf(id)).thumbnail_sources.map((source: { width: number }) => source.width)).toEqual([
      320, 480, 640, 960,
    ]);

    const res = await server.app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/titles/${id}`,
      headers: admin.auth,
    });
    expect(res.statusCode).toBe(200);
    for (const url of [second, ...secondCopies]) expect(existsSync(fileOf(url))).toBe(false);
  });
});

describe('the pass for thumbnails stored without copies', () => {
  it('makes their copies once, for every title that shows them, and lists them on the cards', async () => {
    // As before copies were made: the image alone, its widths unknown.
    const url = '/media/images/thumbnails/0123456789abcdef01234567.webp';
    const bytes = await sharp(await png(640, 360))
      .webp()
      .toBuffer();
    await server.app.ctx.files.write(url.slice('/media/'.length), Readable.from([bytes]));
    const ids = [
      await insertTitle(server.app.ctx.db, { thumbnail_image: url }),
      await insertTitle(server.app.ctx.db, { thumbnail_image: url }),
    ];
    const missing = await insertTitle(server.app.ctx.db, {
      thumbnail_image: '/media/uploads/titles/ffffffffffffffffffffffffffffffff.webp',
    });
    const external = await insertTitle(server.app.ctx.db, {
      thumbnail_image: 'https://images.example.com/t.jpg',
    });
    expect(await cardOf(ids[0]!)).not.toHaveProperty('thumbnail_sources');

    await runPass();

    expect(await widthOf(copyOf(url, 320))).toBe(320);
    expect(await widthOf(copyOf(url, 480))).toBe(480);
    expect(existsSync(fileOf(copyOf(url, 640)))).toBe(false);
    const expected = [
      { url: copyOf(url, 320), width: 320 },
      { url: copyOf(url, 480), width: 480 },
      { url, width: 640 },
    ];
    for (const id of ids) expect((await cardOf(id)).thumbnail_sources).toEqual(expected);
    for (const id of [missing, external]) expect(await cardOf(id)).not.toHaveProperty('thumbnail_sources');

    // A second run changes nothing: no file is written again, no row changes.
    const written = statSync(fileOf(copyOf(url, 320))).mtimeMs;
    const rows = () =>
      server.app.ctx.db.selectFrom('titles').select(['id', 'thumbnail_widths']).orderBy('id').execute();
    const before = await rows();
    await runPass();
    expect(statSync(fileOf(copyOf(url, 320))).mtimeMs).toBe(written);
    expect(await rows()).toEqual(before);
    for (const id of ids) expect((await cardOf(id)).thumbnail_sources).toEqual(expected);
  });
});
