import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { startTestServer, type TestServer } from '../testing/app';

describe('the ad slot URL', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ AD_SLOT_URL: 'https://ads.example.com/slot?size=300x250&a="b"' });
  });
  afterAll(() => server.close());

  it('reaches the web app as a meta tag, escaped', async () => {
    const page = await server.app.inject({ method: 'GET', url: '/browse' });
    expect(page.body).toContain(
      '<meta name="ad-slot-url" content="https://ads.example.com/slot?size=300x250&#38;a=&#34;b&#34;" />',
    );
  });

  it('is the only third-party origin added to the frames a page may load', async () => {
    const page = await server.app.inject({ method: 'GET', url: '/browse' });
    const frameSrc = /frame-src ([^;]+)/.exec(page.headers['content-security-policy'] as string)![1]!;
    expect(frameSrc.split(' ')).toContain('https://ads.example.com');
    expect(frameSrc).not.toContain('/slot');
  });

  it('must be an http(s) URL', () => {
    expect(() => loadConfig({ DATA_DIR: server.config.dataDir, AD_SLOT_URL: 'javascript:alert(1)' })).toThrow(
      ConfigError,
    );
  });
});

describe('without an ad slot URL', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('sends no meta tag, so the web app shows its house ad', async () => {
    const page = await server.app.inject({ method: 'GET', url: '/browse' });
    expect(page.body).not.toContain('ad-slot-url');
  });
});
