import { existsSync, utimesSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/app';
import { multipart } from '../../testing/http';
import { catalogFixtures } from '../catalog/catalog.fixtures';
import { UNUSED_IMAGE_MIN_AGE_MS } from './submissions.service';

let server: TestServer;
let source: string;

beforeAll(async () => {
  server = await startTestServer();
  source = path.join(server.config.dataDir, 'source.png');
  await sharp({ create: { width: 32, height: 32, channels: 3, background: '#36c' } })
    .png()
    .toFile(source);
});
afterAll(() => server.close());

const fileOf = (url: string) => path.join(server.config.dataDir, 'media', url.replace(/^\/media\//, ''));

/** An image saved as a submission would save it, last modified `ageMs` ago. */
async function placeImage(folder: string, ageMs: number): Promise<string> {
  const url = await server.app.ctx.images.saveImage(source, folder, { width: 64, height: 64 });
  const modified = new Date(Date.now() - ageMs);
  utimesSync(fileOf(url), modified, modified);
  return url;
}

describe('the repeatable sweep of unused submission images', () => {
  it('deletes old images no submission points to, and keeps used and recent ones', async () => {
    const member = await catalogFixtures(server.app).member('sweep@example.com');
    const image = await sharp(source).toBuffer();
    const picture = { value: image, filename: 'a.png', contentType: 'image/png' };
    const form = multipart([
      { name: 'name', value: 'Sam' },
      { name: 'email', value: 'sam@example.com' },
      { name: 'role', value: 'Actor' },
      { name: 'title', value: 'Kept' },
      { name: 'link', value: 'https://example.com/kept' },
      { name: 'thumnail', ...picture },
      { name: 'cast[0][name]', value: 'Lee' },
      { name: 'cast[0][jobTitle]', value: 'Actor' },
      { name: 'cast[0][image]', ...picture },
    ]);
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/v1/user/movie-detail-request',
      payload: form.payload,
      headers: { ...form.headers, authorization: member.authorization },
    });
    expect(res.statusCode).toBe(201);
    const row = await server.app.ctx.db
      .selectFrom('submissions')
      .innerJoin('submission_cast', 'submission_cast.submission_id', 'submissions.id')
      .select(['submissions.thumbnail_image', 'submission_cast.image'])
      .executeTakeFirstOrThrow();
    const old = UNUSED_IMAGE_MIN_AGE_MS + 60_000;
    for (const url of [row.thumbnail_image, row.image]) {
      const modified = new Date(Date.now() - old);
      utimesSync(fileOf(url), modified, modified);
    }

    const orphans = [await placeImage('submissions', old), await placeImage('submission-cast', old)];
    const recent = await placeImage('submission-cast', 60_000);

    const run = await server.app.ctx.jobs.enqueue('submissions.sweep-images', {});
    expect((await server.app.jobs.runJob(run.id))?.state).toBe('done');
    for (const url of orphans) expect(existsSync(fileOf(url))).toBe(false);
    for (const url of [row.thumbnail_image, row.image, recent]) expect(existsSync(fileOf(url))).toBe(true);
  });
});
