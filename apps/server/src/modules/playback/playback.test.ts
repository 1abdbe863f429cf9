import { FINISHED_SHARE, ServerMessages } from '@reeltime/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DAY_MS, isoDay, MINUTE_MS } from '../../lib/time';
import { insertShow, insertTitle } from '../../media/media.fixtures';
import { startTestServer, type TestServer } from '../../testing/app';
import { signUp } from '../../testing/http';
import { createPlaybackService, PlaybackMessages } from './playback.service';

let server: TestServer;
let alice: Awaited<ReturnType<typeof signUp>>;
let bob: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  server = await startTestServer();
  alice = await signUp(server.app, { first_name: 'Alice' });
  bob = await signUp(server.app, { first_name: 'Bob' });
});
afterAll(() => server.close());

const db = () => server.app.ctx.db;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function progress(payload: Record<string, unknown>, auth: Record<string, string> = alice.auth) {
  return server.app.inject({ method: 'POST', url: '/api/v1/user/playback-progress', headers: auth, payload });
}
function like(payload: Record<string, unknown>, auth: Record<string, string> = alice.auth) {
  return server.app.inject({ method: 'POST', url: '/api/v1/user/like', headers: auth, payload });
}
function continueWatching(auth: Record<string, string> = alice.auth) {
  return server.app.inject({ method: 'GET', url: '/api/v1/user/continue-watching', headers: auth });
}
async function titleCounts(id: number) {
  return db()
    .selectFrom('titles')
    .select(['like_count', 'view_count'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}
async function dailyViews(id: number) {
  const row = await db()
    .selectFrom('title_daily_views')
    .select('views')
    .where('title_id', '=', id)
    .where('day', '=', isoDay())
    .executeTakeFirst();
  return row?.views ?? 0;
}

describe('POST /user/playback-progress', () => {
  it('is for members only', async () => {
    const res = await progress({ entertainment_id: 1, position_seconds: 1, duration_seconds: 10 }, {});
    expect(res.statusCode).toBe(401);
  });

  it('validates ids and seconds with 422', async () => {
    for (const payload of [
      { entertainment_id: 'abc', position_seconds: 1, duration_seconds: 10 },
      { entertainment_id: 0, position_seconds: 1, duration_seconds: 10 },
      { entertainment_id: -3, position_seconds: 1, duration_seconds: 10 },
      { entertainment_id: 1.5, position_seconds: 1, duration_seconds: 10 },
      { entertainment_id: 1, episode_id: 'x', position_seconds: 1, duration_seconds: 10 },
      { entertainment_id: 1, position_seconds: -1, duration_seconds: 10 },
      { entertainment_id: 1, position_seconds: 1, duration_seconds: 0 },
      { entertainment_id: 1, position_seconds: 50, duration_seconds: 10 },
      { entertainment_id: 1 },
    ]) {
      const res = await progress(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().status).toBe(false);
      expect(Object.keys(res.json().errors ?? {}).length).toBeGreaterThan(0);
    }
  });

  it('is 404 for an unknown or unpublished title and for an episode of another title', async () => {
    const hidden = await insertTitle(db(), { is_published: 0 });
    const movie = await insertTitle(db());
    const show = await insertShow(db(), 1);
    const other = await insertShow(db(), 1);

    const unknown = await progress({ entertainment_id: 987654, position_seconds: 1, duration_seconds: 10 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ status: false, message: ServerMessages.titleNotFound });
    expect(
      (await progress({ entertainment_id: hidden, position_seconds: 1, duration_seconds: 10 })).statusCode,
    ).toBe(404);

    const wrongEpisode = await progress({
      entertainment_id: show.titleId,
      episode_id: other.episodeIds[0],
      position_seconds: 1,
      duration_seconds: 10,
    });
    expect(wrongEpisode.statusCode).toBe(404);
    expect(wrongEpisode.json().message).toBe(PlaybackMessages.episodeNotFound);
    expect(
      (
        await progress({
          entertainment_id: movie,
          episode_id: show.episodeIds[0],
          position_seconds: 1,
          duration_seconds: 10,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await progress({
          entertainment_id: show.titleId,
          episode_id: 999999,
          position_seconds: 1,
          duration_seconds: 10,
        })
      ).statusCode,
    ).toBe(404);

    const rows = await db()
      .selectFrom('playback_progress')
      .select('id')
      .where('user_id', '=', alice.id)
      .execute();
    expect(rows).toHaveLength(0);
  });

  it('keeps one row per title and episode, and is finished from 95% of the duration', async () => {
    const movie = await insertTitle(db());
    const first = await progress({ entertainment_id: movie, position_seconds: 12.5, duration_seconds: 100 });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ status: true, data: { position_seconds: 12.5, finished: false } });

    const almost = await progress({
      entertainment_id: String(movie),
      position_seconds: '94.9',
      duration_seconds: '100',
    });
    expect(almost.json().data).toEqual({ position_seconds: 94.9, finished: false });
    const done = await progress({
      entertainment_id: movie,
      position_seconds: 100 * FINISHED_SHARE,
      duration_seconds: 100,
    });
    expect(done.json().data).toEqual({ position_seconds: 95, finished: true });

    const rows = await db()
      .selectFrom('playback_progress')
      .selectAll()
      .where('user_id', '=', alice.id)
      .where('title_id', '=', movie)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      episode_id: 0,
      position_seconds: 95,
      duration_seconds: 100,
      finished: 1,
    });

    // Watching again from the start makes it unfinished again.
    const again = await progress({ entertainment_id: movie, position_seconds: 3, duration_seconds: 100 });
    expect(again.json().data).toEqual({ position_seconds: 3, finished: false });
  });

  it('counts a view once per member and day when playback passes 30 s', async () => {
    const movie = await insertTitle(db());
    await progress({ entertainment_id: movie, position_seconds: 29, duration_seconds: 600 });
    expect(await titleCounts(movie)).toMatchObject({ view_count: 0 });
    expect(await dailyViews(movie)).toBe(0);

    await progress({ entertainment_id: movie, position_seconds: 30, duration_seconds: 600 });
    await progress({ entertainment_id: movie, position_seconds: 45, duration_seconds: 600 });
    await progress({ entertainment_id: movie, position_seconds: 590, duration_seconds: 600 });
    expect(await titleCounts(movie)).toMatchObject({ view_count: 1 });
    expect(await dailyViews(movie)).toBe(1);

    await progress({ entertainment_id: movie, position_seconds: 31, duration_seconds: 600 }, bob.auth);
    expect(await titleCounts(movie)).toMatchObject({ view_count: 2 });
    expect(await dailyViews(movie)).toBe(2);
    const views = await db().selectFrom('views').selectAll().where('title_id', '=', movie).execute();
    expect(views.map((view) => view.day)).toEqual([isoDay(), isoDay()]);
  });

  it('counts the same member’s view again on the next day (UTC), and only once that day', async () => {
    const movie = await insertTitle(db());
    const startOfToday = Date.parse(`${isoDay()}T00:00:00.000Z`);
    const lastMinuteOfToday = startOfToday + DAY_MS - MINUTE_MS;
    const firstMinuteOfTomorrow = startOfToday + DAY_MS + MINUTE_MS;
    const watch = (position: number) =>
      progress({ entertainment_id: movie, position_seconds: position, duration_seconds: 600 });
    const viewDays = async () =>
      (
        await db()
          .selectFrom('views')
          .select('day')
          .where('title_id', '=', movie)
          .where('user_id', '=', alice.id)
          .orderBy('day')
          .execute()
      ).map((view) => view.day);

    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(lastMinuteOfToday);
      await watch(40);
      await watch(300);
      expect(await titleCounts(movie)).toMatchObject({ view_count: 1 });

      vi.setSystemTime(firstMinuteOfTomorrow);
      await watch(35);
      expect(await titleCounts(movie)).toMatchObject({ view_count: 2 });
      await watch(500);
      expect(await titleCounts(movie)).toMatchObject({ view_count: 2 });
      expect(await viewDays()).toEqual([isoDay(lastMinuteOfToday), isoDay(firstMinuteOfTomorrow)]);
      const daily = await db()
        .selectFrom('title_daily_views')
        .select(['day', 'views'])
        .where('title_id', '=', movie)
        .orderBy('day')
        .execute();
      expect(daily).toEqual([
        { day: isoDay(lastMinuteOfToday), views: 1 },
        { day: isoDay(firstMinuteOfTomorrow), views: 1 },
      ]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('counts views of an episode on its show, once a day across episodes', async () => {
    const show = await insertShow(db(), 2);
    await progress({
      entertainment_id: show.titleId,
      episode_id: show.episodeIds[0],
      position_seconds: 40,
      duration_seconds: 1200,
    });
    await progress({
      entertainment_id: show.titleId,
      episode_id: show.episodeIds[1],
      position_seconds: 40,
      duration_seconds: 1200,
    });
    expect(await titleCounts(show.titleId)).toMatchObject({ view_count: 1 });
    const rows = await db()
      .selectFrom('playback_progress')
      .select('episode_id')
      .where('user_id', '=', alice.id)
      .where('title_id', '=', show.titleId)
      .orderBy('episode_id')
      .execute();
    expect(rows.map((row) => row.episode_id)).toEqual(show.episodeIds);
  });

  it('counts a video shorter than 30 s once it is finished', async () => {
    const clip = await insertTitle(db());
    await progress({ entertainment_id: clip, position_seconds: 10, duration_seconds: 20 });
    expect(await titleCounts(clip)).toMatchObject({ view_count: 0 });
    await progress({ entertainment_id: clip, position_seconds: 19.5, duration_seconds: 20 });
    expect(await titleCounts(clip)).toMatchObject({ view_count: 1 });
  });
});

describe('GET /user/continue-watching', () => {
  it('lists the member’s own unfinished titles, latest first, as cards with their position', async () => {
    const carol = await signUp(server.app, { first_name: 'Carol' });
    const dave = await signUp(server.app, { first_name: 'Dave' });
    const [a, b, finished, notStarted, hidden] = [
      await insertTitle(db(), { name: 'Alpha' }),
      await insertTitle(db(), { name: 'Bravo' }),
      await insertTitle(db(), { name: 'Finished' }),
      await insertTitle(db(), { name: 'Zero' }),
      await insertTitle(db(), { name: 'Hidden' }),
    ];
    const show = await insertShow(db(), 2);

    await progress({ entertainment_id: a, position_seconds: 60, duration_seconds: 6000 }, carol.auth);
    await pause(5);
    await progress(
      { entertainment_id: finished, position_seconds: 5900, duration_seconds: 6000 },
      carol.auth,
    );
    await pause(5);
    await progress({ entertainment_id: notStarted, position_seconds: 0, duration_seconds: 6000 }, carol.auth);
    await pause(5);
    await progress({ entertainment_id: b, position_seconds: 120, duration_seconds: 6000 }, carol.auth);
    await pause(5);
    await progress({ entertainment_id: hidden, position_seconds: 120, duration_seconds: 6000 }, carol.auth);
    await db().updateTable('titles').set({ is_published: 0 }).where('id', '=', hidden).execute();
    await pause(5);
    await progress(
      {
        entertainment_id: show.titleId,
        episode_id: show.episodeIds[0],
        position_seconds: 2300,
        duration_seconds: 2400,
      },
      carol.auth,
    );
    await pause(5);
    await progress(
      {
        entertainment_id: show.titleId,
        episode_id: show.episodeIds[1],
        position_seconds: 300,
        duration_seconds: 2400,
      },
      carol.auth,
    );
    await pause(5);
    // Resuming Alpha moves it to the front.
    await progress({ entertainment_id: a, position_seconds: 90, duration_seconds: 6000 }, carol.auth);
    // Someone else's viewing never shows.
    await progress({ entertainment_id: finished, position_seconds: 10, duration_seconds: 6000 }, dave.auth);
    await server.app.inject({
      method: 'POST',
      url: '/api/v1/user/save-watch-list',
      headers: carol.auth,
      payload: { entertainment_id: b },
    });

    const res = await continueWatching(carol.auth);
    expect(res.statusCode).toBe(200);
    const items = res.json().data as Array<Record<string, unknown>>;
    expect(items.map((item) => item.id)).toEqual([a, show.titleId, b]);
    expect(items[0]).toMatchObject({
      name: 'Alpha',
      type: 'movie',
      position_seconds: 90,
      duration_seconds: 6000,
      is_watch_list: false,
    });
    expect(items[0]).not.toHaveProperty('episode_id');
    expect(items[0]).toHaveProperty('poster_image');
    expect(items[0]).toHaveProperty('duration', '1:35');
    expect(items[1]).toMatchObject({ type: 'tvshow', episode_id: show.episodeIds[1], position_seconds: 300 });
    expect(items[2]).toMatchObject({ id: b, is_watch_list: true });

    const daves = (await continueWatching(dave.auth)).json().data as Array<{ id: number }>;
    expect(daves.map((item) => item.id)).toEqual([finished]);
  });

  it('is empty for a new member and 401 for visitors', async () => {
    const erin = await signUp(server.app);
    expect((await continueWatching(erin.auth)).json()).toEqual({ status: true, data: [] });
    expect((await continueWatching({})).statusCode).toBe(401);
  });

  it('holds at most 20 titles', async () => {
    const frank = await signUp(server.app);
    for (let i = 0; i < 22; i++) {
      const id = await insertTitle(db());
      await progress({ entertainment_id: id, position_seconds: 50, duration_seconds: 500 }, frank.auth);
    }
    expect((await continueWatching(frank.auth)).json().data).toHaveLength(20);
  });
});

describe('POST /user/like', () => {
  it('toggles the member’s like and keeps the title’s count right', async () => {
    const movie = await insertTitle(db());
    const first = await like({ entertainment_id: movie });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      status: true,
      message: PlaybackMessages.liked,
      data: { is_liked: true, likes: 1 },
    });
    expect((await like({ entertainment_id: movie }, bob.auth)).json().data).toEqual({
      is_liked: true,
      likes: 2,
    });
    const undo = await like({ entertainment_id: String(movie) });
    expect(undo.json()).toEqual({
      status: true,
      message: PlaybackMessages.unliked,
      data: { is_liked: false, likes: 1 },
    });
    expect(await titleCounts(movie)).toMatchObject({ like_count: 1 });
    expect((await like({ entertainment_id: movie })).json().data).toEqual({ is_liked: true, likes: 2 });
    const likes = await db()
      .selectFrom('likes')
      .select('user_id')
      .where('title_id', '=', movie)
      .orderBy('user_id')
      .execute();
    expect(likes.map((row) => row.user_id)).toEqual([alice.id, bob.id].sort((x, y) => x - y));
  });

  it('keeps the count right when a member toggles many times at once', async () => {
    const movie = await insertTitle(db());
    await Promise.all(Array.from({ length: 6 }, () => like({ entertainment_id: movie })));
    const liked = await db().selectFrom('likes').select('user_id').where('title_id', '=', movie).execute();
    expect((await titleCounts(movie)).like_count).toBe(liked.length);
  });

  it('is 404 for an unknown title, 422 for a bad id and 401 for visitors', async () => {
    expect((await like({ entertainment_id: 876543 })).statusCode).toBe(404);
    expect((await like({ entertainment_id: 'x' })).statusCode).toBe(422);
    expect((await like({})).statusCode).toBe(422);
    expect((await like({ entertainment_id: 1 }, {})).statusCode).toBe(401);
  });
});

describe('playback service: a member’s state of one title', () => {
  it('gives the member’s own like and latest progress, never another member’s', async () => {
    const playback = createPlaybackService(server.app.ctx);
    const show = await insertShow(db(), 2);
    expect(await playback.titleState(alice.id, show.titleId)).toEqual({
      is_liked: false,
      likes: 0,
      progress: null,
    });

    await like({ entertainment_id: show.titleId }, bob.auth);
    await progress(
      {
        entertainment_id: show.titleId,
        episode_id: show.episodeIds[0],
        position_seconds: 100,
        duration_seconds: 1000,
      },
      bob.auth,
    );
    expect(await playback.titleState(alice.id, show.titleId)).toEqual({
      is_liked: false,
      likes: 1,
      progress: null,
    });

    await progress({
      entertainment_id: show.titleId,
      episode_id: show.episodeIds[0],
      position_seconds: 200,
      duration_seconds: 1000,
    });
    await pause(5);
    await progress({
      entertainment_id: show.titleId,
      episode_id: show.episodeIds[1],
      position_seconds: 50,
      duration_seconds: 1000,
    });
    await like({ entertainment_id: show.titleId });
    expect(await playback.titleState(alice.id, show.titleId)).toEqual({
      is_liked: true,
      likes: 2,
      progress: {
        position_seconds: 50,
        duration_seconds: 1000,
        episode_id: show.episodeIds[1],
        finished: false,
      },
    });
  });
});

describe('movie-details of a show for a member', () => {
  it('gives each episode its own saved position, only the member’s own, and none to visitors', async () => {
    const show = await insertShow(db(), 3);
    const [first, second, third] = show.episodeIds;
    await progress({
      entertainment_id: show.titleId,
      episode_id: first,
      position_seconds: 980,
      duration_seconds: 1000,
    });
    await progress({
      entertainment_id: show.titleId,
      episode_id: second,
      position_seconds: 120,
      duration_seconds: 900,
    });
    await progress(
      { entertainment_id: show.titleId, episode_id: third, position_seconds: 60, duration_seconds: 800 },
      bob.auth,
    );

    const episodesOf = async (headers: Record<string, string>) => {
      const res = await server.app.inject({
        method: 'GET',
        url: `/api/v1/user/movie-details/${show.titleId}`,
        headers,
      });
      expect(res.statusCode).toBe(200);
      const detail = res.json().data as {
        seasons: Array<{ episodes: Array<{ id: number; progress?: unknown }> }>;
      };
      return new Map(
        detail.seasons.flatMap((season) => season.episodes).map((episode) => [episode.id, episode.progress]),
      );
    };

    const mine = await episodesOf(alice.auth);
    expect(mine.get(first!)).toEqual({ position_seconds: 980, duration_seconds: 1000 });
    expect(mine.get(second!)).toEqual({ position_seconds: 120, duration_seconds: 900 });
    expect(mine.get(third!)).toBeUndefined();
    expect((await episodesOf(bob.auth)).get(third!)).toEqual({ position_seconds: 60, duration_seconds: 800 });
    expect([...(await episodesOf({})).values()].every((saved) => saved === undefined)).toBe(true);
  });
});
