import { API_BASE, ServerMessages } from '@reeltime/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/app';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server.close();
});

describe('what the router refuses before any route runs', () => {
  it('answers a path parameter longer than the router allows with a 414 envelope, not the path back', async () => {
    const id = '9'.repeat(8 * 1024);
    const res = await server.app.inject({ url: `${API_BASE}/user/movie-details/${id}` });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({ status: false, message: 'The address is too long.' });
    expect(res.body).not.toContain('FST_');
    expect(res.body).not.toContain(id);
  });

  it('answers a path parameter that cannot be decoded with a 400 envelope', async () => {
    const res = await server.app.inject({ url: `${API_BASE}/user/movie-details/%E0%A4%A` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: false, message: ServerMessages.malformed });
  });
});
