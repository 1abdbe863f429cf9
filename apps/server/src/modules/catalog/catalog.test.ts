import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoDay, DAY_MS } from '../../lib/time';
import { startTestServer, type TestServer } from '../../testing/app';
import { catalogFixtures } from './catalog.fixtures';

const daysAgo = (days: number) => isoDay(Date.now() - days * DAY_MS);

let server: TestServer;
let t: Record<string, number>;
let genres: Record<string, number>;
let actor: number;
let alice: { id: number; authorization: string };

beforeAll(async () => {
  server = await startTestServer();
  const fx = catalogFixtures(server.app);
  t = {};
  t.alpha = await fx.title({
    name: 'Alpha',
    release_date: '2021-05-01',
    like_count: 5,
    view_count: 100,
    is_free: 1,
    duration_minutes: 125,
  });
  t.bravo = await fx.title({ name: 'Bravo', release_date: '2023-01-01', like_count: 50, view_count: 10 });
  t.charlie = await fx.title({
    name: 'Charlie',
    release_date: '2022-06-15',
    like_count: 50,
    view_count: 500,
  });
  t.delta = await fx.title({ name: 'Delta', release_date: null, is_free: 1, duration_minutes: null });
  t.echo = await fx.title({
    name: 'Echo',
    release_date: '2025-01-01',
    like_count: 999,
    view_count: 999,
    is_free: 1,
    is_published: 0,
  });
  t.foxtrot = await fx.title({
    name: 'Foxtrot',
    type: 'tvshow',
    release_date: '2024-03-01',
    imdb_rating: 8.5,
    view_count: 50,
    like_count: 1,
    trailer_url: '',
  });
  t.golf = await fx.title({
    name: 'Golf',
    type: 'tvshow',
    release_date: '2019-01-01',
    imdb_rating: 9.1,
    view_count: 5,
  });
  t.hotel = await fx.title({
    name: 'Hotel',
    type: 'tvshow',
    release_date: '2022-01-01',
    imdb_rating: 7,
    is_free: 1,
  });
  t.india = await fx.title({ name: 'India', type: 'tvshow', release_date: '2020-06-01', imdb_rating: 8 });

  // Recent views: Bravo 30, Foxtrot 2 + 3, Golf 5; Alpha's 1000 are older than a week.
  await fx.dailyViews(t.bravo, daysAgo(0), 30);
  await fx.dailyViews(t.foxtrot, daysAgo(1), 2);
  await fx.dailyViews(t.foxtrot, daysAgo(6), 3);
  await fx.dailyViews(t.golf, daysAgo(2), 5);
  await fx.dailyViews(t.alpha, daysAgo(10), 1000);
  await fx.dailyViews(t.echo, daysAgo(0), 5000);

  genres = {
    drama: await fx.genre('Drama', [t.alpha, t.charlie, t.foxtrot]),
    comedy: await fx.genre('Comedy', [t.bravo, t.charlie]),
    action: await fx.genre('Action', [t.echo, t.bravo]),
  };
  actor = await fx.person('Pat Actor', 'pat@example.com');
  await fx.cast(t.alpha, actor, 'Actor', 1);
  await fx.cast(t.foxtrot, actor, 'Director', 1);
  await fx.cast(t.foxtrot, actor, 'Actor', 2);
  await fx.cast(t.echo, actor, 'Actor', 1);

  const db = server.app.ctx.db;
  await db
    .insertInto('banners')
    .values([
      { title_id: t.foxtrot, poster_url: '/media/banners/foxtrot.jpg', position: 2, is_active: 1 },
      { title_id: t.bravo, poster_url: '/media/banners/bravo.jpg', position: 1, is_active: 1 },
      { title_id: t.charlie, poster_url: '/media/banners/charlie.jpg', position: 0, is_active: 0 },
      { title_id: t.echo, poster_url: '/media/banners/echo.jpg', position: 0, is_active: 1 },
    ])
    .execute();
  await db
    .insertInto('videos')
    .values({
      title_id: t.foxtrot,
      episode_id: null,
      kind: 'trailer',
      type: 'hls',
      url: '/media/trailers/foxtrot/master.m3u8',
      quality: 'auto',
      status: 'ready',
      source_path: null,
      duration_seconds: 60,
      position: 0,
      created_at: Date.now(),
    })
    .execute();
  alice = await fx.member('alice@example.com');
});
afterAll(() => server.close());

