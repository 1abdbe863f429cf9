import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminTitlesMessages as M } from '@reeltime/contract';
import { startTestServer, type TestServer } from '../../testing/app';
import { multipart, signUpAdmin } from '../../testing/http';

let server: TestServer;
let admin: Awaited<ReturnType<typeof signUpAdmin>>;

beforeAll(async () => {
  server = await startTestServer();
  admin = await signUpAdmin(server.app);
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

const auditCount = async () =>
  Number(
    (
      await server.app.ctx.db
        .selectFrom('audit_log')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

async function newShow(name = 'The Long Watch'): Promise<number> {
  const res = await call('POST', '/admin/titles', { type: 'tvshow', name, is_published: true });
  expect(res.statusCode).toBe(201);
  return res.json().data.id;
}

const seasonsOf = async (titleId: number) =>
  (await call('GET', `/admin/titles/${titleId}`)).json().data.seasons as {
    id: number;
    season_number: number;
    name: string;
    episodes: { id: number; episode_number: number; name: string; video_state: string }[];
  }[];

describe('seasons', () => {
  it('adds seasons with the next number and a default name, or the ones given', async () => {
    const show = await newShow();
    const first = await call('POST', `/admin/titles/${show}/seasons`, {});
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      message: M.seasonCreated,
      data: { season_number: 1, name: 'Season 1', episodes: [] },
    });
    const named = await call('POST', `/admin/titles/${show}/seasons`, { season_number: 5, name: 'Finale' });
    expect(named.json().data).toMatchObject({ season_number: 5, name: 'Finale' });
    const next = await call('POST', `/admin/titles/${show}/seasons`, {});
    expect(next.json().data.season_number).toBe(6);
    expect((await seasonsOf(show)).map((season) => season.season_number)).toEqual([1, 5, 6]);
  });

  it('refuses a number already taken, a movie, bad numbers and unknown ids, writing nothing', async () => {
    const show = await newShow();
    const season = (await call('POST', `/admin/titles/${show}/seasons`, {})).json().data;
    const movie = (await call('POST', '/admin/titles', { type: 'movie', name: 'Solo' })).json().data.id;
    const audits = await auditCount();
    const taken = await call('POST', `/admin/titles/${show}/seasons`, { season_number: 1 });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.season_number).toEqual([M.seasonNumberTaken]);
    const forMovie = await call('POST', `/admin/titles/${movie}/seasons`, {});
    expect(forMovie.statusCode).toBe(422);
    expect(forMovie.json().message).toBe(M.seasonsOnlyForShows);
    for (const body of [
      { season_number: 0 },
      { season_number: 1.5 },
      { season_number: '2' },
      { name: 'x'.repeat(101) },
    ]) {
      expect(
        (await call('POST', `/admin/titles/${show}/seasons`, body)).statusCode,
        JSON.stringify(body),
      ).toBe(422);
    }
    expect((await call('POST', '/admin/titles/999999/seasons', {})).statusCode).toBe(404);
    expect((await call('PATCH', '/admin/seasons/999999', { name: 'x' })).statusCode).toBe(404);
    expect((await call('DELETE', '/admin/seasons/999999')).statusCode).toBe(404);
    expect((await call('PATCH', `/admin/seasons/${season.id}`, {})).statusCode).toBe(422);
    expect(await auditCount()).toBe(audits);
    expect((await seasonsOf(show)).length).toBe(1);
  });

  it('renames and renumbers a season, refusing a number another season has', async () => {
    const show = await newShow();
    const one = (await call('POST', `/admin/titles/${show}/seasons`, {})).json().data;
    await call('POST', `/admin/titles/${show}/seasons`, {});
    const renumbered = await call('PATCH', `/admin/seasons/${one.id}`, { season_number: 4 });
    expect(renumbered.json().data).toMatchObject({ name: 'Season 4', season_number: 4 });
    const renamed = await call('PATCH', `/admin/seasons/${one.id}`, { name: 'Origins', season_number: 7 });
    expect(renamed.json().data).toMatchObject({ name: 'Origins', season_number: 7 });
    const clash = await call('PATCH', `/admin/seasons/${one.id}`, { season_number: 2 });
    expect(clash.statusCode).toBe(422);
    expect(clash.json().errors.season_number).toEqual([M.seasonNumberTaken]);
  });

  it('reorders seasons by renumbering them, and refuses a list that is not every season once', async () => {
    const show = await newShow();
    const ids: number[] = [];
    for (let i = 0; i < 3; i += 1)
      ids.push((await call('POST', `/admin/titles/${show}/seasons`, {})).json().data.id);
    const reversed = [...ids].reverse();
    const res = await call('PUT', `/admin/titles/${show}/season-order`, { ids: reversed });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((season: { id: number }) => season.id)).toEqual(reversed);
    // Seasons still called by their number are renamed with it.
    expect(res.json().data.map((season: { name: string }) => season.name)).toEqual([
      'Season 1',
      'Season 2',
      'Season 3',
    ]);
    expect(res.json().data.map((season: { season_number: number }) => season.season_number)).toEqual([
      1, 2, 3,
    ]);
    for (const bad of [
      [ids[0], ids[1]],
      [...ids, 999999],
      [ids[0], ids[0], ids[1]],
    ]) {
      const refused = await call('PUT', `/admin/titles/${show}/season-order`, { ids: bad });
      expect(refused.statusCode).toBe(422);
    }
    expect((await seasonsOf(show)).map((season) => season.id)).toEqual(reversed);
  });
});

