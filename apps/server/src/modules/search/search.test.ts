import { MAX_SUGGESTIONS, ServerMessages } from '@reeltime/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/app';
import { catalogFixtures } from '../catalog/catalog.fixtures';

let server: TestServer;
let ids: Record<string, number>;
let alice: { id: number; authorization: string };
let bob: { id: number; authorization: string };

beforeAll(async () => {
  server = await startTestServer();
  const fx = catalogFixtures(server.app);
  ids = {
    godfather: await fx.title({ name: 'The Godfather', description: 'A classic crime family story.' }),
    returns: await fx.title({
      name: 'The Godfather Returns',
      description: 'A family saga continues.',
      type: 'tvshow',
    }),
    returnOf: await fx.title({ name: 'Return of the Godfather', description: 'Another chapter.' }),
    harbor: await fx.title({
      name: 'Quiet Harbor',
      description: 'A fisherman meets the godfather of the docks.',
    }),
    godzilla: await fx.title({ name: 'Godzilla Rising', description: 'Monsters.' }),
    gone: await fx.title({ name: 'Gone Girl', description: 'A wife disappears.' }),
    secret: await fx.title({ name: 'Secret Godfather', description: 'Unreleased.', is_published: 0 }),
    pure: await fx.title({ name: '100% Pure', description: 'Juice.' }),
    days: await fx.title({ name: '1000 Days', description: 'A countdown.' }),
    quote: await fx.title({ name: 'Say "When"', description: 'Quotes.' }),
  };
  for (let i = 1; i <= 12; i++)
    await fx.title({ name: `Zeta ${String(i).padStart(2, '0')}`, description: 'Series.' });
  alice = await fx.member('alice@example.com');
  bob = await fx.member('bob@example.com');
});
afterAll(() => server.close());

async function call(
  path: string,
  query: Record<string, string>,
  authorization: string | undefined = alice.authorization,
) {
  const res = await server.app.inject({
    method: 'GET',
    url: `/api/v1${path}`,
    query,
    headers: authorization ? { authorization } : {},
  });
  return { status: res.statusCode, body: res.json() };
}

async function suggest(query: string): Promise<string[]> {
  const { status, body } = await call('/user/search-list-dropdown', { query });
  expect(status).toBe(200);
  expect(body.status).toBe(true);
  for (const item of body.data) expect(Object.keys(item).sort()).toEqual(['id', 'name']);
  return body.data.map((item: { name: string }) => item.name);
}

async function search(text: string, page: Record<string, string> = {}, authorization?: string) {
  const { status, body } = await call('/user/get-search', { search: text, ...page }, authorization);
  expect(status).toBe(200);
  return body.data.movieList as { id: number; name: string; is_watch_list: boolean; type: string }[];
}

describe('search ranking', () => {
  it('finds a word inside names, then in descriptions', async () => {
    const names = await suggest('godfather');
    expect(names.slice(0, 3).sort()).toEqual([
      'Return of the Godfather',
      'The Godfather',
      'The Godfather Returns',
    ]);
    expect(names[3]).toBe('Quiet Harbor');
    expect(names).not.toContain('Secret Godfather');
  });

  it('puts the exact name first, then names that start with the text, then the rest', async () => {
    expect(await suggest('the godfather')).toEqual([
      'The Godfather',
      'The Godfather Returns',
      'Return of the Godfather',
      'Quiet Harbor',
    ]);
    // Similar names follow the exact one, the most similar first.
    expect(await suggest('THE GODFATHER RETURNS')).toEqual([
      'The Godfather Returns',
      'Return of the Godfather',
      'The Godfather',
    ]);
  });

  it('ranks description matches after name matches, newest first', async () => {
    expect(await suggest('family')).toEqual(['The Godfather Returns', 'The Godfather']);
    // Every word somewhere first; names close to the text follow as typo matches.
    expect((await suggest('godfather saga'))[0]).toBe('The Godfather Returns');
  });

  it('matches a prefix of several words', async () => {
    expect((await suggest('the g')).slice(0, 2)).toEqual(['The Godfather', 'The Godfather Returns']);
    expect((await suggest('the godf')).slice(0, 2)).toEqual(['The Godfather', 'The Godfather Returns']);
  });

  it('matches one or two letters as a name prefix only', async () => {
    expect(await suggest('th')).toEqual(['The Godfather', 'The Godfather Returns']);
    expect(await suggest('g')).toEqual(['Godzilla Rising', 'Gone Girl']);
    expect(await suggest('q')).toEqual(['Quiet Harbor']);
  });

  it('tolerates typos', async () => {
    expect(await suggest('godfathr')).toEqual([
      'The Godfather',
      'The Godfather Returns',
      'Return of the Godfather',
    ]);
    expect(await suggest('godfahter')).toEqual([
      'The Godfather',
      'The Godfather Returns',
      'Return of the Godfather',
    ]);
    expect(await suggest('godzila')).toEqual(['Godzilla Rising']);
    expect(await suggest('qxzvk')).toEqual([]);
  });

  it('gives at most 10 suggestions', async () => {
    const names = await suggest('zeta');
    expect(names).toHaveLength(MAX_SUGGESTIONS);
    expect(names[0]).toBe('Zeta 01');
    expect(names[9]).toBe('Zeta 10');
  });

  it('treats LIKE wildcards as plain characters', async () => {
    // Unescaped, `%` and `_` would match every name.
    expect(await suggest('%')).toEqual([]);
    expect(await suggest('_')).toEqual([]);
    expect(await suggest('1_0')).toEqual([]);
    // `1000 Days` only follows as a similar name, after the literal prefix match.
    expect(await suggest('100%')).toEqual(['100% Pure', '1000 Days']);
  });

  it('answers nothing for blank text', async () => {
    expect(await suggest('')).toEqual([]);
    expect(await suggest('    ')).toEqual([]);
    const { status, body } = await call('/user/search-list-dropdown', {});
    expect(status).toBe(200);
    expect(body.data).toEqual([]);
    expect(await search('  ')).toEqual([]);
  });
});

