import { AdminLibraryMessages as M } from '@reeltime/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/app';
import { signUp, signUpAdmin } from '../../testing/http';
import { catalogFixtures } from '../catalog/catalog.fixtures';
import { API, auditRows, countRows } from './admin-library.fixtures';

const GENRES = `${API}/admin/genres`;

let server: TestServer;
let admin: { authorization: string };

beforeAll(async () => {
  // A long cache lifetime, so a change members see proves the cache was invalidated.
  server = await startTestServer({ CATALOG_CACHE_SECONDS: '600' });
  admin = (await signUpAdmin(server.app)).auth;
});
afterAll(() => server.close());

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  server.app.inject({ method, url, headers: admin, ...(payload ? { payload } : {}) });

const memberGenres = async () =>
  (
    (await server.app.inject({ method: 'GET', url: `${API}/user/get-gener` })).json().data as {
      name: string;
    }[]
  ).map((genre) => genre.name);

describe('genres in the console', () => {
  it('creates, lists with title counts, renames and deletes a genre, and members see each change at once', async () => {
    expect(await memberGenres()).not.toContain('Noir');
    const created = await call('POST', GENRES, { name: '  Noir ' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      status: true,
      message: M.genreCreated,
      data: { name: 'Noir', title_count: 0 },
    });
    const id = created.json().data.id as number;
    expect(await memberGenres()).toContain('Noir');

    const fixtures = catalogFixtures(server.app);
    const title = await fixtures.title({ name: 'The Long Night' });
    await fixtures.tag(title, [id]);
    const listed = (await call('GET', GENRES)).json().data as {
      id: number;
      name: string;
      title_count: number;
    }[];
    expect(listed.find((genre) => genre.id === id)).toEqual({ id, name: 'Noir', title_count: 1 });

    const renamed = await call('PATCH', `${GENRES}/${id}`, { name: 'Film noir' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data).toEqual({ id, name: 'Film noir', title_count: 1 });
    expect(await memberGenres()).toContain('Film noir');
    expect(await memberGenres()).not.toContain('Noir');

    await server.app.ctx.db.deleteFrom('title_genres').where('genre_id', '=', id).execute();
    const deleted = await call('DELETE', `${GENRES}/${id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ status: true, message: M.genreDeleted, data: null });
    expect(await memberGenres()).not.toContain('Film noir');

    const audit = [
      ...(await auditRows(server.app, 'genre.create')),
      ...(await auditRows(server.app, 'genre.update')),
    ];
    expect(audit.find((row) => row.entity_id === String(id) && row.action === 'genre.update')).toMatchObject({
      before: JSON.stringify({ name: 'Noir' }),
      after: JSON.stringify({ name: 'Film noir' }),
    });
    expect(await auditRows(server.app, 'genre.delete')).toEqual([
      expect.objectContaining({ entity_id: String(id), before: JSON.stringify({ name: 'Film noir' }) }),
    ]);
  });

  it('refuses to delete a genre titles still carry, naming how many, and keeps it', async () => {
    const fixtures = catalogFixtures(server.app);
    const genre = await fixtures.genre('Western', [
      await fixtures.title({ name: 'Dust' }),
      await fixtures.title({ name: 'Spurs' }),
    ]);
    const response = await call('DELETE', `${GENRES}/${genre}`);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(M.genreInUse(2));
    const listed = (await call('GET', GENRES)).json().data as { id: number }[];
    expect(listed.map((row) => row.id)).toContain(genre);
  });

  it('refuses a name another genre has in any case, on create and on rename', async () => {
    const fixtures = catalogFixtures(server.app);
    await fixtures.genre('Drama');
    const other = await fixtures.genre('Comedy');
    const before = await countRows(server.app, 'genres');
    const duplicate = await call('POST', GENRES, { name: 'drama' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toBe(M.genreNameTaken);
    const renamed = await call('PATCH', `${GENRES}/${other}`, { name: 'DRAMA' });
    expect(renamed.statusCode).toBe(409);
    expect(await countRows(server.app, 'genres')).toBe(before);
    // Its own name in another case is a rename, not a clash.
    expect((await call('PATCH', `${GENRES}/${other}`, { name: 'COMEDY' })).statusCode).toBe(200);
  });

  it('refuses bad input with field errors and writes nothing', async () => {
    const genres = await countRows(server.app, 'genres');
    const audit = await countRows(server.app, 'audit_log');
    for (const payload of [{}, { name: '' }, { name: '   ' }, { name: 42 }, { name: 'x'.repeat(101) }]) {
      const response = await call('POST', GENRES, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(response.json().errors.name).toBeDefined();
    }
    expect((await call('POST', GENRES, { name: 'x'.repeat(101) })).json().message).toBe(M.genreNameTooLong);
    expect((await call('PATCH', `${GENRES}/abc`, { name: 'Fine' })).statusCode).toBe(422);
    expect((await call('PATCH', `${GENRES}/999999`, { name: 'Fine' })).statusCode).toBe(404);
    expect((await call('DELETE', `${GENRES}/999999`)).json()).toEqual({
      status: false,
      message: M.genreNotFound,
    });
    expect(
      (
        await server.app.inject({
          method: 'POST',
          url: GENRES,
          headers: { ...admin, 'content-type': 'application/json' },
          payload: '{"name":',
        })
      ).statusCode,
    ).toBe(400);
    expect(await countRows(server.app, 'genres')).toBe(genres);
    expect(await countRows(server.app, 'audit_log')).toBe(audit);
  });

  it('refuses a field it does not take with 422 naming it, on create and on rename, changing nothing', async () => {
    const genres = await countRows(server.app, 'genres');
    const created = await call('POST', GENRES, { name: 'Heist', is_admin: true });
    expect(created.statusCode).toBe(422);
    expect(created.json()).toEqual({
      status: false,
      message: 'Unknown field: is_admin',
      errors: { is_admin: ['Unknown field: is_admin'] },
    });
    expect(await countRows(server.app, 'genres')).toBe(genres);
    const listed = (await call('GET', GENRES)).json().data as { name: string }[];
    expect(listed.map((genre) => genre.name)).not.toContain('Heist');
    expect(await memberGenres()).not.toContain('Heist');

    const id = await catalogFixtures(server.app).genre('Caper');
    const renamed = await call('PATCH', `${GENRES}/${id}`, { name: 'Heist', position: 1 });
    expect(renamed.statusCode).toBe(422);
    expect(renamed.json().errors).toEqual({ position: ['Unknown field: position'] });
    const after = (await call('GET', GENRES)).json().data as { id: number; name: string }[];
    expect(after.find((genre) => genre.id === id)?.name).toBe('Caper');
  });

  it('is for admins only', async () => {
    const member = await signUp(server.app);
    expect((await server.app.inject({ method: 'GET', url: GENRES })).statusCode).toBe(401);
    expect(
      (await server.app.inject({ method: 'POST', url: GENRES, headers: member.auth, payload: { name: 'X' } }))
        .statusCode,
    ).toBe(403);
  });
});