describe('episodes', () => {
  it('adds, edits, reorders and deletes episodes, each audited', async () => {
    const show = await newShow();
    const season = (await call('POST', `/admin/titles/${show}/seasons`, {})).json().data;
    const audits = await auditCount();
    const pilot = await call('POST', `/admin/seasons/${season.id}/episodes`, {
      name: 'Pilot',
      description: 'It starts.',
      duration_minutes: 42,
    });
    expect(pilot.statusCode).toBe(201);
    expect(pilot.json().data).toMatchObject({
      episode_number: 1,
      name: 'Pilot',
      duration_minutes: 42,
      video_state: 'none',
    });
    const second = (await call('POST', `/admin/seasons/${season.id}/episodes`, { name: 'Second' })).json()
      .data;
    expect(second.episode_number).toBe(2);

    const edited = await call('PATCH', `/admin/episodes/${second.id}`, {
      name: 'The Second',
      duration_minutes: null,
    });
    expect(edited.json().data).toMatchObject({
      name: 'The Second',
      duration_minutes: null,
      episode_number: 2,
    });
    const clash = await call('PATCH', `/admin/episodes/${second.id}`, { episode_number: 1 });
    expect(clash.json().errors.episode_number).toEqual([M.episodeNumberTaken]);

    const order = await call('PUT', `/admin/seasons/${season.id}/episode-order`, {
      ids: [second.id, pilot.json().data.id],
    });
    expect(order.json().data.map((episode: { name: string }) => episode.name)).toEqual([
      'The Second',
      'Pilot',
    ]);

    expect((await call('DELETE', `/admin/episodes/${second.id}`)).statusCode).toBe(200);
    expect((await seasonsOf(show))[0]!.episodes.map((episode) => episode.name)).toEqual(['Pilot']);
    expect(await auditCount()).toBe(audits + 5);
    expect((await call('PATCH', `/admin/episodes/${second.id}`, { name: 'x' })).statusCode).toBe(404);
  });

  it('refuses bad episode fields with 422 and writes nothing', async () => {
    const show = await newShow();
    const season = (await call('POST', `/admin/titles/${show}/seasons`, {})).json().data;
    const audits = await auditCount();
    for (const body of [
      {},
      { name: '' },
      { name: 'x'.repeat(201) },
      { name: 'Ok', episode_number: 0 },
      { name: 'Ok', duration_minutes: -3 },
      { name: 'Ok', description: 'x'.repeat(5001) },
      { name: 42 },
    ]) {
      const res = await call('POST', `/admin/seasons/${season.id}/episodes`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
    }
    expect((await call('POST', '/admin/seasons/999999/episodes', { name: 'Lost' })).statusCode).toBe(404);
    expect(await auditCount()).toBe(audits);
  });

  it('refuses a field no season or episode body takes, naming it, and changes nothing', async () => {
    const show = await newShow();
    const season = (await call('POST', `/admin/titles/${show}/seasons`, {})).json().data;
    const episode = (await call('POST', `/admin/seasons/${season.id}/episodes`, { name: 'Pilot' })).json()
      .data;
    const audits = await auditCount();
    const refusals: [Method, string, Record<string, unknown>][] = [
      ['POST', `/admin/titles/${show}/seasons`, { name: 'Extra', title_id: 1 }],
      ['PATCH', `/admin/seasons/${season.id}`, { name: 'Renamed', title_id: 1 }],
      ['PUT', `/admin/titles/${show}/season-order`, { ids: [season.id], title_id: 1 }],
      ['POST', `/admin/seasons/${season.id}/episodes`, { name: 'Extra', title_id: 1 }],
      ['PATCH', `/admin/episodes/${episode.id}`, { name: 'Renamed', title_id: 1 }],
      ['PUT', `/admin/seasons/${season.id}/episode-order`, { ids: [episode.id], title_id: 1 }],
    ];
    for (const [method, url, body] of refusals) {
      const res = await call(method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(422);
      expect(res.json()).toEqual({
        status: false,
        message: 'Unknown field: title_id',
        errors: { title_id: ['Unknown field: title_id'] },
      });
    }
    const form = multipart([
      {
        name: 'thumbnail',
        value: await sharp({ create: { width: 64, height: 36, channels: 3, background: '#336699' } })
          .jpeg()
          .toBuffer(),
        filename: 'e.jpg',
        contentType: 'image/jpeg',
      },
      { name: 'alt', value: 'A still' },
    ]);
    const thumbnail = await server.app.inject({
      method: 'POST',
      url: `/api/v1/admin/episodes/${episode.id}/thumbnail`,
      headers: { ...admin.auth, ...form.headers },
      payload: form.payload,
    });
    expect(thumbnail.statusCode).toBe(422);
    expect(thumbnail.json().message).toBe('Unknown field: alt');
    expect(await auditCount()).toBe(audits);
    expect(await seasonsOf(show)).toMatchObject([
      { id: season.id, name: season.name, episodes: [{ id: episode.id, name: 'Pilot' }] },
    ]);
  });

  it("shows each episode's video state", async () => {
    const show = await newShow();
    const season = (await call('POST', `/admin/titles/${show}/seasons`, {})).json().data;
    const episode = (await call('POST', `/admin/seasons/${season.id}/episodes`, { name: 'Filmed' })).json()
      .data;
    await server.app.ctx.db
      .insertInto('videos')
      .values({
        title_id: null,
        episode_id: episode.id,
        kind: 'main',
        type: 'hls',
        url: '',
        quality: null,
        status: 'processing',
        source_path: null,
        duration_seconds: null,
        position: 0,
        created_at: Date.now(),
        job_id: null,
        last_error: null,
      })
      .execute();
    expect((await seasonsOf(show))[0]!.episodes[0]!.video_state).toBe('processing');
    const row = (
      await call('GET', `/admin/titles?search=${encodeURIComponent('The Long Watch')}&type=tvshow`)
    )
      .json()
      .data.items.find((item: { id: number }) => item.id === show);
    expect(row).toMatchObject({ video_state: 'processing', episodes: { total: 1, ready: 0 } });
  });

  it("stores an episode's thumbnail checked by its bytes", async () => {
    const show = await newShow();
    const season = (await call('POST', `/admin/titles/${show}/seasons`, {})).json().data;
    const episode = (await call('POST', `/admin/seasons/${season.id}/episodes`, { name: 'Pictured' })).json()
      .data;
    const image = await sharp({ create: { width: 640, height: 360, channels: 3, background: '#336699' } })
      .jpeg()
      .toBuffer();
    const form = multipart([
      { name: 'thumbnail', value: image, filename: 'e.jpg', contentType: 'image/jpeg' },
    ]);
    const res = await server.app.inject({
      method: 'POST',
      url: `/api/v1/admin/episodes/${episode.id}/thumbnail`,
      headers: { ...admin.auth, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.thumbnail_image).toMatch(/^\/media\/uploads\/episodes\/[0-9a-f]{32}\.webp$/);
  });

  it('deleting a season deletes its episodes and the progress members had in them', async () => {
    const show = await newShow();
    const season = (await call('POST', `/admin/titles/${show}/seasons`, {})).json().data;
    const episode = (await call('POST', `/admin/seasons/${season.id}/episodes`, { name: 'Gone' })).json()
      .data;
    const db = server.app.ctx.db;
    await db
      .insertInto('playback_progress')
      .values({
        user_id: admin.id,
        profile_id: admin.profileId,
        title_id: show,
        episode_id: episode.id,
        position_seconds: 30,
        duration_seconds: 600,
        finished: 0,
        updated_at: Date.now(),
      })
      .execute();
    const res = await call('DELETE', `/admin/seasons/${season.id}`);
    expect(res.json().message).toBe(M.seasonDeleted);
    expect(await seasonsOf(show)).toEqual([]);
    expect(
      await db.selectFrom('playback_progress').select('id').where('episode_id', '=', episode.id).execute(),
    ).toEqual([]);
  });
});
