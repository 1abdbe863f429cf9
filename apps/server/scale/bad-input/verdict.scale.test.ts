import { describe, expect, it } from 'vitest';
import type { RawRequest, RawResponse } from './raw-http';
import { judge } from './verdict';

/** The bad-input suite's judge on answers it must refuse, so that its 0s mean something. */
const request: RawRequest = {
  method: 'POST',
  target: '/api/v1/login',
  headers: [],
  body: Buffer.from('{"a":'),
};
const json = (status: number, body: unknown): RawResponse => ({
  status,
  headers: { 'content-type': 'application/json; charset=utf-8' },
  body: JSON.stringify(body),
});

describe('the bad-input judge', () => {
  it('passes the API error envelope', () => {
    expect(
      judge(request, json(400, { status: false, message: 'The request could not be read.' }), []).problems,
    ).toEqual([]);
  });

  it.each([
    ['a 500', json(500, { status: false, message: 'Something went wrong.' }), /^status 500/],
    ['no answer', { status: 0, headers: {}, body: '', failure: 'reset' }, /^no answer/],
    [
      'a stack frame',
      json(400, { status: false, message: 'x\n    at parse (/srv/app/src/a.ts:10:5)' }),
      /stack frame/,
    ],
    ['SQL', json(400, { status: false, message: 'select id from users where email = $1' }), /^SQL/],
    [
      'a database error',
      json(409, { status: false, message: 'duplicate key value violates unique constraint' }),
      /database error/,
    ],
    [
      'a relation name',
      json(400, { status: false, message: 'relation "users" does not exist' }),
      /database error/,
    ],
    ['a path', json(404, { status: false, message: 'ENOENT /work/data/media/x.jpg' }), /path of the machine/],
    [
      'Fastify’s own error',
      json(414, { error: 'Bad Request', code: 'FST_ERR_MAX_PARAM_LENGTH', message: 'long' }),
      /not the error envelope|internal error/,
    ],
    [
      'plain text',
      { status: 400, headers: { 'content-type': 'text/plain' }, body: 'Invalid upload-length' },
      /of type text\/plain/,
    ],
  ])('refuses %s', (_, response, problem) => {
    expect(judge(request, response as RawResponse, []).problems.join('\n')).toMatch(problem);
  });

  it('refuses a secret of the site, and not text the request itself sent', () => {
    expect(
      judge(request, json(400, { status: false, message: 'pepper-123' }), ['pepper-123']).problems,
    ).toEqual(['a secret of the site']);
    const echoing = { ...request, body: Buffer.from('{"name":"select a from b"}') };
    expect(
      judge(echoing, json(422, { status: false, message: 'Bad name: select a from b' }), []).problems,
    ).toEqual([]);
  });
});
