import { existsSync } from 'node:fs';
import path from 'node:path';
import { AdminLibraryMessages as M, type AdminBanner } from '@reeltime/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/app';
import { multipart, signUpAdmin, type Part } from '../../testing/http';
import { catalogFixtures } from '../catalog/catalog.fixtures';
import { API, auditRows, countRows, imagePart, png } from './admin-library.fixtures';

const BANNERS = `${API}/admin/banners`;

let server: TestServer;
let admin: { authorization: string };
let art: Buffer;

beforeAll(async () => {
  // A long cache lifetime, so a change members see proves the cache was invalidated.
  server = await startTestServer({ CATALOG_CACHE_SECONDS: '600' });
  admin = (await signUpAdmin(server.app)).auth;
  art = await png(2400, 1000);
});
afterAll(() => server.close());

const send = (method: 'POST' | 'PATCH', url: string, parts: Part[]) => {
  const form = multipart(parts);
  return server.app.inject({ method, url, headers: { ...admin, ...form.headers }, payload: form.payload });
};
const fileOf = (url: string) => path.join(server.config.dataDir, 'media', url.replace(/^\/media\//, ''));
const memberBanners = async () =>
  (
    (await server.app.inject({ method: 'GET', url: `${API}/user/banners` })).json().data as {
      data: { name: string };
    }[]
  ).map((banner) => banner.data.name);
const create = async (titleId: number, extra: Part[] = []) => {
  const response = await send('POST', BANNERS, [
    { name: 'title_id', value: String(titleId) },
    imagePart('art', art),
    ...extra,
  ]);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as AdminBanner;
};

describe('banners in the console', () => {
  it('creates banners after the last one, reorders, deactivates and deletes them, and members see each change at once', async () => {
    const fixtures = catalogFixtures(server.app);
    const first = await fixtures.title({ name: 'First Light' });
    const second = await fixtures.title({ name: 'Second Wind' });
    const draft = await fixtures.title({ name: 'Not Yet Out', is_published: 0 });
    expect(await memberBanners()).toEqual([]);

    const a = await create(first);
    expect(a).toMatchObject({
      title_id: first,
      title_name: 'First Light',
      title_published: true,
      position: 0,
      is_active: true,
    });
    expect(a.poster_url).toMatch(/^\/media\/uploads\/banners\/[0-9a-f]{32}\.webp$/);
    const b = await create(second);
    const c = await create(draft);
    expect([b.position, c.position]).toEqual([1, 2]);
    expect(c.title_published).toBe(false);
    // A banner of an unpublished title waits for its title.
    expect(await memberBanners()).toEqual(['First Light', 'Second Wind']);

    const reordered = await server.app.inject({
      method: 'PUT',
      url: `${BANNERS}/order`,
      headers: admin,
      payload: { ids: [c.id, b.id, a.id] },
    });
    expect(reordered.statusCode).toBe(200);
    expect((reordered.json().data as AdminBanner[]).map((banner) => [banner.id, banner.position])).toEqual([
      [c.id, 0],
      [b.id, 1],
      [a.id, 2],
    ]);
    expect(await memberBanners()).toEqual(['Second Wind', 'First Light']);

    const paused = await send('PATCH', `${BANNERS}/${b.id}`, [{ name: 'is_active', value: 'false' }]);
    expect(paused.json().data).toMatchObject({ id: b.id, is_active: false, title_id: second });
    expect(await memberBanners()).toEqual(['First Light']);

    const relinked = await send('PATCH', `${BANNERS}/${b.id}`, [
      { name: 'title_id', value: String(first) },
      { name: 'is_active', value: 'true' },
      imagePart('art', await png(300, 100, '#222')),
    ]);
    const moved = relinked.json().data as AdminBanner;
    expect(moved).toMatchObject({ title_id: first, title_name: 'First Light', is_active: true });
    expect(existsSync(fileOf(b.poster_url))).toBe(false);
    expect(existsSync(fileOf(moved.poster_url))).toBe(true);

    const deleted = await server.app.inject({ method: 'DELETE', url: `${BANNERS}/${a.id}`, headers: admin });
    expect(deleted.json()).toEqual({ status: true, message: M.bannerDeleted, data: null });
    expect(existsSync(fileOf(a.poster_url))).toBe(false);
    expect(await memberBanners()).toEqual(['First Light']);

    const actions = (
      await server.app.ctx.db
        .selectFrom('audit_log')
        .select('action')
        .where('entity_type', '=', 'banner')
        .orderBy('id')
        .execute()
    ).map((row) => row.action);
    expect(actions).toEqual([
      'banner.create',
      'banner.create',
      'banner.create',
      'banner.reorder',
      'banner.update',
      'banner.update',
      'banner.delete',
    ]);
    const reorder = (await auditRows(server.app, 'banner.reorder'))[0]!;
    expect(JSON.parse(reorder.after!)).toEqual([c.id, b.id, a.id]);
  });

  it('offers titles to link to by name', async () => {
    const fixtures = catalogFixtures(server.app);
    await fixtures.title({ name: 'Zebra Crossing', is_published: 0 });
    const response = await server.app.inject({
      method: 'GET',
      url: `${BANNERS}/title-choices?search=zebra`,
      headers: admin,
    });
    expect(response.json().data).toEqual([
      expect.objectContaining({ name: 'Zebra Crossing', type: 'movie', is_published: false }),
    ]);
  });

  it('refuses null for the title or the active flag of an edit, since a banner always has both', async () => {
    const title = await catalogFixtures(server.app).title({ name: 'Kept Title' });
    const banner = await create(title);
    const edit = (payload: object) =>
      server.app.inject({ method: 'PATCH', url: `${BANNERS}/${banner.id}`, headers: admin, payload });

    const nullTitle = await edit({ title_id: null });
    expect(nullTitle.statusCode).toBe(422);
    expect(nullTitle.json().errors).toEqual({ title_id: [M.bannerTitleNull] });
    const nullActive = await edit({ is_active: null });
    expect(nullActive.statusCode).toBe(422);
    expect(nullActive.json().errors).toEqual({ is_active: [M.bannerActiveNull] });
    const listed = (await server.app.inject({ method: 'GET', url: BANNERS, headers: admin })).json()
      .data as AdminBanner[];
    expect(listed.find((row) => row.id === banner.id)).toEqual(banner);

    const document = (await server.app.inject('/api/docs/json')).json();
    const fields = document.paths['/api/v1/admin/banners/{id}'].patch.requestBody.content['application/json']
      .schema.properties as Record<string, { nullable?: boolean }>;
    expect(fields.title_id!.nullable).toBeUndefined();
    expect(fields.is_active!.nullable).toBeUndefined();
    expect((await edit({ is_active: false })).json().data).toMatchObject({
      title_id: title,
      is_active: false,
    });
  });

  it('refuses bad input clearly and writes nothing, not even the art', async () => {
    const title = await catalogFixtures(server.app).title({ name: 'Guarded' });
    const existing = await create(title);
    const banners = await countRows(server.app, 'banners');
    const audit = await countRows(server.app, 'audit_log');
    const storedArt = (await server.app.ctx.files.list('uploads/banners')).length;

    const noArt = await send('POST', BANNERS, [{ name: 'title_id', value: String(title) }]);
    expect(noArt.statusCode).toBe(422);
    expect(noArt.json()).toMatchObject({
      message: M.bannerArtRequired,
      errors: { art: [M.bannerArtRequired] },
    });
    const noTitle = await send('POST', BANNERS, [imagePart('art', art)]);
    expect(noTitle.statusCode).toBe(422);
    expect(noTitle.json().errors.title_id).toEqual([M.bannerTitleRequired]);
    const unknownTitle = await send('POST', BANNERS, [
      { name: 'title_id', value: '999999' },
      imagePart('art', art),
    ]);
    expect(unknownTitle.statusCode).toBe(422);
    expect(unknownTitle.json().errors.title_id).toEqual([M.bannerTitleNotFound]);
    const notImage = await send('POST', BANNERS, [
      { name: 'title_id', value: String(title) },
      imagePart('art', Buffer.from('GIF89a nope')),
    ]);
    expect(notImage.statusCode).toBe(415);
    expect(
      (await send('POST', BANNERS, [{ name: 'title_id', value: 'abc' }, imagePart('art', art)])).statusCode,
    ).toBe(422);
    expect(
      (await send('PATCH', `${BANNERS}/${existing.id}`, [{ name: 'is_active', value: 'yes' }])).statusCode,
    ).toBe(422);
    expect(
      (await send('PATCH', `${BANNERS}/999999`, [{ name: 'is_active', value: 'true' }])).statusCode,
    ).toBe(404);
    const extra = await send('POST', BANNERS, [
      { name: 'title_id', value: String(title) },
      { name: 'position', value: '0' },
      imagePart('art', art),
    ]);
    expect(extra.statusCode).toBe(422);
    expect(extra.json()).toMatchObject({
      message: 'Unknown field: position',
      errors: { position: ['Unknown field: position'] },
    });
    const extraPatch = await send('PATCH', `${BANNERS}/${existing.id}`, [
      { name: 'is_active', value: 'false' },
      { name: 'position', value: '0' },
    ]);
    expect(extraPatch.json().errors).toEqual({ position: ['Unknown field: position'] });

    const everyId = (await server.app.inject({ method: 'GET', url: BANNERS, headers: admin }))
      .json()
      .data.map((banner: AdminBanner) => banner.id);
    for (const payload of [
      ...[[], [existing.id, existing.id], [999999], 'x', [existing.id, 'abc']].map((ids) => ({ ids })),
      { ids: everyId, all: true },
    ]) {
      const response = await server.app.inject({
        method: 'PUT',
        url: `${BANNERS}/order`,
        headers: admin,
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
    }
    expect(await countRows(server.app, 'banners')).toBe(banners);
    expect(await countRows(server.app, 'audit_log')).toBe(audit);
    expect((await server.app.ctx.files.list('uploads/banners')).length).toBe(storedArt);
  });
});
