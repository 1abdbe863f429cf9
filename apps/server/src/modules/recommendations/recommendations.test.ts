import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, type RecommendationRow } from '@reeltime/contract';
import { createDatabaseJobRunner } from '../../jobs/runner';
import type { JobHandlers } from '../../jobs/job-map';
import { DAY_MS, isoDay } from '../../lib/time';
import { startTestServer, type TestServer } from '../../testing/app';
import { insertPlan, subscribe } from '../../testing/billing';
import { addAndSelectProfile } from '../../testing/profiles';
import { catalogFixtures } from '../catalog/catalog.fixtures';
import { recommendationsJobHandlers } from './recommendations.jobs';
import { createRecommendationsRepository } from './recommendations.repository';
import { createRecommendationsService } from './recommendations.service';

/**
 * The personal rows, computed by the job and assembled per profile through the API, with tokens
 * of household profiles made and chosen through the profiles API. Runs on SQLite and, with
 * TEST_DATABASE_URL, on PostgreSQL.
 */

let server: TestServer;
let fx: ReturnType<typeof catalogFixtures>;
const t: Record<string, number> = {};
const ratingOf = new Map<number, string>();
let adult: { authorization: string; profileId: number; id: number };
let kids: { authorization: string; profileId: number };
let loner: { authorization: string; profileId: number; id: number };
const now = Date.now();
const daysAgo = (days: number) => isoDay(now - days * DAY_MS);

async function title(name: string, fields: { content_rating?: string; created_at?: number } = {}) {
  const id = await fx.title({ name, content_rating: 'U', ...fields });
  ratingOf.set(id, fields.content_rating ?? 'U');
  t[name] = id;
  return id;
}

/** A play of the title by the profile (finished or not), as the player reports it. */
async function play(who: { id: number; profileId: number }, titleId: number, finished = true, at = now) {
  await server.app.ctx.db
    .insertInto('playback_progress')
    .values({
      user_id: who.id,
      profile_id: who.profileId,
      title_id: titleId,
      episode_id: 0,
      position_seconds: finished ? 5900 : 600,
      duration_seconds: 6000,
      finished: finished ? 1 : 0,
      updated_at: at,
    })
    .execute();
}

