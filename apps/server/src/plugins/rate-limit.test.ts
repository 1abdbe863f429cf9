import { ServerMessages } from '@reeltime/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/app';

const MAX = 3;

/** Every auth route open to visitors, with a body it would otherwise answer (successfully or not). */
const AUTH_ROUTES: Array<[string, Record<string, string>]> = [
  ['/api/v1/login', { email: 'someone@example.com', password: 'secret1' }],
  ['/api/v1/register', { first_name: 'A', last_name: 'B', email: 'x@example.com', password: 'secret1' }],
  ['/api/v1/forgot-password', { email: 'someone@example.com' }],
  [
    '/api/v1/reset-password',
    { token: 'not-a-real-token', password: 'secret12', password_confirmation: 'secret12' },
  ],
];

/** Sends MAX allowed attempts, then one more; returns the one past the limit. */
async function exceedLimit(server: TestServer, url: string, payload: Record<string, string>) {
  const attempt = () => server.app.inject({ method: 'POST', url, payload });
  for (let i = 0; i < MAX; i += 1) expect((await attempt()).statusCode).not.toBe(429);
  const limited = await attempt();
  expect(limited.statusCode).toBe(429);
  expect(limited.json()).toEqual({ status: false, message: ServerMessages.rateLimited });
  return Number(limited.headers['retry-after']);
}

describe.each([
  { windowSeconds: 60, atLeast: 1 },
  { windowSeconds: 300, atLeast: 61 },
])('auth rate limits with a $windowSeconds s window', ({ windowSeconds, atLeast }) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      RATE_LIMIT_AUTH_MAX: String(MAX),
      RATE_LIMIT_AUTH_WINDOW_SECONDS: String(windowSeconds),
    });
  });
  afterAll(() => server.close());

  it.each(AUTH_ROUTES)(
    '%s answers 429 past the limit, with Retry-After within the window',
    async (url, payload) => {
      const retryAfter = await exceedLimit(server, url, payload);
      expect(Number.isInteger(retryAfter)).toBe(true);
      expect(retryAfter).toBeGreaterThanOrEqual(atLeast);
      expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
    },
  );
});
