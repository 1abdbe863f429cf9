import { ServerMessages } from '@reeltime/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTitle } from '../media/media.fixtures';
import { startTestServer, type TestServer } from '../testing/app';
import { multipart, signUp } from '../testing/http';

let server: TestServer;
let member: Awaited<ReturnType<typeof signUp>>;
let titleId: number;
beforeAll(async () => {
  server = await startTestServer();
  member = await signUp(server.app, { first_name: 'Strict', last_name: 'Input' });
  for (let i = 0; i < 40; i += 1) titleId = await insertTitle(server.app.ctx.db, { name: `Strict ${i}` });
});
afterAll(() => server.close());

/** Rows a refused request must not have written. */
async function writtenRows() {
  const db = server.app.ctx.db;
  const count = async (table: 'playback_progress' | 'watchlist' | 'likes') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const user = await db
    .selectFrom('users')
    .select(['first_name', 'last_name', 'updated_at'])
    .where('id', '=', member.id)
    .executeTakeFirstOrThrow();
  return {
    progress: await count('playback_progress'),
    watchlist: await count('watchlist'),
    likes: await count('likes'),
    user,
  };
}

const json = { 'content-type': 'application/json' };
const progress = (fields: Record<string, unknown>) =>
  JSON.stringify({ entertainment_id: titleId, position_seconds: 40, duration_seconds: 100, ...fields });
const profile = (fields: Record<string, unknown>) =>
  JSON.stringify({ first_name: 'Strict', last_name: 'Input', email: member.email, ...fields });

interface Case {
  name: string;
  method?: 'GET' | 'POST';
  url: string;
  payload?: string | Buffer | (() => string);
  headers?: Record<string, string>;
  status: number;
  message?: string;
}

