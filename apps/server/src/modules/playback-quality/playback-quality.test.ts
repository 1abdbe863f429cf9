import {
  API_BASE,
  PlaybackQualityMessages,
  QUALITY_BATCHES_PER_MINUTE,
  START_TIME_TARGET_MS,
  type AdminPlaybackQuality,
  type PlayQualityReport,
} from '@reeltime/contract';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoDay } from '../../lib/time';
import { insertShow, insertTitle } from '../../media/media.fixtures';
import { startTestServer, type TestServer } from '../../testing/app';
import { signUp, signUpAdmin } from '../../testing/http';
import { percentile } from './playback-quality.figures';

let server: TestServer;
let member: Awaited<ReturnType<typeof signUp>>;
let admin: Awaited<ReturnType<typeof signUpAdmin>>;
let movie: number;
let show: { titleId: number; episodeIds: number[] };

beforeAll(async () => {
  server = await startTestServer();
  member = await signUp(server.app, { first_name: 'Mina' });
  admin = await signUpAdmin(server.app, { first_name: 'Ada' });
  movie = await insertTitle(server.app.ctx.db, { name: 'Night Train' });
  show = await insertShow(server.app.ctx.db, 2);
});
afterAll(() => server.close());

const storedReports = () => server.app.ctx.db.selectFrom('play_quality_reports').selectAll().execute();

function report(fields: Partial<PlayQualityReport> = {}): PlayQualityReport {
  return {
    play_id: randomBytes(12).toString('hex'),
    entertainment_id: movie,
    device_class: 'desktop',
    start_ms: 800,
    failure: null,
    played_ms: 60_000,
    stall_count: 0,
    stall_ms: 0,
    average_bitrate_kbps: 1800,
    renditions: [240, 720],
    ...fields,
  };
}

function send(payload: unknown, auth: Record<string, string> = member.auth) {
  return server.app.inject({
    method: 'POST',
    url: `${API_BASE}/user/playback-quality`,
    headers: auth,
    payload: payload as object,
  });
}

/** A member of their own, so that a test's batches never meet another test's rate limit. */
const freshMember = () => signUp(server.app, { first_name: 'Rae' });

function figures(query = '', auth: Record<string, string> = admin.auth) {
  return server.app.inject({ url: `${API_BASE}/admin/playback-quality${query}`, headers: auth });
}

