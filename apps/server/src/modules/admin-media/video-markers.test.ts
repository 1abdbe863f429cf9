import {
  API_BASE,
  MarkerMessages,
  type Marker,
  type MovieDetail,
  type VideoMarkers,
} from '@reeltime/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertShow, insertTitle } from '../../media/media.fixtures';
import { startTestServer, type TestServer } from '../../testing/app';
import { subscribe } from '../../testing/billing';
import { signUp, signUpAdmin } from '../../testing/http';

const VIDEOS = `${API_BASE}/admin/videos`;

let server: TestServer;
let admin: Awaited<ReturnType<typeof signUpAdmin>>;
let member: Awaited<ReturnType<typeof signUp>>;
let show: { titleId: number; episodeIds: number[] };
let movieId: number;
let episodeVideo: number;
let movieVideo: number;
let pendingVideo: number;

const db = () => server.app.ctx.db;

/** A transcoded video of ours: ready, ten minutes long, at its own stream folder. */
async function insertVideo(target: { titleId?: number; episodeId?: number }, ready = true): Promise<number> {
  const row = await db()
    .insertInto('videos')
    .values({
      title_id: target.titleId ?? null,
      episode_id: target.episodeId ?? null,
      kind: 'main',
      type: 'hls',
      url: '',
      quality: 'auto',
      status: ready ? 'ready' : 'pending',
      source_path: null,
      duration_seconds: ready ? 600 : null,
      position: 0,
      created_at: Date.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (ready)
    await db()
      .updateTable('videos')
      .set({ url: `/media/private/videos/${row.id}/master.m3u8` })
      .where('id', '=', row.id)
      .execute();
  return row.id;
}

const put = (id: number, body: unknown, auth = admin.auth) =>
  server.app.inject({
    method: 'PUT',
    url: `${VIDEOS}/${id}/markers`,
    headers: auth,
    payload: body as object,
  });
const get = (id: number, auth = admin.auth) =>
  server.app.inject({ method: 'GET', url: `${VIDEOS}/${id}/markers`, headers: auth });

const stored = (id: number) =>
  db().selectFrom('video_markers').selectAll().where('video_id', '=', id).orderBy('start_seconds').execute();

beforeAll(async () => {
  server = await startTestServer();
  admin = await signUpAdmin(server.app);
  member = await signUp(server.app);
  await subscribe(server.app, member.id);
  show = await insertShow(db(), 2);
  movieId = await insertTitle(db());
  episodeVideo = await insertVideo({ episodeId: show.episodeIds[0]! });
  movieVideo = await insertVideo({ titleId: movieId });
  pendingVideo = await insertVideo({ episodeId: show.episodeIds[1]! }, false);
});
afterAll(() => server.close());

describe('a video’s markers in the console', () => {
  it('start empty, with the duration and the signed seek-preview thumbnails', async () => {
    const res = await get(episodeVideo);
    expect(res.statusCode).toBe(200);
    const data = res.json().data as VideoMarkers;
    expect(data).toMatchObject({ video_id: episodeVideo, duration_seconds: 600, markers: [] });
    expect(data.thumbnails_url).toMatch(
      new RegExp(`^/media/s/\\d+/\\d+/[\\w-]+/videos/${episodeVideo}/thumbs\\.vtt$`),
    );
  });

  it('are replaced as a whole, kept by start, and audited with what they were and became', async () => {
    const markers: Marker[] = [
      { type: 'credits', start: 560, end: 600 },
      { type: 'intro', start: 10.5, end: 70.25 },
      { type: 'recap', start: 0, end: 10.5 },
    ];
    const res = await put(episodeVideo, { markers });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MarkerMessages.saved);
    expect((res.json().data as VideoMarkers).markers.map((marker) => marker.type)).toEqual([
      'recap',
      'intro',
      'credits',
    ]);
    expect((await stored(episodeVideo)).map((row) => [row.type, row.start_seconds, row.end_seconds])).toEqual(
      [
        ['recap', 0, 10.5],
        ['intro', 10.5, 70.25],
        ['credits', 560, 600],
      ],
    );

    const entry = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'video.markers')
      .where('entity_id', '=', String(episodeVideo))
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(entry.actor_email).toBe(admin.email);
    expect(entry.entity_type).toBe('video');
    expect(JSON.parse(entry.before!)).toEqual({ markers: [] });
    expect(JSON.parse(entry.after!).markers).toHaveLength(3);

    const cleared = await put(episodeVideo, { markers: [{ type: 'intro', start: 5, end: 35 }] });
    expect(cleared.statusCode).toBe(200);
    expect((await stored(episodeVideo)).map((row) => row.type)).toEqual(['intro']);
  });

  const BAD: Array<[string, unknown, Record<string, string[]>]> = [
    [
      'a start after its end',
      [{ type: 'intro', start: 90, end: 30 }],
      { 'markers.0.end': [MarkerMessages.endBeforeStart('intro')] },
    ],
    [
      'a start equal to its end',
      [{ type: 'recap', start: 30, end: 30 }],
      { 'markers.0.end': [MarkerMessages.endBeforeStart('recap')] },
    ],
    [
      'a marker past the end of the video',
      [{ type: 'credits', start: 580, end: 620 }],
      { 'markers.0.end': [MarkerMessages.pastEnd('credits', '10:00')] },
    ],
    [
      'two overlapping markers',
      [
        { type: 'recap', start: 0, end: 40 },
        { type: 'intro', start: 30, end: 90 },
      ],
      { 'markers.1.start': [MarkerMessages.overlap('intro', 'recap')] },
    ],
    [
      'two markers of one type',
      [
        { type: 'intro', start: 0, end: 20 },
        { type: 'intro', start: 40, end: 60 },
      ],
      { 'markers.1.type': [MarkerMessages.duplicate('intro')] },
    ],
    [
      'several problems at once, each named',
      [
        { type: 'intro', start: 50, end: 20 },
        { type: 'credits', start: 500, end: 700 },
        { type: 'recap', start: 450, end: 550 },
      ],
      {
        'markers.0.end': [MarkerMessages.endBeforeStart('intro')],
        'markers.1.end': [MarkerMessages.pastEnd('credits', '10:00')],
        'markers.2.start': [MarkerMessages.overlap('recap', 'credits')],
      },
    ],
    ['an unknown type', [{ type: 'outro', start: 0, end: 10 }], { 'markers.0.type': [MarkerMessages.type] }],
    [
      'a negative start',
      [{ type: 'intro', start: -1, end: 10 }],
      { 'markers.0.start': [MarkerMessages.seconds] },
    ],
    [
      'a time that is not a number',
      [{ type: 'intro', start: 'soon', end: 10 }],
      { 'markers.0.start': [MarkerMessages.seconds] },
    ],
    [
      'more markers than types',
      [
        { type: 'intro', start: 0, end: 1 },
        { type: 'recap', start: 2, end: 3 },
        { type: 'credits', start: 4, end: 5 },
        { type: 'intro', start: 6, end: 7 },
      ],
      { markers: [MarkerMessages.tooMany] },
    ],
  ];

  it.each(BAD)(
    'refuse %s with a 422 naming each problem, storing nothing',
    async (_name, markers, errors) => {
      const before = await stored(movieVideo);
      const res = await put(movieVideo, { markers });
      expect(res.statusCode).toBe(422);
      const body = res.json() as { message: string; errors: Record<string, string[]> };
      expect(body.errors).toEqual(errors);
      expect(body.message).toBe(Object.values(errors)[0]![0]);
      expect(await stored(movieVideo)).toEqual(before);
    },
  );

  it('may touch without overlapping', async () => {
    const res = await put(movieVideo, {
      markers: [
        { type: 'recap', start: 0, end: 30 },
        { type: 'intro', start: 30, end: 60 },
      ],
    });
    expect(res.statusCode).toBe(200);
  });

  it('need the video’s duration, and a video that exists', async () => {
    const pending = await put(pendingVideo, { markers: [{ type: 'intro', start: 0, end: 10 }] });
    expect(pending.statusCode).toBe(409);
    expect(pending.json().message).toBe(MarkerMessages.durationUnknown);
    expect((await get(pendingVideo)).json().data).toMatchObject({
      duration_seconds: null,
      thumbnails_url: null,
    });
    expect((await put(999_999, { markers: [] })).statusCode).toBe(404);
    expect((await get(999_999)).statusCode).toBe(404);
  });

  it('are the console’s alone', async () => {
    expect((await get(episodeVideo, member.auth)).statusCode).toBe(403);
    expect((await put(episodeVideo, { markers: [] }, member.auth)).statusCode).toBe(403);
  });

  it('go with their video', async () => {
    const doomed = await insertVideo({ titleId: await insertTitle(db()) });
    expect((await put(doomed, { markers: [{ type: 'intro', start: 0, end: 5 }] })).statusCode).toBe(200);
    const res = await server.app.inject({
      method: 'DELETE',
      url: `${VIDEOS}/${doomed}`,
      headers: admin.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(await stored(doomed)).toEqual([]);
  });
});

describe('movie-details', () => {
  const details = async (id: number, auth?: Record<string, string>) => {
    const res = await server.app.inject({
      method: 'GET',
      url: `${API_BASE}/user/movie-details/${id}`,
      ...(auth ? { headers: auth } : {}),
    });
    expect(res.statusCode).toBe(200);
    return res.json().data as MovieDetail;
  };

  it('hands a member each playable video’s markers, by start', async () => {
    await put(episodeVideo, {
      markers: [
        { type: 'credits', start: 570, end: 600 },
        { type: 'intro', start: 5, end: 35 },
      ],
    });
    const detail = await details(show.titleId, member.auth);
    const [first, second] = detail.seasons![0]!.episodes;
    expect(first!.video_links[0]!.markers).toEqual([
      { type: 'intro', start: 5, end: 35 },
      { type: 'credits', start: 570, end: 600 },
    ]);
    // The second episode's video is not playable yet: no link, so no markers.
    expect(second!.video_links).toEqual([]);

    const movie = await details(movieId, member.auth);
    expect(movie.video_links[0]!.markers).toEqual([
      { type: 'recap', start: 0, end: 30 },
      { type: 'intro', start: 30, end: 60 },
    ]);
  });

  it('gives visitors no links and so no markers', async () => {
    const detail = await details(show.titleId);
    expect(detail.seasons![0]!.episodes[0]!.video_links).toEqual([]);
  });
});
