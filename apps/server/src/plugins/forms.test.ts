import { FormLimits } from '@reeltime/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/app';
import { whileInFlight } from '../testing/event-loop';
import { multipart, signUp } from '../testing/http';
import { nestFormFields } from './form-fields';

let server: TestServer;
let auth: Record<string, string>;
beforeAll(async () => {
  server = await startTestServer();
  auth = (await signUp(server.app)).auth;
});
afterAll(() => server.close());

/**
 * A concurrent /healthz must never wait on a form, however its field names are written. The
 * parser this replaced held it for 5 to 70 s; the budget leaves room for a busy machine.
 */
const HEALTHZ_BUDGET_MS = 2500;

async function postForm(baseUrl: string, path: string, fields: [string, string][], headers = {}) {
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, value);
  const res = await fetch(`${baseUrl}${path}`, { method: 'POST', body: form, headers });
  return { status: res.status, body: (await res.json()) as { status: boolean; message: string } };
}

describe('bracketed form field names', () => {
  it('answers the exact freezing request with a 404 at once, without reading its body', async () => {
    const { result, healthzMs } = await whileInFlight(server.app, (baseUrl) =>
      postForm(baseUrl, '/nothing', [['x[200000000]', 'z']]),
    );
    expect(result.status).toBe(404);
    expect(result.body.status).toBe(false);
    expect(Math.max(...healthzMs)).toBeLessThan(HEALTHZ_BUDGET_MS);
  });

  const hostile: Array<[string, [string, string][], number]> = [
    ['a huge index', [['x[200000000]', 'z']], 422],
    ['the largest index', [['x[999999999999999999999999]', 'z']], 422],
    ['an index just past the longest list', [[`x[${FormLimits.maxListItems}]`, 'z']], 422],
    ['a negative index', [['x[-1]', 'z']], 400],
    ['an index with leading zeros', [['x[007]', 'z']], 400],
    ['deep nesting', [['a[0][b][c][d]', 'z']], 400],
    ['a thousand levels', [[`a${'[0]'.repeat(1000)}`, 'z']], 400],
    ['empty brackets', [['tags[]', 'z']], 400],
    ['an unclosed bracket', [['x[0', 'z']], 400],
    ['a prototype key', [['__proto__[is_admin]', '1']], 400],
    [
      'a name used as text and as a list',
      [
        ['x', 'a'],
        ['x[0]', 'b'],
      ],
      400,
    ],
    ['thousands of parts', Array.from({ length: 3000 }, (_, i): [string, string] => [`f${i}`, 'v']), 413],
    [
      'one name repeated thousands of times',
      Array.from({ length: 3000 }, (): [string, string] => ['first_name', 'v']),
      413,
    ],
  ];

  it.each(hostile)('refuses %s with a 4xx and no delay to others', async (_name, fields, status) => {
    const { result, healthzMs } = await whileInFlight(server.app, (baseUrl) =>
      postForm(baseUrl, '/api/v1/register', fields),
    );
    expect(result.status).toBe(status);
    expect(result.body.status).toBe(false);
    expect(Math.max(...healthzMs)).toBeLessThan(HEALTHZ_BUDGET_MS);
  });

  it('refuses a huge index on a member form too', async () => {
    const { result, healthzMs } = await whileInFlight(server.app, (baseUrl) =>
      postForm(baseUrl, '/api/v1/user/update-profile', [['cast[999999999][name]', 'z']], auth),
    );
    expect(result.status).toBe(422);
    expect(result.body.message).toBe(`At most ${FormLimits.maxListItems} items are allowed.`);
    expect(Math.max(...healthzMs)).toBeLessThan(HEALTHZ_BUDGET_MS);
  });

  it('never reads a form on a route that does not take one', async () => {
    const form = multipart([{ name: 'entertainment_id', value: '1' }]);
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/v1/user/playback-progress',
      payload: form.payload,
      headers: { ...form.headers, ...auth },
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toMatch(/Send application\/json\.$/);
  });

  it('still reads the forms the web app sends', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/v1/register',
      ...multipart([
        { name: 'first_name', value: 'Form' },
        { name: 'last_name', value: 'Sender' },
        { name: 'email', value: 'form-sender@example.com' },
        { name: 'password', value: 'secret123' },
      ]),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.first_name).toBe('Form');
  });
});

describe('nestFormFields', () => {
  it('nests lists and objects as the JSON form of the same request, closing up sparse indices', () => {
    expect(
      nestFormFields([
        ['title', 'Dune'],
        ['cast[3][name]', 'Third'],
        ['cast[0][name]', 'First'],
        ['cast[0][jobTitle]', 'Lead'],
        ['tag', 'a'],
        ['tag', 'b'],
      ]),
    ).toEqual({
      title: 'Dune',
      cast: [{ name: 'First', jobTitle: 'Lead' }, { name: 'Third' }],
      tag: ['a', 'b'],
    });
  });

  it('keeps a list within the longest the contract allows', () => {
    const fields = Array.from({ length: FormLimits.maxListItems }, (_, i): [string, string] => [
      `cast[${i}][name]`,
      `P${i}`,
    ]);
    expect((nestFormFields(fields).cast as unknown[]).length).toBe(FormLimits.maxListItems);
    expect(() => nestFormFields([[`cast[${FormLimits.maxListItems}][name]`, 'x']])).toThrow(
      /At most 20 items/,
    );
  });
});
