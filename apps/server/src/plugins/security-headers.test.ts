import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { startTestServer, TEST_INLINE_SCRIPT, type TestServer } from '../testing/app';

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

describe('the page policy', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it("allows the web build's inline script by its hash, and no other inline script", async () => {
    const page = await server.app.inject('/browse');
    expect(page.body).toContain(`<script>${TEST_INLINE_SCRIPT}</script>`);
    const policy = String(page.headers['content-security-policy']);
    const scriptSrc = /(?:^|;)script-src ([^;]*)/.exec(policy)?.[1];
    const digest = createHash('sha256').update(TEST_INLINE_SCRIPT).digest('base64');
    expect(scriptSrc).toBe(`'self' 'sha256-${digest}'`);
  });
});
