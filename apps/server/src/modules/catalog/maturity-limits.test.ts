import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_BASE,
  DEFAULT_CONTENT_RATING_SCALE,
  HouseholdMessages,
  ServerMessages,
} from '@reeltime/contract';
import { startTestServer, type TestServer } from '../../testing/app';
import { insertPlan, subscribe } from '../../testing/billing';
import { signUpAdmin } from '../../testing/http';
import { addAndSelectProfile } from '../../testing/profiles';
import { catalogFixtures } from './catalog.fixtures';

/**
 * Every member read that can reveal a title, called as an adult (no limit), a teen (U/A 13+) and
 * a kids profile (U/A 7+) of one household, each made and chosen through the profiles API, against
 * titles on both sides of each limit: nothing above a profile's limit shows in any list, and its
 * details, episodes, playback and state answer 404 exactly as a title that does not exist.
 */

/** Each rating on the scale, then an unrated title and one rated off the scale (both count as the highest). */
const RATINGS = [...DEFAULT_CONTENT_RATING_SCALE, '', 'NC-17'];
const MISSING_ID = 987_654;

interface Title {
  id: number;
  name: string;
  rating: string;
  type: 'movie' | 'tvshow';
  episodeId: number | null;
}

const PROFILES = {
  adult: { name: 'Adult', maturity_limit: null, is_kids: false },
  teen: { name: 'Teen', maturity_limit: 'U/A 13+', is_kids: false },
  kids: { name: 'Kids', maturity_limit: 'U/A 7+', is_kids: true },
} as const;
type ProfileName = keyof typeof PROFILES;

/** What each profile may see, written out rather than computed the way the server does. */
const VISIBLE: Record<ProfileName, readonly string[]> = {
  adult: RATINGS,
  teen: ['U', 'U/A 7+', 'U/A 13+'],
  kids: ['U', 'U/A 7+'],
};

let server: TestServer;
let titles: Title[];
let auth: Record<ProfileName, { authorization: string }>;
let profileIds: Record<ProfileName, number>;
let householdId: number;
let genreId: number;
let personId: number;

const byId = (id: number) => titles.find((title) => title.id === id)!;
const visibleTo = (profile: ProfileName, title: Title) => VISIBLE[profile].includes(title.rating);
const firstVisible = (profile: ProfileName, type: Title['type']) =>
  titles.find((title) => title.type === type && visibleTo(profile, title))!;

async function call(method: 'GET' | 'POST', url: string, profile: ProfileName | null, payload?: object) {
  const res = await server.app.inject({
    method,
    url: `${API_BASE}${url}`,
    headers: profile ? auth[profile] : {},
    ...(payload ? { payload } : {}),
  });
  return { status: res.statusCode, body: res.json(), text: res.body };
}

async function read(url: string, profile: ProfileName) {
  const res = await call('GET', url, profile);
  expect(res.status, `${url} as ${profile}: ${res.text}`).toBe(200);
  return res.body.data;
}

const cardIds = (cards: Array<{ id: number }>) => cards.map((card) => card.id);

