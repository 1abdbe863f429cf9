import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminTitlesMessages as M } from '@reeltime/contract';
import { startTestServer, type TestServer } from '../../testing/app';
import { multipart, signUp, signUpAdmin } from '../../testing/http';
import { catalogFixtures } from '../catalog/catalog.fixtures';

let server: TestServer;
let admin: Awaited<ReturnType<typeof signUpAdmin>>;
let fx: ReturnType<typeof catalogFixtures>;
let drama: number;
let comedy: number;
let ada: number;
let ben: number;

beforeAll(async () => {
  server = await startTestServer();
  admin = await signUpAdmin(server.app);
  fx = catalogFixtures(server.app);
  drama = await fx.genre('Drama');
  comedy = await fx.genre('Comedy');
  ada = await fx.person('Ada Stone');
  ben = await fx.person('Ben Hill');
});
afterAll(() => server.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload?: unknown) =>
  server.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: admin.auth,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const count = async (table: 'titles' | 'title_genres' | 'title_cast' | 'audit_log') =>
  Number(
    (
      await server.app.ctx.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 90, b: 160 } } })
    .png()
    .toBuffer();

const fullBody = {
  type: 'movie',
  name: 'Harbour Lights',
  description: 'A ferry pilot finds a letter.',
  release_date: '2021-06-04',
  language: 'English',
  duration_minutes: 104,
  imdb_rating: 7.4,
  content_rating: 'PG-13',
  is_free: true,
  is_published: false,
  trailer: { type: 'youtube', url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' },
};

describe('creating and reading a title', () => {
  it('creates a draft with every field, its genres and its ordered cast, and audits it', async () => {
    const auditsBefore = await count('audit_log');
    const res = await call('POST', '/admin/titles', {
      ...fullBody,
      genre_ids: [drama, comedy, drama],
      cast: [
        { person_id: ben, job_title: 'Director' },
        { person_id: ada, job_title: 'Actor' },
        { person_id: ben, job_title: 'Actor' },
      ],
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.message).toBe(M.created);
    const title = body.data;
    expect(title).toMatchObject({
      ...fullBody,
      is_free: true,
      is_published: false,
      video_state: 'none',
      seasons: [],
      poster_image: '',
    });
    expect(title.genres.map((genre: { name: string }) => genre.name)).toEqual(['Comedy', 'Drama']);
    expect(
      title.cast.map((entry: { name: string; job_title: string }) => `${entry.name}/${entry.job_title}`),
    ).toEqual(['Ben Hill/Director', 'Ada Stone/Actor', 'Ben Hill/Actor']);
    expect(await count('audit_log')).toBe(auditsBefore + 1);
    const audit = await server.app.ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      action: 'title.create',
      entity_type: 'title',
      entity_id: String(title.id),
    });
    expect(JSON.parse(audit.after!)).toMatchObject({ name: 'Harbour Lights', genre_ids: [comedy, drama] });

    const read = await call('GET', `/admin/titles/${title.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toEqual(title);
  });

  it('needs only a type and a name, and starts unpublished', async () => {
    const res = await call('POST', '/admin/titles', { type: 'tvshow', name: 'Night Shift' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      is_published: false,
      trailer: null,
      release_date: null,
      genres: [],
    });
  });

  it('answers 404 for a title that does not exist', async () => {
    for (const [method, url, payload] of [
      ['GET', '/admin/titles/999999', undefined],
      ['PATCH', '/admin/titles/999999', { name: 'x' }],
      ['DELETE', '/admin/titles/999999', undefined],
    ] as const) {
      const res = await call(method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().message).toBe(M.titleNotFound);
    }
  });
});

describe('bad input', () => {
  /** Fields are built when a test runs, once the genres and people exist. */
  const refusals: [string, () => Record<string, unknown>, string, string][] = [
    ['an unknown genre', () => ({ genre_ids: [drama, 987654] }), 'genre_ids', M.genreUnknown],
    [
      'an unknown person',
      () => ({ cast: [{ person_id: 987654, job_title: 'Actor' }] }),
      'cast.0.person_id',
      M.personUnknown,
    ],
    [
      'a cast entry without a role',
      () => ({ cast: [{ person_id: ada, job_title: ' ' }] }),
      'cast.0.job_title',
      M.jobTitleRequired,
    ],
    [
      'the same person twice in one role',
      () => ({
        cast: [
          { person_id: ada, job_title: 'Actor' },
          { person_id: ada, job_title: 'actor' },
        ],
      }),
      'cast.1.job_title',
      M.castDuplicate,
    ],
    ['a huge name', () => ({ name: 'x'.repeat(201) }), 'name', M.nameTooLong],
    ['a huge description', () => ({ description: 'x'.repeat(5001) }), 'description', M.descriptionTooLong],
    ['an empty name', () => ({ name: '   ' }), 'name', M.nameRequired],
    ['an unknown type', () => ({ type: 'series' }), 'type', M.typeInvalid],
    ['a duration as text', () => ({ duration_minutes: '90' }), 'duration_minutes', M.durationInvalid],
    ['a fractional duration', () => ({ duration_minutes: 90.5 }), 'duration_minutes', M.durationInvalid],
    ['a rating above 10', () => ({ imdb_rating: 11 }), 'imdb_rating', M.imdbRatingInvalid],
    ['a flag as text', () => ({ is_free: 'yes' }), 'is_free', M.flagInvalid],
    [
      'a date that does not exist',
      () => ({ release_date: '2021-02-30' }),
      'release_date',
      'Enter a valid date.',
    ],
    ['genres that are not a list', () => ({ genre_ids: 'drama' }), 'genre_ids', M.genresInvalid],
    [
      'a YouTube trailer on another site',
      () => ({ trailer: { type: 'youtube', url: 'https://vimeo.com/76979871' } }),
      'trailer.url',
      M.trailerNotYoutube,
    ],
    [
      'a trailer that is not a web address',
      () => ({ trailer: { type: 'url', url: 'javascript:alert(1)' } }),
      'trailer.url',
      M.trailerUrlInvalid,
    ],
    [
      'an HLS trailer that is not a playlist',
      () => ({ trailer: { type: 'hls', url: 'https://cdn.example.com/a.mp4' } }),
      'trailer.url',
      M.trailerNotHls,
    ],
  ];

  it.each(refusals)(
    'refuses %s with 422 on its field and writes nothing',
    async (_, fieldsOf, field, message) => {
      const fields = fieldsOf();
      const before = await Promise.all([
        count('titles'),
        count('title_genres'),
        count('title_cast'),
        count('audit_log'),
      ]);
      const res = await call('POST', '/admin/titles', { type: 'movie', name: 'Refused', ...fields });
      expect(res.statusCode).toBe(422);
      const body = res.json();
      if (field !== 'release_date') expect(body.errors[field]).toContain(message);
      else expect(body.errors[field]).toBeDefined();
      expect(
        await Promise.all([count('titles'), count('title_genres'), count('title_cast'), count('audit_log')]),
      ).toEqual(before);
    },
  );

  it('refuses the same bad fields in an edit and leaves the title as it was', async () => {
    const created = (
      await call('POST', '/admin/titles', { type: 'movie', name: 'Steady', genre_ids: [drama] })
    ).json().data;
    for (const [, fieldsOf, field] of refusals) {
      const res = await call('PATCH', `/admin/titles/${created.id}`, { name: 'Changed', ...fieldsOf() });
      expect(res.statusCode, field).toBe(422);
    }
    expect((await call('GET', `/admin/titles/${created.id}`)).json().data).toEqual(created);
  });

  it('refuses an edit that names no field, a body that is not JSON and an id that is not a number', async () => {
    const created = (await call('POST', '/admin/titles', { type: 'movie', name: 'Edge' })).json().data;
    expect((await call('PATCH', `/admin/titles/${created.id}`, {})).statusCode).toBe(422);
    const notJson = await server.app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/titles/${created.id}`,
      headers: { ...admin.auth, 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(notJson.statusCode).toBe(400);
    expect((await call('GET', '/admin/titles/abc')).statusCode).toBe(422);
    expect((await call('GET', '/admin/titles?sort=rating')).statusCode).toBe(422);
    expect((await call('GET', '/admin/titles?published=maybe')).statusCode).toBe(422);
    expect((await call('GET', `/admin/titles?search=${'x'.repeat(101)}`)).statusCode).toBe(422);
  });

  it('refuses a field it does not take with 422 naming it, and creates nothing', async () => {
    const before = await count('titles');
    const res = await call('POST', '/admin/titles', { type: 'movie', name: 'Elevated', is_admin: true });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      status: false,
      message: 'Unknown field: is_admin',
      errors: { is_admin: ['Unknown field: is_admin'] },
    });
    expect(await count('titles')).toBe(before);
    expect((await call('GET', '/admin/titles?search=Elevated')).json().data.total).toBe(0);
  });

  it('names unknown fields inside the trailer and the cast, and in an edit changes nothing', async () => {
    const before = await count('titles');
    const res = await call('POST', '/admin/titles', {
      type: 'movie',
      name: 'Nested extras',
      trailer: { type: 'youtube', url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', autoplay: true },
      cast: [{ person_id: ada, job_title: 'Actor', billing: 1 }],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      'trailer.autoplay': ['Unknown field: trailer.autoplay'],
      'cast.0.billing': ['Unknown field: cast.0.billing'],
    });
    expect(await count('titles')).toBe(before);

    const created = (await call('POST', '/admin/titles', { type: 'movie', name: 'Kept' })).json().data;
    const edit = await call('PATCH', `/admin/titles/${created.id}`, { name: 'Changed', views: 1000 });
    expect(edit.statusCode).toBe(422);
    expect(edit.json().errors).toEqual({ views: ['Unknown field: views'] });
    expect((await call('GET', `/admin/titles/${created.id}`)).json().data).toEqual(created);
  });

  it('is closed to members and visitors', async () => {
    const member = await signUp(server.app);
    const asMember = await server.app.inject({
      method: 'GET',
      url: '/api/v1/admin/titles',
      headers: member.auth,
    });
    expect(asMember.statusCode).toBe(403);
    const asVisitor = await server.app.inject({
      method: 'POST',
      url: '/api/v1/admin/titles',
      payload: { type: 'movie', name: 'Sneaky' },
    });
    expect(asVisitor.statusCode).toBe(401);
  });
});

describe('editing', () => {
  it('changes only the fields sent, replaces genres and cast, and keeps the audit before and after', async () => {
    const created = (
      await call('POST', '/admin/titles', {
        ...fullBody,
        name: 'Before',
        genre_ids: [drama],
        cast: [{ person_id: ada, job_title: 'Actor' }],
      })
    ).json().data;
    const res = await call('PATCH', `/admin/titles/${created.id}`, {
      name: 'After',
      genre_ids: [comedy],
      cast: [
        { person_id: ben, job_title: 'Writer' },
        { person_id: ada, job_title: 'Actor' },
      ],
      trailer: null,
      duration_minutes: null,
    });
    expect(res.statusCode).toBe(200);
    const updated = res.json().data;
    expect(updated).toMatchObject({
      name: 'After',
      description: fullBody.description,
      trailer: null,
      duration_minutes: null,
      genres: [{ id: comedy, name: 'Comedy' }],
    });
    expect(updated.cast.map((entry: { person_id: number }) => entry.person_id)).toEqual([ben, ada]);
    const audit = await server.app.ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'title.update')
      .where('entity_id', '=', String(created.id))
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.before!)).toMatchObject({ name: 'Before', genre_ids: [drama] });
    expect(JSON.parse(audit.after!)).toMatchObject({ name: 'After', genre_ids: [comedy], trailer: null });
  });

  it('says publish and unpublish in its message when only the flag changes', async () => {
    const created = (await call('POST', '/admin/titles', { type: 'movie', name: 'Flagged' })).json().data;
    const published = await call('PATCH', `/admin/titles/${created.id}`, { is_published: true });
    expect(published.json()).toMatchObject({ message: M.published, data: { is_published: true } });
    const unpublished = await call('PATCH', `/admin/titles/${created.id}`, { is_published: false });
    expect(unpublished.json()).toMatchObject({ message: M.unpublished, data: { is_published: false } });
  });

  it('keeps a show with seasons a show', async () => {
    const show = (await call('POST', '/admin/titles', { type: 'tvshow', name: 'Seasoned' })).json().data;
    expect((await call('POST', `/admin/titles/${show.id}/seasons`, {})).statusCode).toBe(201);
    const res = await call('PATCH', `/admin/titles/${show.id}`, { type: 'movie' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.type).toEqual([M.showHasSeasons]);
  });
});

