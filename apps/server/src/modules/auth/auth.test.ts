import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/app';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('register', () => {
  it('creates an account', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/v1/register',
      payload: { first_name: 'Ada', last_name: 'Lovelace', email: 'Ada@Example.com', password: 'secret1' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: true, data: { email: 'ada@example.com', first_name: 'Ada' } });
  });
});
