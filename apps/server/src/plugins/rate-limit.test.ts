import { ServerMessages } from '@reeltime/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/app';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_AUTH_MAX: '3', RATE_LIMIT_AUTH_WINDOW_SECONDS: '60' });
});
afterAll(() => server.close());

describe('auth rate limits', () => {
  it.each(['/api/v1/login', '/api/v1/register', '/api/v1/forgot-password'])(
    '%s answers 429 with Retry-After past the limit',
    async (url) => {
      const attempt = () =>
        server.app.inject({
          method: 'POST',
          url,
          payload: { email: 'someone@example.com', password: 'secret1' },
        });
      for (let i = 0; i < 3; i += 1) expect((await attempt()).statusCode).not.toBe(429);
      const limited = await attempt();
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(limited.json()).toEqual({ status: false, message: ServerMessages.rateLimited });
    },
  );
});