describe('the list', () => {
  let listIds: Record<string, number>;
  beforeAll(async () => {
    listIds = {};
    const make = async (name: string, fields: Record<string, unknown>) => {
      const res = await call('POST', '/admin/titles', { name, ...fields });
      expect(res.statusCode).toBe(201);
      listIds[name] = res.json().data.id;
    };
    await make('Zeta Listing', {
      type: 'movie',
      genre_ids: [drama],
      is_published: true,
      release_date: '2019-01-01',
    });
    await make('alpha listing', { type: 'movie', genre_ids: [comedy], release_date: '2023-01-01' });
    await make('Mid Listing 100%', { type: 'tvshow', genre_ids: [drama, comedy], is_published: true });
    await server.app.ctx.db
      .updateTable('titles')
      .set({ view_count: 50 })
      .where('id', '=', listIds['alpha listing']!)
      .execute();
    await server.app.ctx.db
      .insertInto('videos')
      .values({
        title_id: listIds['Zeta Listing']!,
        episode_id: null,
        kind: 'main',
        type: 'hls',
        url: '/media/private/videos/1/master.m3u8',
        quality: null,
        status: 'ready',
        source_path: null,
        duration_seconds: 60,
        position: 0,
        created_at: Date.now(),
        job_id: null,
        last_error: null,
      })
      .execute();
  });

  const names = async (query: string) => {
    const res = await call('GET', `/admin/titles?search=listing&${query}`);
    expect(res.statusCode).toBe(200);
    return res.json().data.items.map((row: { name: string }) => row.name);
  };

  it('searches by part of the name in any case, LIKE characters taken literally', async () => {
    expect(await names('sort=name&order=asc')).toEqual(['alpha listing', 'Mid Listing 100%', 'Zeta Listing']);
    const percent = await call('GET', '/admin/titles?search=100%25');
    expect(percent.json().data.items.map((row: { name: string }) => row.name)).toEqual(['Mid Listing 100%']);
  });

  it('filters by type, genre, published and video', async () => {
    expect(await names('type=tvshow')).toEqual(['Mid Listing 100%']);
    expect(await names(`genre_id=${comedy}&sort=name&order=asc`)).toEqual([
      'alpha listing',
      'Mid Listing 100%',
    ]);
    expect(await names('published=false')).toEqual(['alpha listing']);
    expect(await names('has_video=true')).toEqual(['Zeta Listing']);
    expect(await names('has_video=false&sort=name&order=asc')).toEqual(['alpha listing', 'Mid Listing 100%']);
  });

  it('sorts by release date (undated last), views and creation, and pages with a total', async () => {
    expect(await names('sort=release_date&order=desc')).toEqual([
      'alpha listing',
      'Zeta Listing',
      'Mid Listing 100%',
    ]);
    expect(await names('sort=release_date&order=asc')).toEqual([
      'Zeta Listing',
      'alpha listing',
      'Mid Listing 100%',
    ]);
    expect((await names('sort=views&order=desc'))[0]).toBe('alpha listing');
    expect(await names('sort=created&order=asc')).toEqual([
      'Zeta Listing',
      'alpha listing',
      'Mid Listing 100%',
    ]);
    const page = (
      await call('GET', '/admin/titles?search=listing&sort=name&order=asc&per_page=2&page=2')
    ).json().data;
    expect(page).toMatchObject({ total: 3, page: 2, per_page: 2 });
    expect(page.items.map((row: { name: string }) => row.name)).toEqual(['Zeta Listing']);
  });

  it('shows genres, the published flag, the video state and views on each row', async () => {
    const rows = (await call('GET', '/admin/titles?search=listing&sort=name&order=asc')).json().data.items;
    expect(rows[0]).toMatchObject({
      name: 'alpha listing',
      is_published: false,
      video_state: 'none',
      views: 50,
    });
    expect(rows[1]).toMatchObject({ type: 'tvshow', episodes: { total: 0, ready: 0 } });
    expect(rows[1].genres.map((genre: { name: string }) => genre.name)).toEqual(['Comedy', 'Drama']);
    expect(rows[2]).toMatchObject({ is_published: true, video_state: 'ready', episodes: null });
  });
});

