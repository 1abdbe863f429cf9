import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, DEFAULT_CONTENT_RATING_SCALE } from '@reeltime/contract';
import { isoDay, DAY_MS } from '../../lib/time';
import { startTestServer, type TestServer } from '../../testing/app';
import { DEMO_ACCOUNTS, seedDemoIfEmpty } from './demo';

let server: TestServer;
let firstLog: string[];

beforeAll(async () => {
  server = await startTestServer();
  firstLog = [];
  // No generated media here (demo-media.test.ts covers it): the catalog alone.
  await seedDemoIfEmpty(server.app.ctx, (line) => firstLog.push(line), { media: false });
}, 120_000);
afterAll(() => server.close());

const db = () => server.app.ctx.db;
const count = async (
  table: 'genres' | 'people' | 'banners' | 'plans' | 'taxes' | 'users' | 'seasons' | 'episodes',
) =>
  Number(
    (
      await db()
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('demo catalog', () => {
  it('has enough movies and shows, each show with seasons and episodes', async () => {
    const titles = await db().selectFrom('titles').select(['id', 'type']).execute();
    expect(titles.filter((title) => title.type === 'movie').length).toBeGreaterThanOrEqual(60);
    const shows = titles.filter((title) => title.type === 'tvshow');
    expect(shows.length).toBeGreaterThanOrEqual(15);

    const seasons = await db()
      .selectFrom('seasons')
      .select(['id', 'title_id', 'season_number', 'name'])
      .execute();
    const episodes = await db()
      .selectFrom('episodes')
      .select(['season_id', 'name', 'description', 'duration_minutes'])
      .execute();
    for (const show of shows) {
      const own = seasons.filter((season) => season.title_id === show.id);
      expect(own.length).toBeGreaterThanOrEqual(1);
      expect(own.length).toBeLessThanOrEqual(3);
      for (const season of own) {
        const list = episodes.filter((episode) => episode.season_id === season.id);
        expect(list.length).toBeGreaterThanOrEqual(3);
        expect(list.length).toBeLessThanOrEqual(8);
        for (const episode of list) {
          expect(episode.name).not.toBe('');
          expect(episode.description).not.toBe('');
          expect(episode.duration_minutes).toBeGreaterThan(0);
        }
      }
    }
    const movieIds = new Set(titles.filter((title) => title.type === 'movie').map((title) => title.id));
    expect(seasons.some((season) => movieIds.has(season.title_id))).toBe(false);
  });

  it('has 12 genres, 120 people (some with email), 5 banners and 4 to 8 cast per title', async () => {
    expect(await count('genres')).toBe(12);
    expect(await count('people')).toBe(120);
    const withEmail = await db()
      .selectFrom('people')
      .select('email')
      .where('email', 'is not', null)
      .execute();
    expect(withEmail.length).toBeGreaterThanOrEqual(30);
    expect(withEmail.length).toBeLessThan(120);
    expect(await count('banners')).toBe(5);

    const cast = await db().selectFrom('title_cast').select(['title_id', 'job_title']).execute();
    const perTitle = new Map<number, string[]>();
    for (const row of cast)
      perTitle.set(row.title_id, [...(perTitle.get(row.title_id) ?? []), row.job_title]);
    expect(perTitle.size).toBe(
      Number(
        (
          await db()
            .selectFrom('titles')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    );
    for (const jobs of perTitle.values()) {
      expect(jobs.length).toBeGreaterThanOrEqual(4);
      expect(jobs.length).toBeLessThanOrEqual(8);
      expect(jobs).toContain('Director');
      expect(jobs).toContain('Actor');
    }
    expect(new Set(cast.map((row) => row.job_title))).toEqual(
      new Set(['Actor', 'Director', 'Producer', 'Writer', 'Cinematographer']),
    );
  });

  it('has the three plans with their prices, the Standard discount, enforced limits and a tax', async () => {
    const plans = await db().selectFrom('plans').selectAll().orderBy('id').execute();
    expect(plans.map((plan) => [plan.id, plan.name, plan.price_minor])).toEqual([
      [1, 'Basic', 14_900],
      [2, 'Standard', 39_900],
      [3, 'Premium', 64_900],
    ]);
    expect(plans.find((plan) => plan.id === 2)?.discount_percent).toBe(10);
    expect(plans.map((plan) => [plan.max_height, plan.screens, plan.profiles, plan.has_ads])).toEqual([
      [720, 1, 2, 1],
      [1080, 2, 4, 0],
      [2160, 4, 5, 0],
    ]);
    const taxes = await db().selectFrom('taxes').selectAll().execute();
    expect(taxes).toHaveLength(1);
    expect(taxes[0]).toMatchObject({ name: 'GST', percent: 18, is_active: 1 });
  });

  it('spreads dates, languages, ratings and free titles', async () => {
    const titles = await db()
      .selectFrom('titles')
      .select(['release_date', 'language', 'content_rating', 'imdb_rating', 'is_free', 'trailer_url_type'])
      .execute();
    const years = titles.map((title) => Number(title.release_date!.slice(0, 4)));
    expect(Math.min(...years)).toBeLessThan(1980);
    expect(Math.max(...years)).toBeGreaterThanOrEqual(2024);
    expect(titles.every((title) => title.release_date! <= isoDay())).toBe(true);
    expect(new Set(titles.map((title) => title.language)).size).toBeGreaterThanOrEqual(6);
    // Every label of the default scale, so each maturity limit has titles on both sides.
    expect([...new Set(titles.map((title) => title.content_rating))].sort()).toEqual(
      [...DEFAULT_CONTENT_RATING_SCALE].sort(),
    );
    for (const title of titles) {
      expect(title.imdb_rating).toBeGreaterThanOrEqual(4.5);
      expect(title.imdb_rating).toBeLessThanOrEqual(9.3);
      expect(title.trailer_url_type).toBe('url');
    }
    const free = titles.filter((title) => title.is_free === 1).length;
    expect(free).toBeGreaterThan(5);
    expect(free).toBeLessThan(titles.length / 2);
    // Without generated media, only the link-only titles have a video.
    const videos = await db().selectFrom('videos').select(['kind', 'type', 'status']).execute();
    expect(videos).toHaveLength(3);
    for (const video of videos) {
      expect(video.kind).toBe('main');
      expect(video.status).toBe('ready');
      expect(['youtube', 'vimeo', 'dailymotion']).toContain(video.type);
    }
  });

  it('points every image at a WebP file under the media folder', async () => {
    const urls = [
      ...(await db().selectFrom('titles').select(['poster_image', 'thumbnail_image']).execute()).flatMap(
        (row) => [row.poster_image, row.thumbnail_image],
      ),
      ...(await db().selectFrom('people').select('profile_image').execute()).map((row) => row.profile_image),
      ...(await db().selectFrom('banners').select('poster_url').execute()).map((row) => row.poster_url),
      ...(await db().selectFrom('episodes').select('thumbnail_image').execute()).map(
        (row) => row.thumbnail_image,
      ),
    ];
    const mediaDir = path.join(server.config.dataDir, 'media');
    for (const url of new Set(urls)) {
      expect(url).toMatch(/^\/media\/images\/[a-z]+\/[0-9a-f]+\.webp$/);
      const file = path.join(mediaDir, url.slice('/media/'.length));
      expect(existsSync(file), url).toBe(true);
      const header = readFileSync(file).subarray(0, 12);
      expect(header.subarray(0, 4).toString('ascii')).toBe('RIFF');
      expect(header.subarray(8, 12).toString('ascii')).toBe('WEBP');
    }
    // Artwork is distinct per title.
    const posters = await db().selectFrom('titles').select('poster_image').execute();
    expect(new Set(posters.map((row) => row.poster_image)).size).toBe(posters.length);
  });

  it('stores 320 and 480 px copies of every title thumbnail and lists them on the cards', async () => {
    const rows = await db().selectFrom('titles').select(['thumbnail_image', 'thumbnail_widths']).execute();
    const mediaDir = path.join(server.config.dataDir, 'media');
    for (const row of rows) {
      expect(row.thumbnail_widths).toBe('320,480,640');
      for (const width of [320, 480]) {
        const copy = row.thumbnail_image.replace(/\.webp$/, `.${width}w.webp`);
        expect((await sharp(path.join(mediaDir, copy.slice('/media/'.length))).metadata()).width).toBe(width);
      }
    }
    const res = await server.app.inject(`${API_BASE}/user/movie-list`);
    const [card] = res.json().data;
    expect(card.thumbnail_sources.map((source: { width: number }) => source.width)).toEqual([320, 480, 640]);
  });

  it('orders titles differently by views, likes and recent views', async () => {
    const topBy = async (column: 'view_count' | 'like_count') =>
      (
        await db().selectFrom('titles').select('id').orderBy(column, 'desc').orderBy('id').limit(10).execute()
      ).map((row) => row.id);
    const since = isoDay(Date.now() - 6 * DAY_MS);
    const recent = (
      await db()
        .selectFrom('title_daily_views')
        .select(['title_id', (eb) => eb.fn.sum<number>('views').as('views')])
        .where('day', '>=', since)
        .groupBy('title_id')
        .orderBy(sql`sum(views)`, 'desc')
        .orderBy('title_id')
        .limit(10)
        .execute()
    ).map((row) => row.title_id);
    const views = await topBy('view_count');
    const likes = await topBy('like_count');
    expect(recent).toHaveLength(10);
    expect(views).not.toEqual(likes);
    expect(views).not.toEqual(recent);
    expect(likes).not.toEqual(recent);
    // Not just a reshuffle of the same ten.
    expect(recent.filter((id) => views.includes(id)).length).toBeLessThan(8);
  });

  it('shows the demo member personal rows at once: the recommendations are computed after seeding', async () => {
    const login = await server.app.inject({
      method: 'POST',
      url: `${API_BASE}/login`,
      payload: { email: DEMO_ACCOUNTS.member.email, password: DEMO_ACCOUNTS.member.password },
    });
    const res = await server.app.inject({
      method: 'GET',
      url: `${API_BASE}/user/recommendations`,
      headers: { authorization: `Bearer ${login.json().data.api_token}` },
    });
    expect(res.statusCode).toBe(200);
    const rows = res.json().data as { key: string; items: unknown[] }[];
    expect(rows.map((row) => row.key)).toEqual(['trending', 'new']);
    expect(rows[0]!.items.length).toBeGreaterThanOrEqual(10);
  });

  it('creates the demo member and admin and logs their sign-ins', async () => {
    const users = await db().selectFrom('users').select(['email', 'is_admin']).orderBy('email').execute();
    expect(users).toEqual([
      { email: 'admin@reeltime.local', is_admin: 1 },
      { email: 'member@reeltime.local', is_admin: 0 },
    ]);
    // Each with its owner profile, named after its first name.
    const profiles = await db()
      .selectFrom('profiles')
      .innerJoin('users', 'users.id', 'profiles.user_id')
      .select(['users.email', 'profiles.name', 'profiles.is_owner'])
      .orderBy('users.email')
      .execute();
    expect(profiles).toEqual(
      (await db().selectFrom('users').select(['email', 'first_name as name']).orderBy('email').execute()).map(
        (user) => ({ ...user, is_owner: 1 }),
      ),
    );
    const log = firstLog.join('\n');
    expect(log).toContain('member@reeltime.local / member123');
    expect(log).toContain('admin@reeltime.local / admin1234');

    const res = await server.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { email: 'member@reeltime.local', password: 'member123' },
    });
    expect(res.statusCode).toBe(200);
  });

  it('does nothing on a second call', async () => {
    const before = await Promise.all([count('people'), count('users'), count('episodes')]);
    const log: string[] = [];
    await seedDemoIfEmpty(server.app.ctx, (line) => log.push(line));
    expect(log).toEqual([]);
    expect(await Promise.all([count('people'), count('users'), count('episodes')])).toEqual(before);
  });
});

describe('demo catalog in production', () => {
  it('is never seeded', async () => {
    const other = await startTestServer();
    try {
      const ctx = { ...other.app.ctx, config: { ...other.app.ctx.config, env: 'production' as const } };
      const log: string[] = [];
      await seedDemoIfEmpty(ctx, (line) => log.push(line));
      expect(log).toEqual([]);
      expect(await other.app.ctx.db.selectFrom('titles').select('id').limit(1).execute()).toEqual([]);
      expect(await other.app.ctx.db.selectFrom('users').select('id').limit(1).execute()).toEqual([]);
    } finally {
      await other.close();
    }
  });
});
