import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/app';
import { signUp, signUpAdmin } from '../../testing/http';
import { catalogFixtures } from '../catalog/catalog.fixtures';

/** With the catalog cache on (a minute), console writes still reach members on their next load. */
let server: TestServer;
let admin: Awaited<ReturnType<typeof signUpAdmin>>;
let member: Awaited<ReturnType<typeof signUp>>;
let titleId: number;

beforeAll(async () => {
  server = await startTestServer({ CATALOG_CACHE_SECONDS: '60' });
  admin = await signUpAdmin(server.app);
  member = await signUp(server.app);
  const fx = catalogFixtures(server.app);
  titleId = await fx.title({ name: 'Quiet Harbour', like_count: 5 });
  await fx.title({ name: 'Loud Harbour', like_count: 1 });
});
afterAll(() => server.close());

const asMember = async (url: string) => {
  const res = await server.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: member.auth });
  return { status: res.statusCode, data: res.statusCode === 200 ? res.json().data : undefined };
};

const memberViews = async () => ({
  details: await asMember(`/user/movie-details/${titleId}`),
  search: ((await asMember('/user/get-search?search=harbour')).data?.movieList ?? []).map(
    (card: { name: string }) => card.name,
  ),
  row: ((await asMember('/user/most-like-movie')).data ?? []).map((card: { name: string }) => card.name),
});

const patch = (payload: object) =>
  server.app.inject({
    method: 'PATCH',
    url: `/api/v1/admin/titles/${titleId}`,
    headers: admin.auth,
    payload,
  });

describe('console writes and the member catalog cache', () => {
  it('a renamed title shows its new name in details, search and rows at once', async () => {
    const before = await memberViews();
    expect(before.details.data.name).toBe('Quiet Harbour');
    expect(before.search).toContain('Quiet Harbour');
    expect(before.row).toEqual(['Quiet Harbour', 'Loud Harbour']);

    expect((await patch({ name: 'Silent Harbour' })).statusCode).toBe(200);

    const after = await memberViews();
    expect(after.details.data.name).toBe('Silent Harbour');
    expect(after.search).toContain('Silent Harbour');
    expect(after.search).not.toContain('Quiet Harbour');
    expect(after.row).toEqual(['Silent Harbour', 'Loud Harbour']);
  });

  it('an unpublished title leaves details, search and rows at once, and comes back when published', async () => {
    await memberViews();
    expect((await patch({ is_published: false })).statusCode).toBe(200);
    const hidden = await memberViews();
    expect(hidden.details.status).toBe(404);
    expect(hidden.search).toEqual(['Loud Harbour']);
    expect(hidden.row).toEqual(['Loud Harbour']);

    const bulk = await server.app.inject({
      method: 'POST',
      url: '/api/v1/admin/titles/bulk',
      headers: admin.auth,
      payload: { ids: [titleId], action: 'publish' },
    });
    expect(bulk.statusCode).toBe(200);
    const shown = await memberViews();
    expect(shown.details.status).toBe(200);
    expect(shown.row).toEqual(['Silent Harbour', 'Loud Harbour']);
  });

  it('a deleted title is gone from every member read at once', async () => {
    await memberViews();
    const res = await server.app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/titles/${titleId}`,
      headers: admin.auth,
    });
    expect(res.statusCode).toBe(200);
    const gone = await memberViews();
    expect(gone.details.status).toBe(404);
    expect(gone.search).toEqual(['Loud Harbour']);
    expect(gone.row).toEqual(['Loud Harbour']);
  });
});
