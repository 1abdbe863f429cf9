import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTitle } from '../media/media.fixtures';
import { startTestServer, type TestServer } from '../testing/app';

describe('MEDIA_PUBLIC_BASE_URL', () => {
  let server: TestServer;
  let titleId: number;
  beforeAll(async () => {
    server = await startTestServer({ MEDIA_PUBLIC_BASE_URL: 'https://cdn.example.com/' });
    titleId = await insertTitle(server.app.ctx.db, {
      poster_image: '/media/images/posters/ab12.webp',
      thumbnail_image: '/media/images/thumbnails/cd34.webp',
      thumbnail_widths: '320,640',
    });
  });
  afterAll(() => server.close());

  it('points the public media URLs of API responses at the CDN', async () => {
    const res = await server.app.inject('/api/v1/user/latest-movie');
    expect(res.statusCode).toBe(200);
    const card = res.json().data.find((item: { id: number }) => item.id === titleId);
    expect(card).toMatchObject({
      poster_image: 'https://cdn.example.com/media/images/posters/ab12.webp',
      thumbnail_image: 'https://cdn.example.com/media/images/thumbnails/cd34.webp',
      thumbnail_sources: [
        { url: 'https://cdn.example.com/media/images/thumbnails/cd34.320w.webp', width: 320 },
        { url: 'https://cdn.example.com/media/images/thumbnails/cd34.webp', width: 640 },
      ],
    });
    // The database keeps the API's own path: the base can change without touching a row.
    const row = await server.app.ctx.db
      .selectFrom('titles')
      .select('poster_image')
      .where('id', '=', titleId)
      .executeTakeFirstOrThrow();
    expect(row.poster_image).toBe('/media/images/posters/ab12.webp');
  });

  it('lets the site’s pages load media from the CDN', async () => {
    const page = await server.app.inject('/');
    const policy = page.headers['content-security-policy'] as string;
    expect(policy).toMatch(/connect-src 'self' https:\/\/cdn\.example\.com/);
    expect(policy).toMatch(/media-src [^;]*https:\/\/cdn\.example\.com/);
  });
});

describe('without MEDIA_PUBLIC_BASE_URL', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
    await insertTitle(server.app.ctx.db, { poster_image: '/media/images/posters/ab12.webp' });
  });
  afterAll(() => server.close());

  it('answers public media URLs on the API’s own /media', async () => {
    const res = await server.app.inject('/api/v1/user/latest-movie');
    expect(res.json().data[0].poster_image).toBe('/media/images/posters/ab12.webp');
    const policy = (await server.app.inject('/')).headers['content-security-policy'] as string;
    expect(policy).toContain("connect-src 'self';");
  });
});
