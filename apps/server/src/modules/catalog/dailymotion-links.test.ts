import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/app';
import { catalogFixtures } from './catalog.fixtures';

const TRAILER = 'https://www.dailymotion.com/video/x5e9eog';
const VIDEO = 'https://dai.ly/x5e9eog';

let server: TestServer;
let titleId: number;
let member: { authorization: string };

beforeAll(async () => {
  server = await startTestServer();
  const fixtures = catalogFixtures(server.app);
  titleId = await fixtures.title({
    name: 'On Dailymotion',
    trailer_url: TRAILER,
    trailer_url_type: 'dailymotion',
    is_free: 1,
  });
  await server.app.ctx.db
    .insertInto('videos')
    .values({
      title_id: titleId,
      episode_id: null,
      kind: 'main',
      type: 'dailymotion',
      url: VIDEO,
      quality: null,
      status: 'ready',
      source_path: null,
      duration_seconds: null,
      position: 0,
      created_at: Date.now(),
      job_id: null,
      last_error: null,
    })
    .execute();
  const { authorization } = await fixtures.member('dailymotion-viewer@example.com');
  member = { authorization };
});
afterAll(() => server.close());

describe('Dailymotion links', () => {
  it('are a trailer type for visitors and a video link for members', async () => {
    const visitor = await server.app.inject({ method: 'GET', url: `/api/v1/user/movie-details/${titleId}` });
    expect(visitor.statusCode).toBe(200);
    expect(visitor.json().data).toMatchObject({
      trailer_url: TRAILER,
      trailer_url_type: 'dailymotion',
      video_links: [],
    });

    const own = await server.app.inject({
      method: 'GET',
      url: `/api/v1/user/movie-details/${titleId}`,
      headers: member,
    });
    expect(own.json().data.video_links).toEqual([{ type: 'dailymotion', url: VIDEO }]);
  });

  it('may be framed by the web app', async () => {
    const page = await server.app.inject({ method: 'GET', url: '/' });
    const frameSrc = /frame-src ([^;]+)/.exec(page.headers['content-security-policy'] as string)?.[1];
    expect(frameSrc?.split(' ')).toEqual(
      expect.arrayContaining(['https://www.dailymotion.com', 'https://geo.dailymotion.com']),
    );
  });

  it('are listed in the OpenAPI document', async () => {
    const doc = await server.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(doc.body).toContain('"dailymotion"');
  });
});
