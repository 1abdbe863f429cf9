import { ServerMessages } from '@reeltime/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/app';
import { multipart, signUp } from '../testing/http';

let server: TestServer;
let auth: Record<string, string>;
beforeAll(async () => {
  server = await startTestServer();
  auth = (await signUp(server.app)).auth;
});
afterAll(() => server.close());

describe('health, metrics and docs', () => {
  it('answers /healthz and /readyz', async () => {
    expect((await server.app.inject('/healthz')).json()).toMatchObject({
      status: true,
      data: { status: 'ok' },
    });
    const ready = await server.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json().data.status).toBe('ready');
  });

  it('exposes Prometheus metrics with request durations by route', async () => {
    await server.app.inject('/healthz');
    const res = await server.app.inject('/metrics');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/plain/);
    expect(res.body).toContain('http_request_duration_seconds_bucket');
    expect(res.body).toContain('route="/healthz"');
    expect(res.body).toContain('process_cpu_user_seconds_total');
  });

  it('serves an OpenAPI document generated from the contract, and its UI', async () => {
    const res = await server.app.inject('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    const login = doc.paths['/api/v1/login'].post;
    expect(JSON.stringify(login.requestBody)).toContain('"email"');
    expect(doc.paths['/api/v1/user/change-password']).toBeDefined();
    const ui = await server.app.inject('/api/docs/');
    expect([200, 302]).toContain(ui.statusCode);
  });
});

describe('unknown paths', () => {
  it('gives a 404 envelope for unknown API and media paths', async () => {
    for (const url of ['/api/v1/nope', '/api/v1/user/nope', '/media/nothing-here.webp']) {
      const res = await server.app.inject(url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ status: false, message: ServerMessages.notFound });
    }
  });

  it('does not serve files outside the media folder', async () => {
    for (const url of [
      '/media/../secrets/token-pepper',
      '/media/%2e%2e/secrets/token-pepper',
      '/media/..%2fsecrets%2ftoken-pepper',
    ]) {
      const res = await server.app.inject(url);
      expect([200, 403, 404]).toContain(res.statusCode);
      expect(res.body).not.toContain(server.config.tokenPepper);
    }
  });
});

describe('security headers', () => {
  it('sends a content security policy and no framing of the site', async () => {
    const res = await server.app.inject('/healthz');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });
});

describe('bad input never gives a 500 nor writes anything', () => {
  const huge = 'x'.repeat(200_000);
  const cases: Array<{
    name: string;
    url: string;
    payload?: string | Buffer;
    headers?: Record<string, string>;
    status: number[];
  }> = [
    {
      name: 'bad JSON',
      url: '/api/v1/login',
      payload: '{"email":',
      headers: { 'content-type': 'application/json' },
      status: [400],
    },
    {
      name: 'JSON array',
      url: '/api/v1/register',
      payload: '[1,2]',
      headers: { 'content-type': 'application/json' },
      status: [422],
    },
    {
      name: 'JSON null',
      url: '/api/v1/register',
      payload: 'null',
      headers: { 'content-type': 'application/json' },
      status: [400, 422],
    },
    {
      name: 'wrong types',
      url: '/api/v1/register',
      payload: JSON.stringify({ first_name: 1, last_name: true, email: [], password: {} }),
      headers: { 'content-type': 'application/json' },
      status: [422],
    },
    {
      name: 'huge strings',
      url: '/api/v1/register',
      payload: JSON.stringify({ first_name: huge, last_name: huge, email: `${huge}@x.com`, password: huge }),
      headers: { 'content-type': 'application/json' },
      status: [413, 422],
    },
    {
      name: 'body over the limit',
      url: '/api/v1/register',
      payload: JSON.stringify({ first_name: 'x'.repeat(2_000_000) }),
      headers: { 'content-type': 'application/json' },
      status: [413],
    },
    {
      name: 'unknown content type',
      url: '/api/v1/register',
      payload: 'first_name=x',
      headers: { 'content-type': 'text/csv' },
      status: [400, 415],
    },
    {
      name: 'prototype pollution',
      url: '/api/v1/register',
      payload: '{"__proto__":{"is_admin":1},"first_name":"a"}',
      headers: { 'content-type': 'application/json' },
      status: [400, 422],
    },
    {
      name: 'broken multipart',
      url: '/api/v1/register',
      payload: '--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\nb',
      headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
      status: [400, 422],
    },
    {
      name: 'multipart without boundary',
      url: '/api/v1/register',
      payload: 'abc',
      headers: { 'content-type': 'multipart/form-data' },
      status: [400, 422],
    },
  ];

  it.each(cases)('$name', async ({ url, payload, headers, status }) => {
    const users = await server.app.ctx.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const res = await server.app.inject({ method: 'POST', url, payload, headers });
    expect(status).toContain(res.statusCode);
    const body = res.json();
    expect(body.status).toBe(false);
    expect(res.body).not.toMatch(/at .+\.ts:\d+|node_modules|SELECT|sqlite|postgres/i);
    const after = await server.app.ctx.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(users.n));
  });

  it('a multipart request missing its parts is a 422 with field messages', async () => {
    const form = multipart([{ name: 'first_name', value: 'Only' }]);
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/v1/user/update-profile',
      payload: form.payload,
      headers: { ...form.headers, ...auth },
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(expect.arrayContaining(['last_name', 'email']));
  });

  it('a file sent where text is expected is refused', async () => {
    const form = multipart([
      { name: 'first_name', value: Buffer.from('x'), filename: 'a.txt' },
      { name: 'last_name', value: 'B' },
      { name: 'email', value: 'x@example.com' },
      { name: 'password', value: 'secret1' },
    ]);
    const res = await server.app.inject({ method: 'POST', url: '/api/v1/register', ...form });
    expect(res.statusCode).toBe(422);
  });
});

describe('web app routes', () => {
  it.each(['/', '/browse', '/movie-details/12', '/search?q=abc', '/reset-password?token=x'])(
    '%s falls back to the web app',
    async (url) => {
      const res = await server.app.inject(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<div id="root">');
    },
  );
});

describe('site settings in the web app', () => {
  it('writes the site name and currency into index.html, escaped', async () => {
    const named = await startTestServer({ APP_NAME: 'Film <Club> & Co', CURRENCY: 'EUR' });
    try {
      const res = await named.app.inject('/browse');
      expect(res.body).toContain('<title>Film &#60;Club&#62; &#38; Co</title>');
      expect(res.body).toContain('<meta name="application-name" content="Film &#60;Club&#62; &#38; Co" />');
      expect(res.body).toContain('<meta name="site-currency" content="EUR" />');
    } finally {
      await named.close();
    }
  });
});

describe('built web assets', () => {
  it('are sent pre-compressed when the browser accepts it, and cached for good', async () => {
    const zipped = await server.app.inject({
      url: '/assets/app-1234.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers['cache-control']).toContain('immutable');
    const plain = await server.app.inject('/assets/app-1234.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('console.log');
  });
});