describe('POST /user/playback-quality', () => {
  it('is for members only', async () => {
    expect((await send({ reports: [report()] }, {})).statusCode).toBe(401);
  });

  it('stores a batch with the member and title ids, and counts a play reported twice once', async () => {
    const first = report({ stall_count: 2, stall_ms: 1500 });
    const second = report({ entertainment_id: show.titleId, episode_id: show.episodeIds[1]! });
    const res = await send({ reports: [first, second] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: true,
      message: PlaybackQualityMessages.reportsSaved,
      data: { saved: 2 },
    });
    const rows = await storedReports();
    const stored = rows.find((row) => row.play_id === first.play_id)!;
    expect(stored).toMatchObject({
      user_id: member.id,
      title_id: movie,
      episode_id: null,
      device_class: 'desktop',
      start_ms: 800,
      failure: null,
      stall_count: 2,
      stall_ms: 1500,
      renditions: '240,720',
      day: isoDay(),
    });
    expect(rows.find((row) => row.play_id === second.play_id)).toMatchObject({
      title_id: show.titleId,
      episode_id: show.episodeIds[1],
    });

    const again = await send({ reports: [first] });
    expect(again.json().data).toEqual({ saved: 0 });
    expect(await storedReports()).toHaveLength(rows.length);
  });

  it.each([
    ['both a start time and a failure', { failure: 'manifestLoadError' }],
    ['neither a start time nor a failure', { start_ms: null }],
    ['stalls without their length', { stall_count: 3, stall_ms: 0 }],
    ['a stall length without stalls', { stall_ms: 900 }],
    ['a negative time', { played_ms: -1 }],
    ['a start slower than two minutes', { start_ms: 120_001 }],
    ['an unknown device class', { device_class: 'fridge' }],
    ['a failure code with spaces and markup', { start_ms: null, failure: '<script>alert(1)</script>' }],
    ['a rendition taller than 4320 px', { renditions: [240, 9000] }],
    ['a play id that is too short', { play_id: 'abc' }],
    ['a field reports do not take', { ip_address: '10.0.0.1' }],
    ['a fractional number of milliseconds', { played_ms: 12.5 }],
  ])('refuses a report with %s (422), storing nothing of the batch', async (_, fields) => {
    const before = (await storedReports()).length;
    const { auth } = await freshMember();
    const res = await send({ reports: [report(), { ...report(), ...fields }] }, auth);
    expect(res.statusCode).toBe(422);
    expect(res.json().status).toBe(false);
    expect(Object.keys(res.json().errors).some((field) => field.startsWith('reports.1'))).toBe(true);
    expect(await storedReports()).toHaveLength(before);
  });

  it('refuses an empty batch and one of more than 20 reports', async () => {
    const { auth } = await freshMember();
    expect((await send({ reports: [] }, auth)).statusCode).toBe(422);
    expect((await send({ reports: Array.from({ length: 21 }, () => report()) }, auth)).statusCode).toBe(422);
    expect((await send({}, auth)).statusCode).toBe(422);
  });

  it('refuses a batch naming a title or episode that does not exist or is not published, storing nothing', async () => {
    const hidden = await insertTitle(server.app.ctx.db, { is_published: 0 });
    const other = await insertShow(server.app.ctx.db, 1);
    const before = (await storedReports()).length;
    const { auth } = await freshMember();
    for (const forged of [
      { entertainment_id: 987_654 },
      { entertainment_id: hidden },
      { entertainment_id: show.titleId, episode_id: other.episodeIds[0]! },
    ]) {
      const res = await send({ reports: [report(), report(forged)] }, auth);
      expect(res.statusCode, JSON.stringify(forged)).toBe(422);
      expect(res.json().message).toBe(PlaybackQualityMessages.unknownTitle(1));
    }
    expect(await storedReports()).toHaveLength(before);
  });

  it(`takes at most ${QUALITY_BATCHES_PER_MINUTE} batches a minute from one account`, async () => {
    const flooder = await signUp(server.app, { first_name: 'Flo' });
    for (let batch = 0; batch < QUALITY_BATCHES_PER_MINUTE; batch++) {
      expect((await send({ reports: [report()] }, flooder.auth)).statusCode).toBe(200);
    }
    const refused = await send({ reports: [report()] }, flooder.auth);
    expect(refused.statusCode).toBe(429);
    const stored = await server.app.ctx.db
      .selectFrom('play_quality_reports')
      .select(({ fn }) => fn.countAll<number>().as('count'))
      .where('user_id', '=', flooder.id)
      .executeTakeFirstOrThrow();
    expect(Number(stored.count)).toBe(QUALITY_BATCHES_PER_MINUTE);
    // Another member is not held back by it.
    expect((await send({ reports: [report()] }, (await freshMember()).auth)).statusCode).toBe(200);
  });
});