const cases: Case[] = [
  // Numbers must be numbers.
  ...[null, '', [], '0x10', true, '1e1', { n: 1 }].map((value): Case => ({
    name: `position_seconds ${JSON.stringify(value)}`,
    url: '/api/v1/user/playback-progress',
    payload: progress({ position_seconds: value }),
    headers: json,
    status: 422,
  })),
  ...[true, [1], '0x22', '', null, 1.5, -3, '+1', ' 1'].map((value): Case => ({
    name: `entertainment_id ${JSON.stringify(value)} on the watch list`,
    url: '/api/v1/user/save-watch-list',
    payload: JSON.stringify({ entertainment_id: value }),
    headers: json,
    status: 422,
    message: 'Must be a positive whole number',
  })),
  ...[true, [1]].map((value): Case => ({
    name: `entertainment_id ${JSON.stringify(value)} on playback progress`,
    url: '/api/v1/user/playback-progress',
    payload: progress({ entertainment_id: value }),
    headers: json,
    status: 422,
  })),
  ...[true, [1]].map((value): Case => ({
    name: `entertainment_id ${JSON.stringify(value)} on a like`,
    url: '/api/v1/user/like',
    payload: JSON.stringify({ entertainment_id: value }),
    headers: json,
    status: 422,
  })),
  // Ids in paths and queries are positive decimal integers, nothing else.
  ...['0x22', '1e1', '+1', '%201', '1.0', '0', '-1', '99999999999'].map((id): Case => ({
    name: `movie-details/${id}`,
    method: 'GET',
    url: `/api/v1/user/movie-details/${id}`,
    status: 422,
    message: 'Must be a positive whole number',
  })),
  {
    name: 'a hex genre id in the query',
    method: 'GET',
    url: '/api/v1/user/movie-list?genre_id=0x1',
    status: 422,
  },
  { name: 'a page in exponent form', method: 'GET', url: '/api/v1/user/popular-movie?page=1e1', status: 422 },
  // Text refuses NUL characters and lone surrogates.
  {
    name: 'a NUL in a profile name',
    url: '/api/v1/user/update-profile',
    payload: () => profile({ first_name: 'Nul\u0000Name' }),
    headers: json,
    status: 422,
    message: ServerMessages.brokenText,
  },
  {
    name: 'a lone surrogate in a profile name',
    url: '/api/v1/user/update-profile',
    payload: '{"first_name":"Half\\ud800","last_name":"Input","email":"x@example.com"}',
    headers: json,
    status: 422,
    message: ServerMessages.brokenText,
  },
  {
    name: 'a NUL in a multipart profile field',
    url: '/api/v1/user/update-profile',
    ...multipart([
      { name: 'first_name', value: 'Form' },
      { name: 'last_name', value: 'Nul\u0000' },
    ]),
    status: 422,
    message: ServerMessages.brokenText,
  },
  {
    name: 'a NUL in a path',
    method: 'GET',
    url: '/api/v1/user/movie-details/1%00',
    status: 404,
    message: ServerMessages.notFound,
  },
  {
    name: 'a NUL in a search query',
    method: 'GET',
    url: '/api/v1/user/get-search?search=ab%00c',
    status: 422,
    message: ServerMessages.brokenText,
  },
  // A body is JSON in UTF-8, or multipart where the route takes it; anything else is a 415.
  {
    name: 'text/plain',
    url: '/api/v1/user/save-watch-list',
    payload: '{"entertainment_id":1}',
    headers: { 'content-type': 'text/plain' },
    status: 415,
  },
  {
    name: 'form-urlencoded',
    url: '/api/v1/user/save-watch-list',
    payload: 'entertainment_id=1',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    status: 415,
  },
  {
    name: 'JSON in Latin-1',
    url: '/api/v1/user/update-profile',
    payload: Buffer.from('{"first_name":"Andr\xe9","last_name":"Input","email":"x@example.com"}', 'latin1'),
    headers: { 'content-type': 'application/json; charset=ISO-8859-1' },
    status: 415,
    message: ServerMessages.jsonNotUtf8,
  },
  {
    name: 'JSON in UTF-16',
    url: '/api/v1/user/save-watch-list',
    payload: Buffer.from('{"entertainment_id":1}', 'utf16le'),
    headers: { 'content-type': 'application/json; charset=utf-16' },
    status: 415,
    message: ServerMessages.jsonNotUtf8,
  },
  {
    name: 'multipart to a JSON-only route',
    url: '/api/v1/user/playback-progress',
    ...multipart([{ name: 'entertainment_id', value: '1' }]),
    status: 415,
  },
  {
    name: 'a body without a content type',
    url: '/api/v1/user/like',
    payload: '{"entertainment_id":1}',
    headers: { 'content-type': '' },
    status: 415,
  },
];

describe('strict input: refused with a clear 4xx, nothing written', () => {
  it.each(cases)('$name', async ({ method = 'POST', url, payload, headers = {}, status, message }) => {
    const before = await writtenRows();
    const res = await server.app.inject({
      method,
      url,
      payload: typeof payload === 'function' ? payload() : payload,
      headers: { ...headers, ...member.auth },
    });
    expect(res.statusCode).toBe(status);
    const body = res.json();
    expect(body.status).toBe(false);
    expect(body.message).toEqual(message ?? expect.any(String));
    if (status === 415) expect(body.message).toMatch(/content type|UTF-8/);
    expect(await writtenRows()).toEqual(before);
  });

  it('still takes numbers as JSON numbers and as decimal text', async () => {
    const asNumber = await server.app.inject({
      method: 'POST',
      url: '/api/v1/user/playback-progress',
      payload: progress({ position_seconds: 12.5 }),
      headers: { ...json, ...member.auth },
    });
    expect(asNumber.statusCode).toBe(200);
    expect(asNumber.json().data.position_seconds).toBe(12.5);
    const form = multipart([{ name: 'entertainment_id', value: String(titleId) }]);
    const asText = await server.app.inject({
      method: 'POST',
      url: '/api/v1/user/save-watch-list',
      payload: form.payload,
      headers: { ...form.headers, ...member.auth },
    });
    expect(asText.statusCode).toBe(200);
    const details = await server.app.inject({ method: 'GET', url: `/api/v1/user/movie-details/${titleId}` });
    expect(details.statusCode).toBe(200);
  });
});
