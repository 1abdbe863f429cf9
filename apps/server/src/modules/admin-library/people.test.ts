import { existsSync } from 'node:fs';
import path from 'node:path';
import { AdminLibraryMessages as M, type AdminPerson } from '@reeltime/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/app';
import { multipart, signUpAdmin, type Part } from '../../testing/http';
import { catalogFixtures } from '../catalog/catalog.fixtures';
import { API, auditRows, countRows, imagePart, png } from './admin-library.fixtures';

const PEOPLE = `${API}/admin/people`;

let server: TestServer;
let admin: { authorization: string };
let photo: Buffer;

beforeAll(async () => {
  server = await startTestServer();
  admin = (await signUpAdmin(server.app)).auth;
  photo = await png(1200, 900);
});
afterAll(() => server.close());

const send = (method: 'POST' | 'PATCH', url: string, parts: Part[]) => {
  const form = multipart(parts);
  return server.app.inject({ method, url, headers: { ...admin, ...form.headers }, payload: form.payload });
};
const fileOf = (url: string) => path.join(server.config.dataDir, 'media', url.replace(/^\/media\//, ''));
const list = async (query: string) =>
  (await server.app.inject({ method: 'GET', url: `${PEOPLE}${query}`, headers: admin })).json().data as {
    items: AdminPerson[];
    total: number;
    page: number;
    per_page: number;
  };

describe('people in the console', () => {
  it('adds a person with a photo checked and re-encoded, and a private address only the console sees', async () => {
    const response = await send('POST', PEOPLE, [
      { name: 'name', value: ' Mira Sen ' },
      { name: 'email', value: 'mira@example.com' },
      imagePart('photo', photo),
    ]);
    expect(response.statusCode).toBe(201);
    const person = response.json().data as AdminPerson;
    expect(person).toMatchObject({
      name: 'Mira Sen',
      email: 'mira@example.com',
      has_email: true,
      title_count: 0,
    });
    expect(person.profile_image).toMatch(/^\/media\/uploads\/people\/[0-9a-f]{32}\.webp$/);
    expect(existsSync(fileOf(person.profile_image))).toBe(true);
    expect(await auditRows(server.app, 'person.create')).toContainEqual(
      expect.objectContaining({ entity_id: String(person.id) }),
    );

    // A member reading a title's cast learns only that there is an address.
    const fixtures = catalogFixtures(server.app);
    const title = await fixtures.title({ name: 'Quiet Harbour' });
    await fixtures.cast(title, person.id, 'Actor', 0);
    const details = await server.app.inject({ method: 'GET', url: `${API}/user/movie-details/${title}` });
    expect(details.body).not.toContain('mira@example.com');
    expect(details.json().data.casts[0]).toMatchObject({ id: person.id, has_email: true });
  });

  it('lists people by name a page at a time and finds them by part of a name or address', async () => {
    const fixtures = catalogFixtures(server.app);
    for (const name of ['Zed Alpha', 'Zed Beta', 'Zed Gamma'])
      await fixtures.person(name, `${name.split(' ')[1]!.toLowerCase()}@zed.test`);
    await fixtures.person('Percent 100% Real');
    const first = await list('?search=zed&per_page=2');
    expect(first).toMatchObject({ total: 3, page: 1, per_page: 2 });
    expect(first.items.map((person) => person.name)).toEqual(['Zed Alpha', 'Zed Beta']);
    expect((await list('?search=zed&per_page=2&page=2')).items.map((person) => person.name)).toEqual([
      'Zed Gamma',
    ]);
    expect((await list('?search=GAMMA@ZED')).items.map((person) => person.name)).toEqual(['Zed Gamma']);
    // LIKE wildcards are plain characters.
    expect((await list('?search=100%25')).items.map((person) => person.name)).toEqual(['Percent 100% Real']);
    expect((await list('?search=_')).total).toBe(0);
  });

  it('saves a new name, address and photo, and frees the photo it replaced', async () => {
    const created = (
      await send('POST', PEOPLE, [{ name: 'name', value: 'Old Name' }, imagePart('photo', photo)])
    ).json().data as AdminPerson;
    const updated = await send('PATCH', `${PEOPLE}/${created.id}`, [
      { name: 'name', value: 'New Name' },
      { name: 'email', value: 'new@example.com' },
      imagePart('photo', await png(100, 100, '#123')),
    ]);
    expect(updated.statusCode).toBe(200);
    const person = updated.json().data as AdminPerson;
    expect(person).toMatchObject({ name: 'New Name', email: 'new@example.com' });
    expect(person.profile_image).not.toBe(created.profile_image);
    expect(existsSync(fileOf(created.profile_image))).toBe(false);

    const cleared = await send('PATCH', `${PEOPLE}/${created.id}`, [
      { name: 'name', value: 'New Name' },
      { name: 'email', value: '' },
    ]);
    // No new photo keeps the one there is.
    expect(cleared.json().data).toMatchObject({
      email: null,
      has_email: false,
      profile_image: person.profile_image,
    });
    const audit = (await auditRows(server.app, 'person.update')).filter(
      (row) => row.entity_id === String(created.id),
    );
    expect(JSON.parse(audit[0]!.before!)).toMatchObject({ name: 'Old Name', email: null });
    expect(JSON.parse(audit[0]!.after!)).toMatchObject({ name: 'New Name', email: 'new@example.com' });
  });

  it('removes the address when an edit sends null, empty text or no address, as the document says', async () => {
    const created = (
      await send('POST', PEOPLE, [
        { name: 'name', value: 'Has Address' },
        { name: 'email', value: 'has@example.com' },
        imagePart('photo', photo),
      ])
    ).json().data as AdminPerson;
    const edit = (payload: object) =>
      server.app.inject({ method: 'PATCH', url: `${PEOPLE}/${created.id}`, headers: admin, payload });
    const document = (await server.app.inject('/api/docs/json')).json();
    const email = document.paths['/api/v1/admin/people/{id}'].patch.requestBody.content['application/json']
      .schema.properties.email as { nullable?: boolean; description?: string };
    expect(email.nullable).toBe(true);
    expect(email.description).toMatch(/null/);

    for (const payload of [
      { name: 'Has Address', email: null },
      { name: 'Has Address', email: '' },
      { name: 'Has Address' },
    ]) {
      expect((await edit({ name: 'Has Address', email: 'has@example.com' })).json().data.email).toBe(
        'has@example.com',
      );
      const cleared = await edit(payload);
      expect(cleared.statusCode, JSON.stringify(payload)).toBe(200);
      expect(cleared.json().data, JSON.stringify(payload)).toMatchObject({ email: null, has_email: false });
    }
    expect((await edit({ name: 'Has Address', email: 'not-an-address' })).statusCode).toBe(422);
    expect((await edit({ name: 'Has Address', email: 7 })).statusCode).toBe(422);
  });

  it('refuses to delete someone cast in a title, and deletes them with their photo otherwise', async () => {
    const person = (
      await send('POST', PEOPLE, [{ name: 'name', value: 'Cast Member' }, imagePart('photo', photo)])
    ).json().data as AdminPerson;
    const fixtures = catalogFixtures(server.app);
    const title = await fixtures.title({ name: 'Holding On' });
    await fixtures.cast(title, person.id, 'Actor', 0);
    await fixtures.cast(title, person.id, 'Producer', 1);
    const refused = await server.app.inject({
      method: 'DELETE',
      url: `${PEOPLE}/${person.id}`,
      headers: admin,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(M.personInUse(1));

    await server.app.ctx.db.deleteFrom('title_cast').where('person_id', '=', person.id).execute();
    const deleted = await server.app.inject({
      method: 'DELETE',
      url: `${PEOPLE}/${person.id}`,
      headers: admin,
    });
    expect(deleted.json()).toEqual({ status: true, message: M.personDeleted, data: null });
    expect(existsSync(fileOf(person.profile_image))).toBe(false);
    expect(
      (await server.app.inject({ method: 'DELETE', url: `${PEOPLE}/${person.id}`, headers: admin }))
        .statusCode,
    ).toBe(404);
  });

  it('refuses bad input clearly and writes nothing, not even the photo', async () => {
    const people = await countRows(server.app, 'people');
    const audit = await countRows(server.app, 'audit_log');
    const photoPart = imagePart('photo', photo);
    const cases: [Part[], number, string | undefined][] = [
      [[{ name: 'name', value: '' }, photoPart], 422, 'name'],
      [[{ name: 'name', value: 'x'.repeat(256) }, photoPart], 422, 'name'],
      [
        [{ name: 'name', value: 'Valid' }, { name: 'email', value: 'not-an-address' }, photoPart],
        422,
        'email',
      ],
      [[{ name: 'name', value: 'No Photo' }], 422, 'photo'],
      [
        [{ name: 'name', value: 'Valid' }, { name: 'job_title', value: 'Actor' }, photoPart],
        422,
        'job_title',
      ],
      [
        [{ name: 'name', value: 'Valid' }, imagePart('photo', Buffer.from('<svg></svg>'), 'x.png')],
        415,
        undefined,
      ],
    ];
    for (const [parts, status, field] of cases) {
      const response = await send('POST', PEOPLE, parts);
      expect(response.statusCode, JSON.stringify(parts.map((part) => part.name))).toBe(status);
      if (field) expect(response.json().errors[field]).toBeDefined();
    }
    // A new person needs a photo, which only a form carries.
    const json = await server.app.inject({
      method: 'POST',
      url: PEOPLE,
      headers: admin,
      payload: { name: 'Valid' },
    });
    expect(json.statusCode).toBe(415);
    const wrongType = await server.app.inject({
      method: 'PATCH',
      url: `${PEOPLE}/999999`,
      headers: admin,
      payload: { name: 7 },
    });
    expect(wrongType.statusCode).toBe(422);
    const extra = await server.app.inject({
      method: 'PATCH',
      url: `${PEOPLE}/999999`,
      headers: admin,
      payload: { name: 'Valid', is_admin: true },
    });
    expect(extra.json()).toMatchObject({
      message: 'Unknown field: is_admin',
      errors: { is_admin: ['Unknown field: is_admin'] },
    });
    expect(
      (await server.app.inject({ method: 'GET', url: `${PEOPLE}?per_page=500`, headers: admin })).statusCode,
    ).toBe(422);
    expect(
      (await server.app.inject({ method: 'GET', url: `${PEOPLE}?search=${'x'.repeat(101)}`, headers: admin }))
        .statusCode,
    ).toBe(422);
    expect((await send('PATCH', `${PEOPLE}/999999`, [{ name: 'name', value: 'Nobody' }])).json()).toEqual({
      status: false,
      message: M.personNotFound,
    });
    expect(await countRows(server.app, 'people')).toBe(people);
    expect(await countRows(server.app, 'audit_log')).toBe(audit);
    const stored = (await server.app.ctx.files.list('uploads/people')).length;
    expect(stored).toBe(
      (
        await server.app.ctx.db
          .selectFrom('people')
          .select('profile_image')
          .where('profile_image', 'like', '/media/uploads/people/%')
          .execute()
      ).length,
    );
  });
});