beforeAll(async () => {
  server = await startTestServer();
  const fx = catalogFixtures(server.app);
  const db = server.app.ctx.db;
  const now = Date.now();

  genreId = await fx.genre('Drama');
  personId = await fx.person('Pat Lead');
  titles = [];
  let videoNumber = 0;
  const mainVideo = (target: { title_id: number } | { episode_id: number }) => ({
    title_id: null,
    episode_id: null,
    ...target,
    kind: 'main' as const,
    type: 'hls' as const,
    url: `/media/private/videos/${++videoNumber}/master.m3u8`,
    quality: 'auto',
    status: 'ready' as const,
    source_path: null,
    duration_seconds: 600,
    position: 0,
    created_at: now,
  });

  for (const [index, rating] of RATINGS.entries()) {
    for (const type of ['movie', 'tvshow'] as const) {
      const name = `Lantern ${index} ${type === 'movie' ? 'movie' : 'series'}`;
      const id = await fx.title({
        name,
        type,
        content_rating: rating,
        release_date: `20${10 + index}-0${type === 'movie' ? 1 : 2}-01`,
        // Movies are free, so the free row has titles of every rating too.
        is_free: type === 'movie' ? 1 : 0,
        like_count: 10 + index,
        view_count: 100 + index,
      });
      let episodeId: number | null = null;
      if (type === 'tvshow') {
        const season = await db
          .insertInto('seasons')
          .values({ title_id: id, season_number: 1, name: 'Season 1' })
          .returning('id')
          .executeTakeFirstOrThrow();
        for (const number of [1, 2]) {
          const episode = await db
            .insertInto('episodes')
            .values({
              season_id: season.id,
              episode_number: number,
              name: `Episode ${number}`,
              description: '',
              duration_minutes: 30,
              thumbnail_image: '',
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          episodeId ??= episode.id;
          await db
            .insertInto('videos')
            .values(mainVideo({ episode_id: episode.id }))
            .execute();
        }
      } else {
        await db
          .insertInto('videos')
          .values(mainVideo({ title_id: id }))
          .execute();
        // More Like This is drawn from the movies, so it is never cut at its length.
        await fx.tag(id, [genreId]);
      }
      await fx.cast(id, personId, 'Actor', 0);
      await fx.dailyViews(id, new Date(now).toISOString().slice(0, 10), 1 + index);
      await db
        .insertInto('banners')
        .values({
          title_id: id,
          poster_url: `/media/banners/${id}.jpg`,
          position: titles.length,
          is_active: 1,
        })
        .execute();
      titles.push({ id, name, rating, type, episodeId });
    }
  }

  // One household with a profile of each kind beside the owner's, made and chosen through the
  // profiles API; each has every title on its own watch list and half watched, so the lists kept
  // per profile have titles on both sides of every limit whoever keeps them.
  const owner = await fx.member('household@example.com');
  householdId = owner.id;
  await subscribe(server.app, owner.id, await insertPlan(server.app, { profiles: 4 }));
  const issued: Partial<Record<ProfileName, { authorization: string }>> = {};
  const ids: Partial<Record<ProfileName, number>> = {};
  for (const name of Object.keys(PROFILES) as ProfileName[]) {
    const profile = await addAndSelectProfile(server.app, owner, PROFILES[name]);
    ids[name] = profile.profileId;
    issued[name] = profile;
    for (const [order, title] of titles.entries()) {
      await db
        .insertInto('watchlist')
        .values({
          user_id: owner.id,
          profile_id: profile.profileId,
          title_id: title.id,
          created_at: now - order,
        })
        .execute();
      await db
        .insertInto('playback_progress')
        .values({
          user_id: owner.id,
          profile_id: profile.profileId,
          title_id: title.id,
          episode_id: title.episodeId ?? 0,
          position_seconds: 60,
          duration_seconds: 600,
          finished: 0,
          updated_at: now - order,
        })
        .execute();
    }
  }
  auth = issued as typeof auth;
  profileIds = ids as typeof profileIds;
});
afterAll(() => server.close());

/** Every member read that lists titles, and how to get the title ids out of its answer. */
const LIST_READS: Record<string, (profile: ProfileName) => Promise<number[]>> = {
  'banners (the hero)': async (profile) =>
    (await read('/user/banners', profile)).map((banner: { data: { id: number } }) => banner.data.id),
  'popular row': async (profile) => cardIds(await read('/user/popular-movie?per_page=100', profile)),
  'popular movies row': async (profile) =>
    cardIds(await read('/user/all-time-popular-movie?per_page=100', profile)),
  'latest row': async (profile) => cardIds(await read('/user/latest-movie?per_page=100', profile)),
  'top channels row': async (profile) => cardIds(await read('/user/top-channels?per_page=100', profile)),
  'free row': async (profile) => cardIds(await read('/user/free-movie?per_page=100', profile)),
  'most liked row': async (profile) => cardIds(await read('/user/most-like-movie?per_page=100', profile)),
  'most viewed row': async (profile) => cardIds(await read('/user/most-view-movie?per_page=100', profile)),
  'TV shows': async (profile) => cardIds(await read('/user/tvshow-list?per_page=100', profile)),
  'every movie': async (profile) => cardIds(await read('/user/movie-list?per_page=100', profile)),
  "a genre's titles": async (profile) =>
    cardIds(await read(`/user/movie-list?per_page=100&genre_id=${genreId}`, profile)),
  "a cast member's titles": async (profile) =>
    cardIds(await read(`/user/movie-list?per_page=100&actor_id=${personId}`, profile)),
  'search results': async (profile) =>
    cardIds((await read('/user/get-search?search=lantern&per_page=100', profile)).movieList),
  'Continue Watching': async (profile) => cardIds(await read('/user/continue-watching', profile)),
  'watch list': async (profile) => cardIds(await read('/user/watch-list?per_page=100', profile)),
  'More Like This': async (profile) =>
    cardIds((await read(`/user/movie-details/${firstVisible('kids', 'movie').id}`, profile)).more_items),
};

describe.each(Object.entries(LIST_READS))('%s', (_name, listIds) => {
  let adultIds: number[];

  beforeAll(async () => {
    adultIds = await listIds('adult');
  });

  it('shows the adult titles on both sides of every limit', () => {
    const ratings = new Set(adultIds.map((id) => byId(id).rating));
    expect([...ratings].some((rating) => VISIBLE.kids.includes(rating))).toBe(true);
    expect([...ratings].some((rating) => !VISIBLE.teen.includes(rating))).toBe(true);
    expect(
      [...ratings].some((rating) => VISIBLE.teen.includes(rating) && !VISIBLE.kids.includes(rating)),
    ).toBe(true);
  });

  it.each(['teen', 'kids'] as const)(
    'shows the %s profile exactly the titles within its limit',
    async (profile) => {
      const ids = await listIds(profile);
      expect(ids.filter((id) => !visibleTo(profile, byId(id)))).toEqual([]);
      expect(ids).toEqual(adultIds.filter((id) => visibleTo(profile, byId(id))));
    },
  );
});

describe('search suggestions', () => {
  const suggested = async (profile: ProfileName, text: string) =>
    (await read(`/user/search-list-dropdown?query=${encodeURIComponent(text)}`, profile)).map(
      (suggestion: { id: number }) => suggestion.id,
    );

  it.each(Object.keys(PROFILES) as ProfileName[])(
    'give the %s profile the first names within its limit',
    async (profile) => {
      const expected = titles
        .filter((title) => visibleTo(profile, title))
        .sort((a, b) => a.name.localeCompare(b.name))
        .slice(0, 10)
        .map((title) => title.id);
      expect(await suggested(profile, 'lantern')).toEqual(expected);
    },
  );

  it.each(['teen', 'kids'] as const)(
    'never name a hidden title to the %s profile, even typed in full',
    async (profile) => {
      for (const title of titles.filter((candidate) => !visibleTo(profile, candidate))) {
        expect(await suggested(profile, title.name)).not.toContain(title.id);
        expect(await suggested('adult', title.name)).toContain(title.id);
      }
    },
  );
});

/** The screen leases of the household: they are the account's, shared by its profiles. */
const householdLeases = () =>
  server.app.ctx.db
    .selectFrom('playback_leases')
    .select('id')
    .where('user_id', '=', householdId)
    .orderBy('id')
    .execute();

describe('a title by its id', () => {
  let missing: { status: number; text: string };

  beforeAll(async () => {
    missing = await call('GET', `/user/movie-details/${MISSING_ID}`, 'kids');
    expect(missing.status).toBe(404);
    expect(JSON.parse(missing.text)).toEqual({ status: false, message: ServerMessages.titleNotFound });
  });

  it.each(Object.keys(PROFILES) as ProfileName[])(
    'has details, episodes and signed media for the %s profile only within its limit, else the missing title’s 404',
    async (profile) => {
      for (const title of titles) {
        const res = await call('GET', `/user/movie-details/${title.id}`, profile);
        if (!visibleTo(profile, title)) {
          expect({ title: title.name, status: res.status, text: res.text }).toEqual({
            title: title.name,
            status: 404,
            text: missing.text,
          });
          continue;
        }
        expect(res.status).toBe(200);
        const detail = res.body.data;
        if (title.type === 'movie') {
          expect(detail.video_links[0].url).toMatch(/^\/media\/s\//);
        } else {
          const episodes = detail.seasons[0].episodes;
          expect(episodes.map((episode: { id: number }) => episode.id)).toContain(title.episodeId);
          expect(episodes[0].video_links[0].url).toMatch(/^\/media\/s\//);
        }
        expect(
          detail.more_items.filter((card: { id: number }) => !visibleTo(profile, byId(card.id))),
        ).toEqual([]);
      }
    },
  );

  it.each(['teen', 'kids'] as const)(
    'starts no playback lease for the %s profile above its limit, episode or not, exactly as for a missing title',
    async (profile) => {
      const leasesBefore = await householdLeases();
      const missingLease = await call('POST', '/user/playback-lease', profile, {
        entertainment_id: MISSING_ID,
      });
      expect(missingLease.status).toBe(404);
      for (const title of titles.filter((candidate) => !visibleTo(profile, candidate))) {
        const body = {
          entertainment_id: title.id,
          ...(title.episodeId ? { episode_id: title.episodeId } : {}),
        };
        const res = await call('POST', '/user/playback-lease', profile, body);
        expect({ title: title.name, status: res.status, text: res.text }).toEqual({
          title: title.name,
          status: 404,
          text: missingLease.text,
        });
      }
      expect(await householdLeases()).toEqual(leasesBefore);
    },
  );

  it.each(Object.keys(PROFILES) as ProfileName[])(
    'starts a playback lease for the %s profile within its limit',
    async (profile) => {
      for (const type of ['movie', 'tvshow'] as const) {
        const title = firstVisible(profile, type);
        const body = {
          entertainment_id: title.id,
          ...(title.episodeId ? { episode_id: title.episodeId } : {}),
        };
        const started = await call('POST', '/user/playback-lease', profile, body);
        expect(started.status).toBe(200);
        const ended = await call('POST', '/user/playback-lease/end', profile, {
          lease_id: started.body.data.lease_id,
        });
        expect(ended.status).toBe(200);
      }
    },
  );
});

describe('member writes naming a title', () => {
  const watchListRow = (profileId: number, titleId: number) =>
    server.app.ctx.db
      .selectFrom('watchlist')
      .select('title_id')
      .where('profile_id', '=', profileId)
      .where('title_id', '=', titleId)
      .executeTakeFirst();

  it.each(['teen', 'kids'] as const)(
    'answer the %s profile 404 above its limit, as for a missing title, and change nothing',
    async (profile) => {
      const hidden = titles.find((title) => !visibleTo(profile, title) && title.type === 'tvshow')!;
      const writes = [
        ['/user/like', { entertainment_id: hidden.id }],
        ['/user/save-watch-list', { entertainment_id: hidden.id }],
        [
          '/user/playback-progress',
          {
            entertainment_id: hidden.id,
            episode_id: hidden.episodeId,
            position_seconds: 300,
            duration_seconds: 600,
          },
        ],
      ] as const;
      for (const [url, body] of writes) {
        const missing = await call('POST', url, profile, { ...body, entertainment_id: MISSING_ID });
        expect(missing.status).toBe(404);
        const res = await call('POST', url, profile, body);
        expect({ url, status: res.status, text: res.text }).toEqual({ url, status: 404, text: missing.text });
      }
      const db = server.app.ctx.db;
      expect(await watchListRow(profileIds[profile], hidden.id)).toBeDefined();
      const likes = await db
        .selectFrom('likes')
        .select('title_id')
        .where('profile_id', '=', profileIds[profile])
        .execute();
      expect(likes).toEqual([]);
      const progress = await db
        .selectFrom('playback_progress')
        .select('position_seconds')
        .where('profile_id', '=', profileIds[profile])
        .where('title_id', '=', hidden.id)
        .executeTakeFirstOrThrow();
      expect(progress.position_seconds).toBe(60);
    },
  );

  it('still work within the limit, on the acting profile only', async () => {
    const title = firstVisible('kids', 'movie');
    const liked = await call('POST', '/user/like', 'kids', { entertainment_id: title.id });
    expect(liked.body.data).toMatchObject({ is_liked: true });
    const toggled = await call('POST', '/user/save-watch-list', 'kids', { entertainment_id: title.id });
    expect(toggled.body.data).toEqual({ is_watch_list: false });
    expect(await watchListRow(profileIds.kids, title.id)).toBeUndefined();

    const kidsDetail = await read(`/user/movie-details/${title.id}`, 'kids');
    expect(kidsDetail).toMatchObject({ is_liked: true, is_watch_list: false });
    const adultDetail = await read(`/user/movie-details/${title.id}`, 'adult');
    expect(adultDetail).toMatchObject({ is_liked: false, is_watch_list: true });
    expect(cardIds(await read('/user/watch-list?per_page=100', 'adult'))).toContain(title.id);
    expect(cardIds(await read('/user/watch-list?per_page=100', 'kids'))).not.toContain(title.id);
  });

  it("save progress to the acting profile's Continue Watching only", async () => {
    const title = firstVisible('kids', 'tvshow');
    const saved = await call('POST', '/user/playback-progress', 'kids', {
      entertainment_id: title.id,
      episode_id: title.episodeId,
      position_seconds: 420,
      duration_seconds: 600,
    });
    expect(saved.status).toBe(200);
    const resumeAt = async (profile: ProfileName) =>
      (await read('/user/continue-watching', profile)).find((item: { id: number }) => item.id === title.id);
    expect(await resumeAt('kids')).toMatchObject({ position_seconds: 420 });
    expect(await resumeAt('adult')).toMatchObject({ position_seconds: 60 });
    const episodes = (await read(`/user/movie-details/${title.id}`, 'teen')).seasons[0].episodes;
    expect(episodes.find((episode: { id: number }) => episode.id === title.episodeId).progress).toMatchObject(
      {
        position_seconds: 60,
      },
    );
  });
});

describe('the operator’s scale', () => {
  it('decides what a limit shows from the next request: a label moved below the limit shows', async () => {
    const admin = await signUpAdmin(server.app);
    const show = async () => cardIds(await read('/user/most-view-movie?per_page=100', 'teen'));
    const sixteen = titles.filter((title) => title.rating === 'U/A 16+').map((title) => title.id);
    expect((await show()).filter((id) => sixteen.includes(id))).toEqual([]);

    const saved = await server.app.inject({
      method: 'PUT',
      url: `${API_BASE}/admin/settings`,
      headers: admin.auth,
      payload: {
        site_name: 'Reeltime',
        signups_open: true,
        ad_slot_url: '',
        content_rating_scale: ['U', 'U/A 7+', 'U/A 16+', 'U/A 13+', 'A'],
      },
    });
    expect(saved.statusCode).toBe(200);
    const ids = await show();
    expect(ids).toEqual(expect.arrayContaining(sixteen));
    expect(ids.filter((id) => ['A', '', 'NC-17'].includes(byId(id).rating))).toEqual([]);
  });
});

describe('the scale saved in the console, for profiles', () => {
  it('is what the profiles API offers and checks a limit against, and what the filter then applies', async () => {
    const admin = await signUpAdmin(server.app);
    const scale = ['U', 'U/A 7+', 'U/A 10+', 'U/A 13+', 'U/A 16+', 'A'];
    const save = (content_rating_scale: readonly string[]) =>
      server.app.inject({
        method: 'PUT',
        url: `${API_BASE}/admin/settings`,
        headers: admin.auth,
        payload: { site_name: 'Reeltime', signups_open: true, ad_slot_url: '', content_rating_scale },
      });
    expect((await save(scale)).statusCode).toBe(200);
    try {
      const member = await catalogFixtures(server.app).member('scale-reader@example.com');
      const profiles = async (payload?: object) => {
        const res = await server.app.inject({
          method: payload ? 'PATCH' : 'GET',
          url: `${API_BASE}/user/profiles${payload ? `/${member.profileId}` : ''}`,
          headers: { authorization: member.authorization },
          ...(payload ? { payload } : {}),
        });
        return { status: res.statusCode, body: res.json() };
      };
      expect((await profiles()).body.data.rating_scale).toEqual(scale);

      const offScale = await profiles({ maturity_limit: 'PG-13' });
      expect(offScale.status).toBe(422);
      expect(offScale.body.errors.maturity_limit).toEqual([HouseholdMessages.maturityNotOnScale(scale)]);

      expect((await profiles({ maturity_limit: 'U/A 10+' })).status).toBe(200);
      const rows = await server.app.inject({
        url: `${API_BASE}/user/most-view-movie?per_page=100`,
        headers: { authorization: member.authorization },
      });
      const ratings = new Set(cardIds(rows.json().data).map((id) => byId(id).rating));
      expect([...ratings].sort()).toEqual(['U', 'U/A 7+']);
    } finally {
      expect((await save(DEFAULT_CONTENT_RATING_SCALE)).statusCode).toBe(200);
    }
  });
});

describe('with the catalog cache on', () => {
  let cached: TestServer;
  let tokens: Record<'adult' | 'kids', string>;

  beforeAll(async () => {
    cached = await startTestServer({ CATALOG_CACHE_SECONDS: '60' });
    const fx = catalogFixtures(cached.app);
    const ids: number[] = [];
    for (const rating of ['U', 'A']) {
      const id = await fx.title({ name: `Cached ${rating}`, content_rating: rating });
      await cached.app.ctx.db
        .insertInto('banners')
        .values({ title_id: id, poster_url: `/media/banners/${id}.jpg`, position: ids.length, is_active: 1 })
        .execute();
      ids.push(id);
    }
    const owner = await fx.member('cached@example.com');
    await subscribe(cached.app, owner.id, await insertPlan(cached.app, { profiles: 3 }));
    tokens = {
      adult: (await addAndSelectProfile(cached.app, owner, PROFILES.adult)).authorization,
      kids: (await addAndSelectProfile(cached.app, owner, PROFILES.kids)).authorization,
    };
  });
  afterAll(() => cached.close());

  it('never serves one profile what was cached for another, nor for visitors', async () => {
    const get = async (url: string, authorization?: string) => {
      const res = await cached.app.inject({
        url: `${API_BASE}${url}`,
        headers: authorization ? { authorization } : {},
      });
      return res.json().data;
    };
    const names = (cards: Array<{ name: string }>) => cards.map((card) => card.name).sort();
    const allIds = await get('/user/most-view-movie');
    const adultA = allIds.find((card: { name: string }) => card.name === 'Cached A').id;
    // Visitors and the adult fill the shared caches first.
    for (const authorization of [undefined, tokens.adult]) {
      expect(names(await get('/user/most-view-movie', authorization))).toEqual(['Cached A', 'Cached U']);
      expect((await get('/user/banners', authorization)).length).toBe(2);
      expect((await get(`/user/movie-details/${adultA}`, authorization)).name).toBe('Cached A');
    }
    expect(
      names(
        await get('/user/get-search?search=cached', tokens.adult).then((d: { movieList: [] }) => d.movieList),
      ),
    ).toEqual(['Cached A', 'Cached U']);
    expect((await get('/user/search-list-dropdown?query=cached', tokens.adult)).length).toBe(2);

    expect(names(await get('/user/most-view-movie', tokens.kids))).toEqual(['Cached U']);
    expect(
      (await get('/user/banners', tokens.kids)).map((b: { data: { name: string } }) => b.data.name),
    ).toEqual(['Cached U']);
    const detail = await cached.app.inject({
      url: `${API_BASE}/user/movie-details/${adultA}`,
      headers: { authorization: tokens.kids },
    });
    expect(detail.statusCode).toBe(404);
    expect(names((await get('/user/get-search?search=cached', tokens.kids)).movieList)).toEqual(['Cached U']);
    expect(
      (await get('/user/search-list-dropdown?query=cached', tokens.kids)).map(
        (s: { name: string }) => s.name,
      ),
    ).toEqual(['Cached U']);
  });
});