describe('GET /admin/playback-quality', () => {
  it('is for admins only, and takes a period of 7, 30 or 90 days', async () => {
    expect((await figures('', member.auth)).statusCode).toBe(403);
    expect((await figures('?days=5')).statusCode).toBe(422);
    const week = await figures('?days=7');
    expect(week.statusCode).toBe(200);
    const body = week.json().data as AdminPlaybackQuality;
    expect(body.days).toBe(7);
    expect(body.per_day).toHaveLength(7);
    expect(body.per_day.at(-1)!.day).toBe(isoDay());
    expect(body.target_start_ms).toBe(START_TIME_TARGET_MS);
  });

  it('gives start-time percentiles, the rebuffer ratio, failures by title and device, and the worst titles', async () => {
    const fresh = await startTestServer();
    try {
      const viewer = await signUp(fresh.app, { first_name: 'Vic' });
      const operator = await signUpAdmin(fresh.app, { first_name: 'Op' });
      const smooth = await insertTitle(fresh.app.ctx.db, { name: 'Smooth Sailing' });
      const broken = await insertTitle(fresh.app.ctx.db, { name: 'Broken Reel' });
      const starts = [400, 600, 800, 1000, 1200, 1400, 1600, 1800, 2000, 5000];
      const reports: PlayQualityReport[] = [
        ...starts.map((start_ms) => report({ entertainment_id: smooth, start_ms, played_ms: 9000 })),
        report({ entertainment_id: broken, start_ms: 3000, played_ms: 6000, stall_count: 2, stall_ms: 4000 }),
        report({ entertainment_id: broken, start_ms: null, failure: 'manifestLoadError', played_ms: 0 }),
        report({
          entertainment_id: broken,
          start_ms: null,
          failure: 'manifestLoadError',
          played_ms: 0,
          device_class: 'phone',
        }),
        report({ entertainment_id: broken, start_ms: null, failure: 'bufferAppendError', played_ms: 0 }),
      ];
      const sent = await fresh.app.inject({
        method: 'POST',
        url: `${API_BASE}/user/playback-quality`,
        headers: viewer.auth,
        payload: { reports },
      });
      expect(sent.statusCode).toBe(200);

      const res = await fresh.app.inject({
        url: `${API_BASE}/admin/playback-quality`,
        headers: operator.auth,
      });
      const body = res.json().data as AdminPlaybackQuality;
      expect(body.days).toBe(30);
      expect(body.per_day.slice(0, -1).every((day) => day.plays === 0 && day.start_p50_ms === null)).toBe(
        true,
      );
      const today = body.per_day.at(-1)!;
      // 11 plays started: 400…2000, 3000 and 5000 ms.
      expect(today).toMatchObject({
        plays: 14,
        failures: 3,
        start_p50_ms: 1400,
        start_p75_ms: 2000,
        start_p95_ms: 5000,
      });
      // 4 s stalled against 96 s played.
      expect(today.rebuffer_ratio).toBeCloseTo(4000 / 100_000, 6);
      expect(body.total).toEqual({ plays: 14, failures: 3, ...pick(today) });
      expect(body.by_device).toEqual([
        expect.objectContaining({ device_class: 'desktop', plays: 13, failures: 2 }),
        expect.objectContaining({ device_class: 'phone', plays: 1, failures: 1 }),
      ]);
      expect(body.failures_by_title).toEqual([
        expect.objectContaining({
          title_name: 'Broken Reel',
          plays: 4,
          failures: 3,
          failure_rate: 0.75,
          top_failures: [
            { failure: 'manifestLoadError', plays: 2 },
            { failure: 'bufferAppendError', plays: 1 },
          ],
        }),
      ]);
      expect(body.worst_titles.map((title) => title.title_name)).toEqual(['Broken Reel', 'Smooth Sailing']);
    } finally {
      await fresh.close();
    }
  });
});

function pick(day: AdminPlaybackQuality['per_day'][number]) {
  const { rebuffer_ratio, start_p50_ms, start_p75_ms, start_p95_ms } = day;
  return { rebuffer_ratio, start_p50_ms, start_p75_ms, start_p95_ms };
}

describe('percentile', () => {
  it('is the nearest-rank value, and null without values', () => {
    expect(percentile([], 0.5)).toBeNull();
    expect(percentile([7], 0.95)).toBe(7);
    expect(percentile([1, 2, 3, 4], 0.5)).toBe(2);
    expect(percentile([1, 2, 3, 4], 0.75)).toBe(3);
    expect(percentile([1, 2, 3, 4], 0.95)).toBe(4);
  });
});