async function get(url: string, authorization?: string) {
  const res = await server.app.inject({
    method: 'GET',
    url: `/api/v1${url}`,
    headers: authorization ? { authorization } : {},
  });
  return { status: res.statusCode, body: res.json() };
}

async function names(url: string, authorization?: string): Promise<string[]> {
  const { status, body } = await get(url, authorization);
  expect(status).toBe(200);
  expect(body.status).toBe(true);
  return body.data.map((card: { name: string }) => card.name);
}

describe('browse rows', () => {
  it('popular: views of the last 7 days (Foxtrot and Golf tie at 5), then all-time views, then id', async () => {
    expect(await names('/user/popular-movie')).toEqual([
      'Bravo',
      'Foxtrot',
      'Golf',
      'Charlie',
      'Alpha',
      'India',
      'Hotel',
      'Delta',
    ]);
  });

  it('popular movies: only movies, by likes and views of all time, unlike the Top 10 of recent views', async () => {
    // Bravo leads the Top 10 on its 30 views this week; all time, Charlie (550) and Alpha (105) lead.
    expect(await names('/user/all-time-popular-movie')).toEqual(['Charlie', 'Alpha', 'Bravo', 'Delta']);
  });

  it('top channels: only TV shows, by recent views then IMDb rating', async () => {
    expect(await names('/user/top-channels')).toEqual(['Golf', 'Foxtrot', 'India', 'Hotel']);
  });

  it('latest: only movies, by release date, undated last', async () => {
    expect(await names('/user/latest-movie')).toEqual(['Bravo', 'Charlie', 'Alpha', 'Delta']);
  });

  it('free: only free titles of both types, newest first', async () => {
    expect(await names('/user/free-movie')).toEqual(['Hotel', 'Alpha', 'Delta']);
  });

  it('most liked: by like count, ties by id', async () => {
    expect(await names('/user/most-like-movie')).toEqual([
      'Charlie',
      'Bravo',
      'Alpha',
      'Foxtrot',
      'India',
      'Hotel',
      'Golf',
      'Delta',
    ]);
  });

  it('most viewed: by view count, ties by id', async () => {
    expect(await names('/user/most-view-movie')).toEqual([
      'Charlie',
      'Alpha',
      'Foxtrot',
      'Bravo',
      'Golf',
      'India',
      'Hotel',
      'Delta',
    ]);
  });

  it('answers MovieCards with H:M durations', async () => {
    const { body } = await get('/user/latest-movie');
    const alpha = body.data.find((card: { id: number }) => card.id === t.alpha);
    expect(alpha).toEqual({
      id: t.alpha,
      name: 'Alpha',
      type: 'movie',
      poster_image: expect.stringMatching(/^\/media\//),
      thumbnail_image: expect.stringMatching(/^\/media\//),
      content_rating: 'PG',
      language: 'English',
      duration: '2:05',
      is_watch_list: false,
    });
    expect(body.data.find((card: { id: number }) => card.id === t.delta).duration).toBeNull();
  });

  it('pages with page and per_page', async () => {
    expect(await names('/user/latest-movie?per_page=2')).toEqual(['Bravo', 'Charlie']);
    expect(await names('/user/latest-movie?page=2&per_page=2')).toEqual(['Alpha', 'Delta']);
    expect(await names('/user/latest-movie?page=3&per_page=2')).toEqual([]);
  });

  it.each([
    ['page=0', 'page', 'page must be at least 1'],
    ['page=abc', 'page', 'page must be a whole number'],
    ['page=1.5', 'page', 'page must be a whole number'],
    ['per_page=0', 'per_page', 'per_page must be at least 1'],
    ['per_page=101', 'per_page', 'per_page must be at most 100'],
  ])('refuses %s with a 422', async (query, field, message) => {
    const { status, body } = await get(`/user/popular-movie?${query}`);
    expect(status).toBe(422);
    expect(body).toMatchObject({ status: false, message, errors: { [field]: [message] } });
  });
});

describe('lists', () => {
  it('tvshow-list: TV shows, newest first, paged', async () => {
    expect(await names('/user/tvshow-list')).toEqual(['Foxtrot', 'Hotel', 'India', 'Golf']);
    expect(await names('/user/tvshow-list?page=2&per_page=3')).toEqual(['Golf']);
    expect((await get('/user/tvshow-list?per_page=x')).status).toBe(422);
  });

  it('get-gener: every genre by name', async () => {
    const { status, body } = await get('/user/get-gener');
    expect(status).toBe(200);
    expect(body).toEqual({
      status: true,
      data: [
        { id: genres.action, name: 'Action' },
        { id: genres.comedy, name: 'Comedy' },
        { id: genres.drama, name: 'Drama' },
      ],
    });
  });

  it('movie-list without a filter: every published movie, newest first', async () => {
    expect(await names('/user/movie-list')).toEqual(['Bravo', 'Charlie', 'Alpha', 'Delta']);
    expect(await names('/user/movie-list?per_page=1&page=4')).toEqual(['Delta']);
  });

  it('movie-list by genre: titles of the genre of both types, published only', async () => {
    expect(await names(`/user/movie-list?genre_id=${genres.drama}`)).toEqual(['Foxtrot', 'Charlie', 'Alpha']);
    expect(await names(`/user/movie-list?genre_id=${genres.action}`)).toEqual(['Bravo']);
    expect(await names(`/user/movie-list?genre_id=${genres.drama}&per_page=1&page=2`)).toEqual(['Charlie']);
  });

  it('movie-list by actor: each title once, whatever the number of roles', async () => {
    expect(await names(`/user/movie-list?actor_id=${actor}`)).toEqual(['Foxtrot', 'Alpha']);
    expect(await names(`/user/movie-list?actor_id=${actor}&genre_id=${genres.comedy}`)).toEqual([]);
  });

  it('movie-list for an unknown genre or actor is an empty list, not a 404', async () => {
    expect(await names('/user/movie-list?genre_id=999999')).toEqual([]);
    expect(await names('/user/movie-list?actor_id=999999')).toEqual([]);
  });

  it('movie-list refuses a non-numeric filter', async () => {
    const { status, body } = await get('/user/movie-list?genre_id=abc');
    expect(status).toBe(422);
    expect(body.errors.genre_id).toEqual(['Must be a positive whole number']);
    expect((await get('/user/movie-list?actor_id=-1')).status).toBe(422);
  });
});

describe('banners', () => {
  it('lists active banners of published titles by position, with genres and the trailer', async () => {
    const { status, body } = await get('/user/banners');
    expect(status).toBe(200);
    expect(body.data).toEqual([
      {
        poster_url: '/media/banners/bravo.jpg',
        data: {
          id: t.bravo,
          name: 'Bravo',
          description: '',
          release_date: '2023-01-01',
          language: 'English',
          duration: '1:40',
          imdb_rating: 7,
          trailer_url: 'https://www.youtube.com/watch?v=trailer',
          trailer_url_type: 'youtube',
          genres: [
            { id: genres.action, name: 'Action' },
            { id: genres.comedy, name: 'Comedy' },
          ],
        },
      },
      {
        poster_url: '/media/banners/foxtrot.jpg',
        data: expect.objectContaining({
          id: t.foxtrot,
          name: 'Foxtrot',
          trailer_url: '/media/trailers/foxtrot/master.m3u8',
          trailer_url_type: 'hls',
          genres: [{ id: genres.drama, name: 'Drama' }],
        }),
      },
    ]);
  });
});

describe('who is asking', () => {
  it('treats a bad token on a public read as a visitor', async () => {
    const visitor = await get('/user/popular-movie');
    const badToken = await get('/user/popular-movie', 'Bearer not-a-real-token-but-long-enough-to-check');
    expect(badToken.status).toBe(200);
    expect(badToken.body).toEqual(visitor.body);
    expect((await get('/user/banners', 'Bearer nope')).status).toBe(200);
  });

  it("shows a member's own watch list on every row", async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/v1/user/save-watch-list',
      headers: { authorization: alice.authorization },
      payload: { entertainment_id: t.charlie },
    });
    expect(res.statusCode).toBe(200);
    for (const path of [
      '/user/popular-movie',
      '/user/latest-movie',
      '/user/most-like-movie',
      `/user/movie-list?genre_id=${genres.drama}`,
    ]) {
      const { body } = await get(path, alice.authorization);
      const listed = body.data
        .filter((card: { is_watch_list: boolean }) => card.is_watch_list)
        .map((card: { id: number }) => card.id);
      expect(listed).toEqual([t.charlie]);
      const anonymous = await get(path);
      expect(anonymous.body.data.every((card: { is_watch_list: boolean }) => !card.is_watch_list)).toBe(true);
    }
  });
});
