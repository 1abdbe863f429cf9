import { ServerMessages } from '@reeltime/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { insertShow, insertTitle } from '../../media/media.fixtures';
import { startTestServer, type TestServer } from '../../testing/app';
import { insertPlan, subscribe } from '../../testing/billing';
import { signUp } from '../../testing/http';
import { LEASE_SECONDS } from './playback-lease.service';

let server: TestServer;
let movie: number;
let freeMovie: number;

beforeAll(async () => {
  server = await startTestServer();
  movie = await insertTitle(server.app.ctx.db);
  freeMovie = await insertTitle(server.app.ctx.db, { is_free: 1 });
});
afterAll(() => server.close());
afterEach(() => vi.restoreAllMocks());

const TWO_SCREENS = 'Your plan allows 2 screens at a time. Stop playing on another screen to watch here.';

async function memberWithScreens(screens: number | null) {
  const member = await signUp(server.app);
  if (screens !== null) await subscribe(server.app, member.id, await insertPlan(server.app, { screens }));
  return member;
}

function lease(auth: Record<string, string>, payload: Record<string, unknown>) {
  return server.app.inject({ method: 'POST', url: '/api/v1/user/playback-lease', headers: auth, payload });
}
function endLease(auth: Record<string, string>, leaseId: string) {
  return server.app.inject({
    method: 'POST',
    url: '/api/v1/user/playback-lease/end',
    headers: auth,
    payload: { lease_id: leaseId },
  });
}
async function start(auth: Record<string, string>, titleId = movie): Promise<string> {
  const res = await lease(auth, { entertainment_id: titleId });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.lease_id as string;
}
/** Runs `request` as if `seconds` had passed. */
async function later<T>(seconds: number, request: () => Promise<T>): Promise<T> {
  const now = Date.now();
  vi.spyOn(Date, 'now').mockReturnValue(now + seconds * 1000);
  try {
    return await request();
  } finally {
    vi.restoreAllMocks();
  }
}

describe('POST /user/playback-lease', () => {
  it('is for members only', async () => {
    expect((await lease({}, { entertainment_id: movie })).statusCode).toBe(401);
  });

  it('gives a lease to renew before it runs out', async () => {
    const member = await memberWithScreens(1);
    const res = await lease(member.auth, { entertainment_id: movie });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      lease_id: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/),
      expires_in_seconds: LEASE_SECONDS,
      renew_in_seconds: 30,
    });
  });

  it('refuses one screen too many with 409 and a message naming the limit', async () => {
    const member = await memberWithScreens(2);
    const first = await start(member.auth);
    const second = await start(member.auth);
    expect(first).not.toBe(second);

    const third = await lease(member.auth, { entertainment_id: movie });
    expect(third.statusCode).toBe(409);
    expect(third.json()).toEqual({ status: false, message: TWO_SCREENS });

    // Players already playing keep renewing.
    const renewed = await lease(member.auth, { lease_id: first, entertainment_id: movie });
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json().data.lease_id).toBe(first);
  });

  it('frees a screen when a player stops', async () => {
    const member = await memberWithScreens(1);
    const first = await start(member.auth);
    expect((await lease(member.auth, { entertainment_id: movie })).statusCode).toBe(409);
    expect((await endLease(member.auth, first)).statusCode).toBe(200);
    expect((await lease(member.auth, { entertainment_id: movie })).statusCode).toBe(200);
  });

  it('frees a screen when a lease is not renewed in time', async () => {
    const member = await memberWithScreens(1);
    const first = await start(member.auth);
    const beforeExpiry = await later(LEASE_SECONDS - 5, () =>
      lease(member.auth, { entertainment_id: movie }),
    );
    expect(beforeExpiry.statusCode).toBe(409);

    const afterExpiry = await later(LEASE_SECONDS + 1, () => lease(member.auth, { entertainment_id: movie }));
    expect(afterExpiry.statusCode).toBe(200);
    // The player that went quiet cannot take its screen back by renewing.
    const stale = await later(LEASE_SECONDS + 2, () =>
      lease(member.auth, { lease_id: first, entertainment_id: movie }),
    );
    expect(stale.statusCode).toBe(409);
  });

  it('does not count another member’s leases, nor let them end this member’s', async () => {
    const alice = await memberWithScreens(1);
    const bob = await memberWithScreens(1);
    const alices = await start(alice.auth);
    await start(bob.auth);
    expect((await endLease(bob.auth, alices)).statusCode).toBe(200);
    expect((await lease(alice.auth, { entertainment_id: movie })).statusCode).toBe(409);
    // Bob cannot renew Alice's lease into his own either.
    expect((await lease(bob.auth, { lease_id: alices, entertainment_id: movie })).statusCode).toBe(409);
  });

  it('is 403 without a plan, except for a free title, which plays on one screen', async () => {
    const member = await memberWithScreens(null);
    const refused = await lease(member.auth, { entertainment_id: movie });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Choose a plan to watch this title.');

    await start(member.auth, freeMovie);
    const second = await lease(member.auth, { entertainment_id: freeMovie });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(
      'Free titles play on 1 screen at a time without a plan. Stop playing on another screen to watch here.',
    );
  });

  it('is 404 for an unknown or unpublished title and an episode of another title, 422 for a bad body', async () => {
    const member = await memberWithScreens(2);
    const hidden = await insertTitle(server.app.ctx.db, { is_published: 0 });
    const show = await insertShow(server.app.ctx.db, 1);
    const other = await insertShow(server.app.ctx.db, 1);
    expect((await lease(member.auth, { entertainment_id: 987_654 })).json()).toEqual({
      status: false,
      message: ServerMessages.titleNotFound,
    });
    expect((await lease(member.auth, { entertainment_id: hidden })).statusCode).toBe(404);
    const wrongEpisode = await lease(member.auth, {
      entertainment_id: show.titleId,
      episode_id: other.episodeIds[0],
    });
    expect(wrongEpisode.statusCode).toBe(404);
    const episode = await lease(member.auth, {
      entertainment_id: show.titleId,
      episode_id: show.episodeIds[0],
    });
    expect(episode.statusCode).toBe(200);
    for (const payload of [{}, { entertainment_id: 'x' }, { entertainment_id: movie, lease_id: '../x' }]) {
      expect((await lease(member.auth, payload)).statusCode, JSON.stringify(payload)).toBe(422);
    }
  });
});
