import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, type RecommendationRow } from '@reeltime/contract';
import { startTestServer, type TestServer } from '../../testing/app';
import { insertPlan, subscribe } from '../../testing/billing';
import { signUpAdmin } from '../../testing/http';
import { addAndSelectProfile } from '../../testing/profiles';
import { catalogFixtures } from '../catalog/catalog.fixtures';
import { createRecommendationsService } from './recommendations.service';

/**
 * The personal rows with the cache on for ten minutes: a read is served from the cache until the
 * profile plays or likes a title, the job runs or the catalog changes, and each of those shows on
 * the very next read. Changes written straight to the database (no invalidating path) show what a
 * cached answer is.
 */

let server: TestServer;
let fx: ReturnType<typeof catalogFixtures>;
const t: Record<string, number> = {};
type Who = { id: number; profileId: number; authorization: string };
let owner: Who;
let second: Who;
let kids: Who;
let admin: Awaited<ReturnType<typeof signUpAdmin>>;

async function title(name: string, content_rating = 'U') {
  t[name] = await fx.title({ name, content_rating });
  return t[name];
}

/** A play written straight to the database: nothing forgets the cached rows. */
async function playUnseen(who: Who, titleId: number) {
  await server.app.ctx.db
    .insertInto('playback_progress')
    .values({
      user_id: who.id,
      profile_id: who.profileId,
      title_id: titleId,
      episode_id: 0,
      position_seconds: 5900,
      duration_seconds: 6000,
      finished: 1,
      updated_at: Date.now(),
    })
    .execute();
}

