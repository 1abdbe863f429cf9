import {
  API_BASE,
  DEFAULT_SUBTITLE_STYLE,
  PlaybackPreferencesMessages as M,
  type PlaybackPreferences,
} from '@reeltime/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/app';
import { insertPlan, subscribe } from '../../testing/billing';
import { signUp } from '../../testing/http';
import { addAndSelectProfile } from '../../testing/profiles';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

type Headers = Record<string, string>;

async function call(method: 'GET' | 'PUT', headers: Headers, payload?: unknown) {
  const res = await server.app.inject({
    method,
    url: `${API_BASE}/user/playback-preferences`,
    headers,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  return { status: res.statusCode, body: res.json() };
}

const preferencesOf = async (auth: Headers) => (await call('GET', auth)).body.data as PlaybackPreferences;

/** A member with a second profile, and a token acting as each. */
async function household() {
  const member = await signUp(server.app);
  await subscribe(
    server.app,
    member.id,
    await insertPlan(server.app, { name: `Plan ${Math.random()}`, profiles: 2 }),
  );
  const second = await addAndSelectProfile(server.app, member.auth, { name: 'Kit', avatar: 'teal' });
  return { owner: member.auth, second: { authorization: second.authorization } };
}

describe('GET /user/playback-preferences', () => {
  it('gives a profile that never chose anything the defaults', async () => {
    const member = await signUp(server.app);
    expect(await preferencesOf(member.auth)).toEqual({
      audio_language: null,
      subtitle_language: null,
      subtitle_style: DEFAULT_SUBTITLE_STYLE,
    });
  });

  it('is for members only', async () => {
    expect((await call('GET', {})).status).toBe(401);
  });
});

describe('PUT /user/playback-preferences', () => {
  it('changes only the fields sent and answers all of them', async () => {
    const member = await signUp(server.app);
    const saved = await call('PUT', member.auth, { audio_language: 'hi', subtitle_style: { size: 'large' } });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe(M.saved);
    expect(saved.body.data).toEqual({
      audio_language: 'hi',
      subtitle_language: null,
      subtitle_style: { ...DEFAULT_SUBTITLE_STYLE, size: 'large' },
    });
    await call('PUT', member.auth, {
      subtitle_language: 'pt-BR',
      subtitle_style: { color: 'yellow', background: 'none' },
    });
    expect(await preferencesOf(member.auth)).toEqual({
      audio_language: 'hi',
      subtitle_language: 'pt-BR',
      subtitle_style: { size: 'large', color: 'yellow', background: 'none' },
    });
    await call('PUT', member.auth, { audio_language: null, subtitle_language: null });
    expect(await preferencesOf(member.auth)).toMatchObject({ audio_language: null, subtitle_language: null });
  });

  it('keeps each profile of a household its own', async () => {
    const { owner, second } = await household();
    await call('PUT', second, { subtitle_language: 'es', subtitle_style: { size: 'small' } });
    expect(await preferencesOf(second)).toMatchObject({
      subtitle_language: 'es',
      subtitle_style: { size: 'small' },
    });
    expect(await preferencesOf(owner)).toEqual({
      audio_language: null,
      subtitle_language: null,
      subtitle_style: DEFAULT_SUBTITLE_STYLE,
    });
  });

  it.each([
    ['a language that is not a BCP 47 tag', { audio_language: 'English' }, M.language],
    ['a language with a bad subtag', { subtitle_language: 'en-' }, M.language],
    ['a language of the wrong type', { subtitle_language: 7 }, M.language],
    ['a size off the list', { subtitle_style: { size: 'huge' } }, M.size],
    ['a colour off the list', { subtitle_style: { color: 'red' } }, M.color],
    ['a background off the list', { subtitle_style: { background: 'blur' } }, M.background],
    ['nothing to change', {}, M.nothingToChange],
    ['an empty style', { subtitle_style: {} }, M.nothingToChange],
  ])('refuses %s with its message and changes nothing', async (_case, body, message) => {
    const member = await signUp(server.app);
    await call('PUT', member.auth, { audio_language: 'fr' });
    const res = await call('PUT', member.auth, body);
    expect(res.status).toBe(422);
    expect(JSON.stringify(res.body)).toContain(message);
    expect(await preferencesOf(member.auth)).toEqual({
      audio_language: 'fr',
      subtitle_language: null,
      subtitle_style: DEFAULT_SUBTITLE_STYLE,
    });
  });

  it('refuses fields it does not know', async () => {
    const member = await signUp(server.app);
    const res = await call('PUT', member.auth, { audio_language: 'en', volume: 3 });
    expect(res.status).toBe(422);
    expect((await preferencesOf(member.auth)).audio_language).toBeNull();
  });
});