async function rows(authorization: string): Promise<RecommendationRow[]> {
  const res = await server.app.inject({
    method: 'GET',
    url: `${API_BASE}/user/recommendations`,
    headers: { authorization },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

/** The title's neighbours as the job stored them, best first. */
async function storedNeighbours(titleId: number) {
  const { ctx } = server.app;
  const lists = await createRecommendationsRepository(ctx.db, ctx.dialect).neighboursOf([titleId]);
  return (lists.get(titleId) ?? []).map(({ id, source }) => ({ id, source }));
}

const ids = (row: RecommendationRow | undefined) => (row ? row.items.map((card) => card.id) : []);
const everyId = (list: RecommendationRow[]) => list.flatMap((row) => ids(row));

beforeAll(async () => {
  server = await startTestServer();
  fx = catalogFixtures(server.app);
  const drama = await fx.genre('Drama');
  const space = await fx.genre('Space');
  const star = await fx.person('Sam Star');

  for (const name of ['Harbor', 'Anchor', 'Cove', 'Driftwood']) await fx.tag(await title(name), [drama]);
  // Rated A: above the kids profile's U/A 7+.
  await fx.tag(await title('Beacon', { content_rating: 'A' }), [drama]);
  // Nobody watched Lone with anything else: its row comes from genres and cast.
  await fx.tag(await title('Lone'), [space]);
  await fx.tag(await title('Nebula'), [space]);
  await fx.tag(await title('Orbit'), [space, drama]);
  await fx.cast(t.Lone!, star, 'Actor', 0);
  await fx.cast(t.Nebula!, star, 'Actor', 0);
  await title('Rocket');
  await title('Yesteryear');
  await title('Fresh', { created_at: now + 60_000 });

  // Trending: Rocket's views are this week's, Yesteryear's are older than 7 days.
  await fx.dailyViews(t.Rocket!, daysAgo(0), 40);
  await fx.dailyViews(t.Rocket!, daysAgo(6), 10);
  await fx.dailyViews(t.Yesteryear!, daysAgo(7), 5000);
  await fx.dailyViews(t.Harbor!, daysAgo(1), 3);

  // Co-watchers: whoever watched Harbor also watched Anchor, Beacon and Cove; two liked Beacon
  // (a like weighs twice a play, on both sides of the cosine).
  for (let index = 0; index < 4; index++) {
    const member = await fx.member(`cowatcher${index}@example.com`);
    for (const id of [t.Harbor!, t.Anchor!, t.Beacon!, t.Cove!]) await play(member, id, true, now - index);
    if (index < 2) {
      await server.app.ctx.db
        .insertInto('likes')
        .values({ user_id: member.id, profile_id: member.profileId, title_id: t.Beacon!, created_at: now })
        .execute();
    }
  }

  adult = await fx.member('household@example.com');
  await subscribe(server.app, adult.id, await insertPlan(server.app, { profiles: 3 }));
  await play(adult, t.Harbor!, true, now - 10);
  await play(adult, t.Cove!, true, now - 20);
  const kidsProfile = await addAndSelectProfile(server.app, adult, {
    name: 'Kids',
    maturity_limit: 'U/A 7+',
    is_kids: true,
  });
  kids = kidsProfile;
  await play({ id: adult.id, profileId: kids.profileId }, t.Harbor!, false);

  loner = await fx.member('loner@example.com');
  await play(loner, t.Lone!, true);

  await createRecommendationsService(server.app.ctx).compute();
});
afterAll(() => server.close());

describe('GET /user/recommendations', () => {
  it('answers 401 without a token', async () => {
    const res = await server.app.inject({ method: 'GET', url: `${API_BASE}/user/recommendations` });
    expect(res.statusCode).toBe(401);
  });

  it('gives a profile its rows: because it watched a title, trending and new on the site', async () => {
    const list = await rows(adult.authorization);
    expect(list.map((row) => row.key)).toEqual([`because:${t.Harbor}`, 'trending', 'new']);
    expect(list.map((row) => row.title)).toEqual([
      'Because you watched Harbor',
      'Trending now',
      'New on Reeltime',
    ]);
    expect(list[0]!.reason_title_id).toBe(t.Harbor);
    // Co-watched first (Cove, co-watched most, was played), then drama titles by genre.
    expect(ids(list[0])).toEqual([t.Anchor, t.Beacon, t.Driftwood, t.Orbit]);
    expect(ids(list[1])[0]).toBe(t.Rocket);
    expect(ids(list[2])[0]).toBe(t.Fresh);
    expect(list[0]!.items[0]).toMatchObject({
      id: t.Anchor,
      name: 'Anchor',
      type: 'movie',
      is_watch_list: false,
    });
  });

  it('never shows a title the profile has played, finished or not', async () => {
    const all = everyId(await rows(adult.authorization));
    expect(all).not.toContain(t.Harbor);
    expect(all).not.toContain(t.Cove);
    const kidsIds = everyId(await rows(kids.authorization));
    expect(kidsIds).not.toContain(t.Harbor);
  });

  it('never shows the same title in two rows', async () => {
    for (const who of [adult, kids, loner]) {
      const all = everyId(await rows(who.authorization));
      expect(all.length).toBeGreaterThan(0);
      expect(new Set(all).size).toBe(all.length);
    }
  });

  it("never shows a title above the profile's maturity limit", async () => {
    const list = await rows(kids.authorization);
    expect(list[0]!.key).toBe(`because:${t.Harbor}`);
    const all = everyId(list);
    expect(all).not.toContain(t.Beacon);
    expect(all.filter((id) => !['U', 'U/A 7+'].includes(ratingOf.get(id)!))).toEqual([]);
    // The adult profile of the same household does get it.
    expect(everyId(await rows(adult.authorization))).toContain(t.Beacon);
  });

  it('falls back to genre and cast similarity when nobody co-watched the title', async () => {
    const list = await rows(loner.authorization);
    expect(list[0]!.title).toBe('Because you watched Lone');
    // Nebula shares Lone's genre and its star; Orbit its genre only.
    expect(ids(list[0])).toEqual([t.Nebula, t.Orbit]);
    expect(await storedNeighbours(t.Lone!)).toEqual([
      { id: t.Nebula, source: 'content' },
      { id: t.Orbit, source: 'content' },
    ]);
  });

  it('trends on the views of the last 7 days only', async () => {
    const trending = ids((await rows(loner.authorization)).find((row) => row.key === 'trending'));
    expect(trending).toEqual([t.Rocket, t.Harbor]);
    expect(trending).not.toContain(t.Yesteryear);
  });

  it('has a row for a title played since the job ran, from its genres', async () => {
    const newcomer = await fx.member('newcomer@example.com');
    await play(newcomer, t.Driftwood!, true);
    const list = await rows(newcomer.authorization);
    expect(list[0]!.key).toBe(`because:${t.Driftwood}`);
    expect(ids(list[0])).toEqual(expect.arrayContaining([t.Harbor, t.Anchor, t.Cove, t.Orbit]));
  });

  it('leaves out an empty row', async () => {
    const fresh = await fx.member('nothing-yet@example.com');
    const list = await rows(fresh.authorization);
    expect(list.map((row) => row.key)).toEqual(['trending', 'new']);
  });
});

describe('the recommendations job', () => {
  it('runs as a repeatable job and replaces what the last run stored', async () => {
    const db = server.app.ctx.db;
    await db.deleteFrom('trending_titles').execute();
    const runner = createDatabaseJobRunner(
      db,
      recommendationsJobHandlers(server.app.ctx) as Partial<JobHandlers> as JobHandlers,
      {
        concurrency: { media: 0, light: 1 },
        worker: { pollIntervalMs: 10 },
        schedules: {
          jobs: [{ name: 'recommendations.compute', everyMs: 60_000 }],
          queue: server.app.ctx.jobs,
          checkEveryMs: 10,
        },
      },
    );
    await runner.start();
    try {
      const deadline = Date.now() + 10_000;
      while (
        !(await db
          .selectFrom('jobs')
          .select('id')
          .where('type', '=', 'recommendations.compute')
          .where('status', '=', 'done')
          .executeTakeFirst())
      ) {
        if (Date.now() > deadline) throw new Error('the job did not finish');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      await runner.stop();
    }
    const trending = await db.selectFrom('trending_titles').select('title_id').orderBy('rank').execute();
    expect(trending.map((row) => row.title_id)).toEqual([t.Rocket, t.Harbor]);
    // Co-watching first (Cove shares the most profiles with Harbor), then genre and cast.
    expect(await storedNeighbours(t.Harbor!)).toEqual([
      { id: t.Cove, source: 'cowatch' },
      { id: t.Anchor, source: 'cowatch' },
      { id: t.Beacon, source: 'cowatch' },
      { id: t.Driftwood, source: 'content' },
      { id: t.Orbit, source: 'content' },
    ]);
  });
});