async function post(who: Who, path: string, payload: object) {
  const res = await server.app.inject({
    method: 'POST',
    url: `${API_BASE}${path}`,
    headers: { authorization: who.authorization },
    payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

/** A play reported by the player, past the view mark (so a view is counted too). */
const play = (who: Who, titleId: number) =>
  post(who, '/user/playback-progress', {
    entertainment_id: titleId,
    position_seconds: 120,
    duration_seconds: 6000,
  });

async function rows(who: Who): Promise<RecommendationRow[]> {
  const res = await server.app.inject({
    method: 'GET',
    url: `${API_BASE}/user/recommendations`,
    headers: { authorization: who.authorization },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
const everyId = (list: RecommendationRow[]) => list.flatMap((row) => row.items.map((card) => card.id));
const shown = async (who: Who) => everyId(await rows(who));

async function patchProfile(profileId: number, body: object) {
  const res = await server.app.inject({
    method: 'PATCH',
    url: `${API_BASE}/user/profiles/${profileId}`,
    headers: { authorization: owner.authorization },
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(200);
}

beforeAll(async () => {
  server = await startTestServer({ CATALOG_CACHE_SECONDS: '600' });
  fx = catalogFixtures(server.app);
  const drama = await fx.genre('Drama');
  for (const name of ['Harbor', 'Anchor', 'Cove', 'Driftwood', 'Jetty', 'Lagoon', 'Marina', 'Pier', 'Quay']) {
    await fx.tag(await title(name), [drama]);
  }
  // Rated A: above U/A 7+.
  await fx.tag(await title('Beacon', 'A'), [drama]);
  // Nobody's neighbours: in "New on …" only.
  await title('Solo');
  for (let index = 0; index < 3; index++) {
    const member = await fx.member(`cowatcher${index}@example.com`);
    for (const name of ['Harbor', 'Anchor', 'Beacon', 'Cove']) await playUnseen(member, t[name]!);
  }

  const household = await fx.member('household@example.com');
  await subscribe(server.app, household.id, await insertPlan(server.app, { profiles: 3 }));
  owner = household;
  const added = async (body: Parameters<typeof addAndSelectProfile>[2]) => ({
    id: household.id,
    ...(await addAndSelectProfile(server.app, household, body)),
  });
  second = await added({ name: 'Second' });
  kids = await added({ name: 'Kids', maturity_limit: 'U/A 7+', is_kids: true });
  for (const who of [owner, second, kids]) await playUnseen(who, t.Harbor!);
  admin = await signUpAdmin(server.app);
  await createRecommendationsService(server.app.ctx).compute();
});
afterAll(() => server.close());

describe('cached personal rows', () => {
  it('are served from the cache on the next read, and a play by the profile forgets them', async () => {
    const first = await rows(owner);
    expect(everyId(first)).toContain(t.Anchor);
    expect(everyId(first)).toContain(t.Cove);
    await playUnseen(owner, t.Anchor!);
    expect(await rows(owner)).toEqual(first);

    await play(owner, t.Cove!);
    const after = await shown(owner);
    expect(after).not.toContain(t.Cove);
    // Read afresh: the play written around the cache shows too.
    expect(after).not.toContain(t.Anchor);
  });

  it('leave out a title the profile liked on the very next read', async () => {
    expect(await shown(owner)).toContain(t.Driftwood);
    await post(owner, '/user/like', { entertainment_id: t.Driftwood });
    expect(await shown(owner)).not.toContain(t.Driftwood);
  });

  it("are not forgotten by another profile's play in the same account", async () => {
    const before = await rows(second);
    expect(everyId(before)).toContain(t.Jetty);
    await play(owner, t.Jetty!);
    expect(await shown(owner)).not.toContain(t.Jetty);
    expect(await rows(second)).toEqual(before);
  });

  it('show the watch list and the site name as they are now, over cached cards', async () => {
    const newRow = async () => (await rows(second)).find((row) => row.key === 'new')!;
    const before = await newRow();
    expect(before.title).toBe('New on Reeltime');
    expect(before.items.find((card) => card.id === t.Solo)!.is_watch_list).toBe(false);

    await post(second, '/user/save-watch-list', { entertainment_id: t.Solo });
    const saved = await server.app.inject({
      method: 'PUT',
      url: `${API_BASE}/admin/settings`,
      headers: admin.auth,
      payload: { site_name: 'Cinema Club', signups_open: true, ad_slot_url: '' },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const after = await newRow();
    expect(after.title).toBe('New on Cinema Club');
    expect(after.items.find((card) => card.id === t.Solo)!.is_watch_list).toBe(true);
  });

  it('are forgotten for every profile when the job runs', async () => {
    expect(await shown(second)).toContain(t.Lagoon);
    await playUnseen(second, t.Lagoon!);
    expect(await shown(second)).toContain(t.Lagoon);
    await createRecommendationsService(server.app.ctx).compute();
    expect(await shown(second)).not.toContain(t.Lagoon);
  });

  it('lose a title unpublished in the console on the next read', async () => {
    expect(await shown(second)).toContain(t.Marina);
    const res = await server.app.inject({
      method: 'POST',
      url: `${API_BASE}/admin/titles/bulk`,
      headers: admin.auth,
      payload: { ids: [t.Marina], action: 'unpublish' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await shown(second)).not.toContain(t.Marina);
  });

  it("follow a change of the profile's maturity limit, and never bring back a title it played meanwhile", async () => {
    const limited = await shown(kids);
    expect(limited).not.toContain(t.Beacon);
    expect(limited).toContain(t.Pier);

    await patchProfile(kids.profileId, { is_kids: false, maturity_limit: null });
    const unlimited = await shown(kids);
    expect(unlimited).toContain(t.Beacon);
    await play(kids, t.Pier!);
    expect(await shown(kids)).not.toContain(t.Pier);

    // Back to the limit its rows had when first cached: the play made since still shows.
    await patchProfile(kids.profileId, { is_kids: true, maturity_limit: 'U/A 7+' });
    const again = await shown(kids);
    expect(again).not.toContain(t.Beacon);
    expect(again).not.toContain(t.Pier);
    expect(again).toContain(t.Quay);
  });
});