describe('hostile search text', () => {
  const hostile = [
    '"',
    '""',
    '*',
    '"*',
    "'",
    '\\',
    '(',
    ')',
    'NEAR(',
    'a AND',
    'OR',
    'NOT',
    '-',
    ':',
    '^',
    'name : x',
    'name:god*',
    "' or 1=1 --",
    'the & | ! <->',
    ':*',
    'god:* & x',
    '{name}',
    '%_%',
    'say "when',
    '\ud800x',
    '😀😀😀',
    'ßtraße',
    '"'.repeat(100),
    '*'.repeat(100),
    '( "a" OR '.repeat(11).slice(0, 100),
  ];

  it.each(hostile)('never fails on %j', async (text) => {
    const suggestions = await call('/user/search-list-dropdown', { query: text });
    expect(suggestions.status).toBe(200);
    expect(Array.isArray(suggestions.body.data)).toBe(true);
    const results = await call('/user/get-search', { search: text });
    expect(results.status).toBe(200);
    expect(Array.isArray(results.body.data.movieList)).toBe(true);
  });

  it.each(['\u0000', 'god\u0000father'])('refuses %j with a 422 naming the field', async (text) => {
    const suggestions = await call('/user/search-list-dropdown', { query: text });
    expect(suggestions.status).toBe(422);
    expect(suggestions.body.errors).toEqual({ query: [ServerMessages.brokenText] });
    const results = await call('/user/get-search', { search: text });
    expect(results.status).toBe(422);
    expect(results.body.errors).toEqual({ search: [ServerMessages.brokenText] });
  });

  it('finds names with quotes', async () => {
    expect(await suggest('say "when"')).toEqual(['Say "When"']);
  });

  it('refuses text over 100 characters with a 422', async () => {
    for (const text of ['x'.repeat(101), '"'.repeat(200)]) {
      for (const [path, field] of [
        ['/user/search-list-dropdown', 'query'],
        ['/user/get-search', 'search'],
      ] as const) {
        const { status, body } = await call(path, { [field]: text });
        expect(status).toBe(422);
        expect(body).toMatchObject({
          status: false,
          message: 'Search text must be at most 100 characters',
          errors: { [field]: ['Search text must be at most 100 characters'] },
        });
      }
    }
  });
});

describe('get-search', () => {
  it('answers MovieCards in the same ranking, paged', async () => {
    const all = await search('the godfather');
    expect(all.map((card) => card.name)).toEqual([
      'The Godfather',
      'The Godfather Returns',
      'Return of the Godfather',
      'Quiet Harbor',
    ]);
    expect(all[1]).toEqual({
      id: ids.returns,
      name: 'The Godfather Returns',
      type: 'tvshow',
      poster_image: expect.any(String),
      thumbnail_image: expect.any(String),
      content_rating: 'PG',
      language: 'English',
      duration: '1:40',
      is_watch_list: false,
    });
    expect((await search('the godfather', { page: '2', per_page: '1' })).map((card) => card.name)).toEqual([
      'The Godfather Returns',
    ]);
    expect((await search('the godfather', { page: '2', per_page: '3' })).map((card) => card.name)).toEqual([
      'Quiet Harbor',
    ]);
    expect(await search('the godfather', { page: '3', per_page: '3' })).toEqual([]);
    expect((await search('zeta', { per_page: '5', page: '3' })).map((card) => card.name)).toEqual([
      'Zeta 11',
      'Zeta 12',
    ]);
    expect((await search('godfathr', { per_page: '2', page: '2' })).map((card) => card.name)).toEqual([
      'Return of the Godfather',
    ]);
  });

  it('refuses bad paging', async () => {
    const { status, body } = await call('/user/get-search', { search: 'god', per_page: '0' });
    expect(status).toBe(422);
    expect(body.errors.per_page).toEqual(['per_page must be at least 1']);
    expect((await call('/user/get-search', { search: 'god', page: 'x' })).status).toBe(422);
  });

  it("lays each member's own watch list over the results", async () => {
    const save = await server.app.inject({
      method: 'POST',
      url: '/api/v1/user/save-watch-list',
      headers: { authorization: alice.authorization },
      payload: { entertainment_id: ids.returns },
    });
    expect(save.statusCode).toBe(200);
    const mine = await search('godfather', {}, alice.authorization);
    expect(mine.filter((card) => card.is_watch_list).map((card) => card.id)).toEqual([ids.returns]);
    const bobs = await search('godfather', {}, bob.authorization);
    expect(bobs.some((card) => card.is_watch_list)).toBe(false);
  });
});

describe('search access', () => {
  it.each([
    ['/user/search-list-dropdown', { query: 'god' }],
    ['/user/get-search', { search: 'god' }],
  ])('%s needs a member', async (path, query) => {
    for (const authorization of [undefined, 'Bearer not-a-valid-token-at-all-but-long', 'Basic abc']) {
      const res = await server.app.inject({
        method: 'GET',
        url: `/api/v1${path}`,
        query,
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ status: false, message: 'Unauthenticated.' });
    }
  });
});