describe('bulk publish and unpublish', () => {
  it('changes every title named and audits each change', async () => {
    const ids = await Promise.all(
      ['Bulk A', 'Bulk B'].map(
        async (name) =>
          (await call('POST', '/admin/titles', { type: 'movie', name })).json().data.id as number,
      ),
    );
    const res = await call('POST', '/admin/titles/bulk', { ids, action: 'publish' });
    expect(res.json()).toMatchObject({ data: { updated: 2 }, message: M.bulkPublished(2) });
    const again = await call('POST', '/admin/titles/bulk', { ids, action: 'publish' });
    expect(again.json().data.updated).toBe(0);
    const audits = await server.app.ctx.db
      .selectFrom('audit_log')
      .select('entity_id')
      .where('action', '=', 'title.publish')
      .execute();
    expect(audits.map((row) => Number(row.entity_id)).sort()).toEqual([...ids].sort());
  });

  it('changes nothing when any id is unknown, and refuses an empty or unknown action', async () => {
    const id = (await call('POST', '/admin/titles', { type: 'movie', name: 'Bulk C' })).json().data.id;
    const res = await call('POST', '/admin/titles/bulk', { ids: [id, 999999], action: 'publish' });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(M.bulkUnknownTitles);
    expect((await call('GET', `/admin/titles/${id}`)).json().data.is_published).toBe(false);
    expect((await call('POST', '/admin/titles/bulk', { ids: [], action: 'publish' })).statusCode).toBe(422);
    expect((await call('POST', '/admin/titles/bulk', { ids: [id], action: 'archive' })).statusCode).toBe(422);
    const extra = await call('POST', '/admin/titles/bulk', { ids: [id], action: 'publish', notify: true });
    expect(extra.statusCode).toBe(422);
    expect(extra.json().message).toBe('Unknown field: notify');
    expect((await call('GET', `/admin/titles/${id}`)).json().data.is_published).toBe(false);
  });
});

