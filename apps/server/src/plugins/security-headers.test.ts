import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/app';

const HTTPS_FROM_PROXY = { 'x-forwarded-proto': 'https' };

describe('Strict-Transport-Security', () => {
  describe('without a trusted proxy', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer();
    });
    afterAll(() => server.close());

    it.each(['/healthz', '/', '/api/v1/user/get-gener'])('is not sent over plain HTTP (%s)', async (url) => {
      const res = await server.app.inject(url);
      expect(res.headers['strict-transport-security']).toBeUndefined();
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    });

    it('is not sent when an untrusted client claims HTTPS in X-Forwarded-Proto', async () => {
      const res = await server.app.inject({ url: '/healthz', headers: HTTPS_FROM_PROXY });
      expect(res.headers['strict-transport-security']).toBeUndefined();
    });
  });

  describe('behind a trusted proxy', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer({ TRUST_PROXY: 'true' });
    });
    afterAll(() => server.close());

    it('is sent when the proxy received the request over HTTPS', async () => {
      for (const url of ['/healthz', '/']) {
        const res = await server.app.inject({ url, headers: HTTPS_FROM_PROXY });
        expect(res.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
      }
    });

    it('is not sent when the proxy received the request over HTTP', async () => {
      const res = await server.app.inject({ url: '/healthz', headers: { 'x-forwarded-proto': 'http' } });
      expect(res.headers['strict-transport-security']).toBeUndefined();
    });
  });
});
