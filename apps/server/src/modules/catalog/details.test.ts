import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscribe } from '../../testing/billing';
import type { NewTitle } from '../../db/database';
import { startTestServer, type TestServer } from '../../testing/app';
import { catalogFixtures } from './catalog.fixtures';

let server: TestServer;
let movie: number;
let show: number;
let hidden: number;
let related: Record<string, number>;
let episodes: number[];
let people: Record<string, number>;
let alice: { id: number; profileId: number; authorization: string };
let bob: { id: number; authorization: string };

const now = Date.now();
const video = (fields: {
  title_id?: number;
  episode_id?: number;
  kind?: 'main' | 'trailer';
  type?: 'hls' | 'url' | 'youtube';
  url: string;
  quality?: string | null;
  status?: 'ready' | 'failed' | 'processing';
  position?: number;
}) => ({
  title_id: fields.title_id ?? null,
  episode_id: fields.episode_id ?? null,
  kind: fields.kind ?? 'main',
  type: fields.type ?? 'hls',
  url: fields.url,
  quality: fields.quality ?? null,
  status: fields.status ?? 'ready',
  source_path: null,
  duration_seconds: 100,
  position: fields.position ?? 0,
  created_at: now,
});

beforeAll(async () => {
  server = await startTestServer();
  const fx = catalogFixtures(server.app);
  const db = server.app.ctx.db;
  movie = await fx.title({
    name: 'The Long Night',
    description: 'A city waits for dawn.',
    release_date: '2021-07-04',
    duration_minutes: 125,
    imdb_rating: 8.2,
    content_rating: 'PG-13',
    like_count: 42,
  });
  const thriller = await fx.genre('Thriller', [movie]);
  const mystery = await fx.genre('Mystery', [movie]);
  const comedy = await fx.genre('Comedy');

  const title = (name: string, fields: Partial<NewTitle> = {}) => fx.title({ name, ...fields });
  related = {
    both: await title('Both Genres', { view_count: 10 }),
    bothPopular: await title('Both Genres Popular', { view_count: 20 }),
    oneVeryPopular: await title('One Genre Very Popular', { view_count: 1000 }),
    hiddenBoth: await title('Hidden Both', { is_published: 0, view_count: 5000 }),
    unrelated: await title('Unrelated', { view_count: 9999 }),
  };
  await fx.tag(related.both!, [thriller, mystery]);
  await fx.tag(related.bothPopular!, [thriller, mystery]);
  await fx.tag(related.oneVeryPopular!, [thriller]);
  await fx.tag(related.hiddenBoth!, [thriller, mystery]);
  await fx.tag(related.unrelated!, [comedy]);
  for (let i = 0; i < 10; i++) {
    const filler = await title(`Filler ${i}`, { view_count: i });
    await fx.tag(filler, [mystery]);
  }

  people = {
    lead: await fx.person('Lead Actor', 'lead@example.com'),
    director: await fx.person('The Director'),
    writer: await fx.person('Blank Mail', ''),
  };
  await fx.cast(movie, people.lead!, 'Actor', 2);
  await fx.cast(movie, people.director!, 'Director', 1);
  await fx.cast(movie, people.writer!, 'Writer', 3);

  await db
    .insertInto('videos')
    .values([
      video({
        title_id: movie,
        type: 'hls',
        url: '/media/videos/1/master.m3u8',
        quality: 'auto',
        position: 1,
      }),
      video({ title_id: movie, type: 'url', url: '/media/videos/1/720.mp4', position: 0 }),
      video({ title_id: movie, url: '/media/videos/1/broken.m3u8', status: 'failed', position: 2 }),
      video({ title_id: movie, url: '/media/videos/1/pending.m3u8', status: 'processing', position: 3 }),
      video({
        title_id: movie,
        kind: 'trailer',
        type: 'youtube',
        url: 'https://youtube.com/watch?v=x',
        position: 0,
      }),
      video({
        title_id: movie,
        type: 'hls',
        url: '/media/private/videos/77/master.m3u8',
        quality: 'auto',
        position: 5,
      }),
    ])
    .execute();

  show = await fx.title({
    name: 'Harbor Lights',
    type: 'tvshow',
    release_date: null,
    duration_minutes: null,
  });
  const seasonTwo = await db
    .insertInto('seasons')
    .values({ title_id: show, season_number: 2, name: 'Season 2' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const seasonOne = await db
    .insertInto('seasons')
    .values({ title_id: show, season_number: 1, name: 'Season 1' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const episode = (seasonId: number, number: number) =>
    db
      .insertInto('episodes')
      .values({
        season_id: seasonId,
        episode_number: number,
        name: `Episode ${number}`,
        description: 'Waves.',
        duration_minutes: 45,
        thumbnail_image: `/media/episodes/${seasonId}-${number}.jpg`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  episodes = [
    (await episode(seasonOne.id, 2)).id,
    (await episode(seasonOne.id, 1)).id,
    (await episode(seasonTwo.id, 1)).id,
  ];
  await db
    .insertInto('videos')
    .values([
      video({ episode_id: episodes[1]!, url: '/media/episodes/s1e1/master.m3u8', quality: 'auto' }),
      video({ episode_id: episodes[0]!, url: '/media/episodes/s1e2/master.m3u8', quality: 'auto' }),
    ])
    .execute();

  hidden = await fx.title({ name: 'Not Yet', is_published: 0 });
  alice = await fx.member('alice@example.com');
  bob = await fx.member('bob@example.com');
  // Both have a plan: full videos are for members with one (billing tests cover those without).
  const { planId } = await subscribe(server.app, alice.id);
  await subscribe(server.app, bob.id, planId);
});
afterAll(() => server.close());

async function details(id: number | string, authorization?: string) {
  const res = await server.app.inject({
    method: 'GET',
    url: `/api/v1/user/movie-details/${id}`,
    headers: authorization ? { authorization } : {},
  });
  return { status: res.statusCode, body: res.json(), text: res.body };
}

describe('movie details for a visitor', () => {
  it('describes the title without full videos or member state', async () => {
    const { status, body } = await details(movie);
    expect(status).toBe(200);
    expect(body.status).toBe(true);
    expect(body.data).toMatchObject({
      id: movie,
      name: 'The Long Night',
      type: 'movie',
      description: 'A city waits for dawn.',
      release_year: 2021,
      language: 'English',
      duration: '2:05',
      imdb_rating: 8.2,
      content_rating: 'PG-13',
      trailer_url: 'https://www.youtube.com/watch?v=trailer',
      trailer_url_type: 'youtube',
      video_links: [],
      is_watch_list: false,
      is_liked: false,
      likes: 42,
    });
    expect(body.data.genres.map((genre: { name: string }) => genre.name)).toEqual(['Mystery', 'Thriller']);
    expect(body.data).not.toHaveProperty('progress');
    expect(body.data).not.toHaveProperty('seasons');
  });

  it('orders cast by position and tells whether each has an address, never the address', async () => {
    const { body, text } = await details(movie);
    expect(body.data.casts).toEqual([
      {
        id: people.director,
        name: 'The Director',
        profile_image: expect.any(String),
        job_title: 'Director',
        has_email: false,
      },
      {
        id: people.lead,
        name: 'Lead Actor',
        profile_image: expect.any(String),
        job_title: 'Actor',
        has_email: true,
      },
      {
        id: people.writer,
        name: 'Blank Mail',
        profile_image: expect.any(String),
        job_title: 'Writer',
        has_email: false,
      },
    ]);
    expect(text).not.toContain('lead@example.com');
    expect(text).not.toContain('"email"');
  });

  it('fills More Like This with up to 12 published titles sharing the most genres', async () => {
    const { body } = await details(movie);
    const names = body.data.more_items.map((card: { name: string }) => card.name);
    expect(names).toEqual([
      'Both Genres Popular',
      'Both Genres',
      'One Genre Very Popular',
      'Filler 9',
      'Filler 8',
      'Filler 7',
      'Filler 6',
      'Filler 5',
      'Filler 4',
      'Filler 3',
      'Filler 2',
      'Filler 1',
    ]);
    expect(body.data.more_items[0]).toEqual({
      id: related.bothPopular,
      name: 'Both Genres Popular',
      type: 'movie',
      poster_image: expect.any(String),
      thumbnail_image: expect.any(String),
      content_rating: 'PG',
      language: 'English',
      duration: '1:40',
      is_watch_list: false,
    });
  });

  it('lists seasons and episodes of a TV show in order, without their videos', async () => {
    const { body } = await details(show);
    expect(body.data).toMatchObject({ type: 'tvshow', release_year: null, duration: null, more_items: [] });
    expect(body.data.seasons).toEqual([
      {
        id: expect.any(Number),
        season_number: 1,
        name: 'Season 1',
        episodes: [
          {
            id: episodes[1],
            episode_number: 1,
            name: 'Episode 1',
            description: 'Waves.',
            duration: '0:45',
            thumbnail_image: expect.any(String),
            video_links: [],
          },
          {
            id: episodes[0],
            episode_number: 2,
            name: 'Episode 2',
            description: 'Waves.',
            duration: '0:45',
            thumbnail_image: expect.any(String),
            video_links: [],
          },
        ],
      },
      {
        id: expect.any(Number),
        season_number: 2,
        name: 'Season 2',
        episodes: [expect.objectContaining({ id: episodes[2], video_links: [] })],
      },
    ]);
  });

  it('treats a bad token as a visitor', async () => {
    const { status, body } = await details(movie, 'Bearer this-token-does-not-exist-anywhere-at-all');
    expect(status).toBe(200);
    expect(body.data.video_links).toEqual([]);
    expect(body.data).not.toHaveProperty('progress');
  });
});

describe('movie details for a member', () => {
  it('adds the ready full videos by position, and no progress yet', async () => {
    const { status, body } = await details(movie, alice.authorization);
    expect(status).toBe(200);
    expect(body.data.video_links).toEqual([
      { type: 'url', url: '/media/videos/1/720.mp4' },
      { type: 'hls', url: '/media/videos/1/master.m3u8', quality: 'auto' },
      {
        type: 'hls',
        url: expect.stringMatching(/^\/media\/s\/\d+\/1080\/[A-Za-z0-9_-]{43}\/videos\/77\/master\.m3u8$/),
        quality: 'auto',
      },
    ]);
    expect(body.data.progress).toBeNull();
  });

  it('never shows the unsigned path of a private video', async () => {
    expect((await details(movie, alice.authorization)).text).not.toContain('/media/private/');
    expect((await details(movie)).text).not.toContain('/media/private/');
  });

  it("adds episodes' full videos", async () => {
    const { body } = await details(show, alice.authorization);
    const [seasonOne, seasonTwo] = body.data.seasons;
    expect(seasonOne.episodes.map((episode: { video_links: unknown[] }) => episode.video_links)).toEqual([
      [{ type: 'hls', url: '/media/episodes/s1e1/master.m3u8', quality: 'auto' }],
      [{ type: 'hls', url: '/media/episodes/s1e2/master.m3u8', quality: 'auto' }],
    ]);
    expect(seasonTwo.episodes[0].video_links).toEqual([]);
  });

  it("shows the member's own watch list, like and latest progress", async () => {
    const db = server.app.ctx.db;
    const save = await server.app.inject({
      method: 'POST',
      url: '/api/v1/user/save-watch-list',
      headers: { authorization: alice.authorization },
      payload: { entertainment_id: movie },
    });
    expect(save.statusCode).toBe(200);
    await server.app.inject({
      method: 'POST',
      url: '/api/v1/user/save-watch-list',
      headers: { authorization: alice.authorization },
      payload: { entertainment_id: related.both },
    });
    await db
      .insertInto('likes')
      .values({ user_id: alice.id, profile_id: alice.profileId, title_id: movie, created_at: now })
      .execute();
    await db
      .insertInto('playback_progress')
      .values({
        user_id: alice.id,
        profile_id: alice.profileId,
        title_id: movie,
        episode_id: 0,
        position_seconds: 300,
        duration_seconds: 7500,
        finished: 0,
        updated_at: now,
      })
      .execute();
    await db
      .insertInto('playback_progress')
      .values([
        {
          user_id: alice.id,
          profile_id: alice.profileId,
          title_id: show,
          episode_id: episodes[1]!,
          position_seconds: 10,
          duration_seconds: 2700,
          finished: 0,
          updated_at: now - 1000,
        },
        {
          user_id: alice.id,
          profile_id: alice.profileId,
          title_id: show,
          episode_id: episodes[0]!,
          position_seconds: 99.5,
          duration_seconds: 2700,
          finished: 0,
          updated_at: now,
        },
      ])
      .execute();

    const mine = (await details(movie, alice.authorization)).body.data;
    expect(mine).toMatchObject({
      is_watch_list: true,
      is_liked: true,
      likes: 42,
      progress: { position_seconds: 300, duration_seconds: 7500 },
    });
    expect(mine.progress).not.toHaveProperty('episode_id');
    expect(
      mine.more_items
        .filter((card: { is_watch_list: boolean }) => card.is_watch_list)
        .map((card: { id: number }) => card.id),
    ).toEqual([related.both]);

    const showDetails = (await details(show, alice.authorization)).body.data;
    expect(showDetails.progress).toEqual({
      position_seconds: 99.5,
      duration_seconds: 2700,
      episode_id: episodes[0],
    });

    const bobs = (await details(movie, bob.authorization)).body.data;
    expect(bobs).toMatchObject({ is_watch_list: false, is_liked: false, progress: null });
    expect(bobs.more_items.every((card: { is_watch_list: boolean }) => !card.is_watch_list)).toBe(true);

    const visitor = (await details(movie)).body.data;
    expect(visitor).toMatchObject({ is_watch_list: false, is_liked: false, video_links: [] });
  });
});

describe('More Like This in a larger catalog', () => {
  it('still fills up from fewer shared genres when many close matches are hidden', async () => {
    const fx = catalogFixtures(server.app);
    const base = await fx.title({ name: 'Base' });
    const [western, noir] = [await fx.genre('Western', [base]), await fx.genre('Noir', [base])];
    for (let i = 0; i < 24; i++) {
      const id = await fx.title({ name: `Close ${i}`, is_published: i < 20 ? 0 : 1, view_count: 100 + i });
      await fx.tag(id, [western!, noir!]);
    }
    for (let i = 0; i < 10; i++) {
      const id = await fx.title({ name: `Far ${i}`, view_count: i });
      await fx.tag(id, [noir!]);
    }
    const { body } = await details(base);
    expect(body.data.more_items.map((card: { name: string }) => card.name)).toEqual([
      'Close 23',
      'Close 22',
      'Close 21',
      'Close 20',
      'Far 9',
      'Far 8',
      'Far 7',
      'Far 6',
      'Far 5',
      'Far 4',
      'Far 3',
      'Far 2',
    ]);
  });

  it('is empty for a title without genres', async () => {
    const fx = catalogFixtures(server.app);
    const lonely = await fx.title({ name: 'Lonely' });
    expect((await details(lonely)).body.data.more_items).toEqual([]);
  });
});

describe('movie details errors', () => {
  it('is a 404 for an unknown or unpublished title', async () => {
    for (const id of [999999, hidden]) {
      const { status, body } = await details(id, alice.authorization);
      expect(status).toBe(404);
      expect(body).toEqual({ status: false, message: 'Title not found.' });
    }
  });

  it.each(['abc', '0', '-3', '1.5', '99999999999'])('is a 422 for the id %s', async (id) => {
    const { status, body } = await details(id);
    expect(status).toBe(422);
    expect(body).toMatchObject({ status: false, errors: { id: ['Must be a positive whole number'] } });
  });
});