describe('images', () => {
  it('stores a poster and a thumbnail checked by their bytes, and deletes the ones they replace', async () => {
    const id = (await call('POST', '/admin/titles', { type: 'movie', name: 'Pictured' })).json().data.id;
    const upload = async (parts: Parameters<typeof multipart>[0]) => {
      const form = multipart(parts);
      return server.app.inject({
        method: 'POST',
        url: `/api/v1/admin/titles/${id}/images`,
        headers: { ...admin.auth, ...form.headers },
        payload: form.payload,
      });
    };
    const first = await upload([
      { name: 'poster', value: await png(1000, 1500), filename: 'p.png', contentType: 'image/png' },
      { name: 'thumbnail', value: await png(1920, 1080), filename: 't.png', contentType: 'image/png' },
    ]);
    expect(first.statusCode).toBe(200);
    const { poster_image: poster, thumbnail_image: thumbnail } = first.json().data;
    expect(poster).toMatch(/^\/media\/uploads\/titles\/[0-9a-f]{32}\.webp$/);
    const file = (url: string) => path.join(server.config.dataDir, url.replace(/^\//, ''));
    const meta = await sharp(file(poster)).metadata();
    expect([meta.width, meta.height]).toEqual([800, 1200]);

    const second = await upload([
      { name: 'poster', value: await png(400, 600), filename: 'p2.png', contentType: 'image/png' },
    ]);
    expect(second.json().data.thumbnail_image).toBe(thumbnail);
    expect(existsSync(file(poster))).toBe(false);
    expect(existsSync(file(second.json().data.poster_image))).toBe(true);

    const notImage = await upload([
      {
        name: 'poster',
        value: Buffer.from('GIF89a but not really'),
        filename: 'x.gif',
        contentType: 'image/gif',
      },
    ]);
    expect(notImage.statusCode).toBe(415);
    const withText = await upload([
      { name: 'poster', value: await png(400, 600), filename: 'p3.png', contentType: 'image/png' },
      { name: 'caption', value: 'text' },
    ]);
    expect(withText.statusCode).toBe(422);
    expect(withText.json().errors).toEqual({ caption: ['Unknown field: caption'] });
    const none = await upload([{ name: 'other', value: 'text' }]);
    expect(none.statusCode).toBe(422);
    expect((await call('GET', `/admin/titles/${id}`)).json().data.poster_image).toBe(
      second.json().data.poster_image,
    );
  });
});

describe('deleting', () => {
  it('deletes the title with its cast, genres, seasons and videos, and frees its files', async () => {
    const show = (
      await call('POST', '/admin/titles', {
        type: 'tvshow',
        name: 'Doomed',
        genre_ids: [drama],
        cast: [{ person_id: ada, job_title: 'Actor' }],
      })
    ).json().data;
    const season = (await call('POST', `/admin/titles/${show.id}/seasons`, {})).json().data;
    const episode = (await call('POST', `/admin/seasons/${season.id}/episodes`, { name: 'Pilot' })).json()
      .data;
    const { files } = server.app.ctx;
    const { Readable } = await import('node:stream');
    const video = await server.app.ctx.db
      .insertInto('videos')
      .values({
        title_id: null,
        episode_id: episode.id,
        kind: 'main',
        type: 'hls',
        url: '',
        quality: null,
        status: 'ready',
        source_path: null,
        duration_seconds: 60,
        position: 0,
        created_at: Date.now(),
        job_id: null,
        last_error: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const tree = `private/videos/${video.id}`;
    await server.app.ctx.db
      .updateTable('videos')
      .set({ url: `/media/${tree}/master.m3u8` })
      .where('id', '=', video.id)
      .execute();
    await files.write(`${tree}/master.m3u8`, Readable.from(['#EXTM3U\n']));
    await files.write(`${tree}/360p/index.m3u8`, Readable.from(['#EXTM3U\n']));

    const res = await call('DELETE', `/admin/titles/${show.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(M.deleted);
    expect((await call('GET', `/admin/titles/${show.id}`)).statusCode).toBe(404);
    expect(await files.list(tree)).toEqual([]);
    const db = server.app.ctx.db;
    expect(await db.selectFrom('episodes').select('id').where('id', '=', episode.id).execute()).toEqual([]);
    expect(await db.selectFrom('videos').select('id').where('id', '=', video.id).execute()).toEqual([]);
    expect(
      await db.selectFrom('title_cast').select('person_id').where('title_id', '=', show.id).execute(),
    ).toEqual([]);
    const audit = await db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'title.delete')
      .where('entity_id', '=', String(show.id))
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.before!)).toMatchObject({ name: 'Doomed' });
    expect(audit.after).toBeNull();
  });

  it('keeps a video tree that another title still plays', async () => {
    const { files, db } = server.app.ctx;
    const { Readable } = await import('node:stream');
    const [owner, sharer] = await Promise.all(
      ['Owner', 'Sharer'].map(
        async (name) =>
          (await call('POST', '/admin/titles', { type: 'movie', name })).json().data.id as number,
      ),
    );
    const url = '/media/private/videos/424242/master.m3u8';
    for (const titleId of [owner, sharer]) {
      await db
        .insertInto('videos')
        .values({
          title_id: titleId,
          episode_id: null,
          kind: 'main',
          type: 'hls',
          url,
          quality: null,
          status: 'ready',
          source_path: null,
          duration_seconds: 60,
          position: 0,
          created_at: Date.now(),
          job_id: null,
          last_error: null,
        })
        .execute();
    }
    await files.write('private/videos/424242/master.m3u8', Readable.from(['#EXTM3U\n']));
    expect((await call('DELETE', `/admin/titles/${owner}`)).statusCode).toBe(200);
    expect((await files.list('private/videos/424242')).length).toBe(1);
    expect((await call('DELETE', `/admin/titles/${sharer}`)).statusCode).toBe(200);
    expect(await files.list('private/videos/424242')).toEqual([]);
  });

  it('frees a trailer tree, a scratch folder and an uploaded source with the title', async () => {
    const { files, db, config } = server.app.ctx;
    const { Readable } = await import('node:stream');
    const { mkdirSync, writeFileSync, existsSync } = await import('node:fs');
    const path = await import('node:path');
    const titleId = (await call('POST', '/admin/titles', { type: 'movie', name: 'With trailer' })).json().data
      .id as number;
    const source = path.join(config.dataDir, 'sources', `upload-${titleId}.mp4`);
    mkdirSync(path.dirname(source), { recursive: true });
    writeFileSync(source, 'not really a video');
    const video = await db
      .insertInto('videos')
      .values({
        title_id: titleId,
        episode_id: null,
        kind: 'trailer',
        type: 'hls',
        url: '',
        quality: null,
        status: 'processing',
        source_path: source,
        duration_seconds: 60,
        position: 0,
        created_at: Date.now(),
        job_id: null,
        last_error: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .updateTable('videos')
      .set({ url: `/media/trailers/${video.id}/master.m3u8` })
      .where('id', '=', video.id)
      .execute();
    await files.write(`trailers/${video.id}/master.m3u8`, Readable.from(['#EXTM3U\n']));
    const scratch = path.join(config.dataDir, 'tmp', 'transcode', String(video.id));
    mkdirSync(scratch, { recursive: true });

    expect((await call('DELETE', `/admin/titles/${titleId}`)).statusCode).toBe(200);
    expect(await files.list(`trailers/${video.id}`)).toEqual([]);
    expect(existsSync(scratch)).toBe(false);
    expect(existsSync(source)).toBe(false);
  });
});
