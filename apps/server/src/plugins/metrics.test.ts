import { ServerMessages } from '@reeltime/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/app';

const METRICS_TOKEN = 'metrics-token-of-at-least-32-characters';
const OUTSIDER = '203.0.113.7';

const notFound = { status: false, message: ServerMessages.notFound };
const forbidden = { status: false, message: ServerMessages.forbidden };

function scrape(
  server: TestServer,
  { remoteAddress = '127.0.0.1', headers = {} }: { remoteAddress?: string; headers?: Record<string, string> },
) {
  return server.app.inject({ method: 'GET', url: '/metrics', remoteAddress, headers });
}

const isMetrics = (body: string) => body.includes('process_cpu_user_seconds_total');

describe('/metrics without METRICS_TOKEN', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it.each(['127.0.0.1', '::1', '::ffff:127.0.0.1'])('is served to loopback (%s)', async (remoteAddress) => {
    const res = await scrape(server, { remoteAddress });
    expect(res.statusCode).toBe(200);
    expect(isMetrics(res.body)).toBe(true);
  });

  it('is a 404 envelope to any other host, whatever bearer token it sends', async () => {
    const tokenHeader: Record<string, string> = { authorization: `Bearer ${METRICS_TOKEN}` };
    for (const headers of [{}, tokenHeader]) {
      const res = await scrape(server, { remoteAddress: OUTSIDER, headers });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(notFound);
    }
  });

  it('is refused to a request relayed by a proxy on this machine', async () => {
    const res = await scrape(server, { headers: { 'x-forwarded-for': OUTSIDER } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(notFound);
  });
});

describe('/metrics behind a trusted proxy', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ TRUST_PROXY: 'true' });
  });
  afterAll(() => server.close());

  it('is refused to a client outside, relayed by a proxy on this machine', async () => {
    const res = await scrape(server, { headers: { 'x-forwarded-for': OUTSIDER } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(notFound);
  });

  it('is refused to a client outside that claims to be loopback in X-Forwarded-For', async () => {
    for (const remoteAddress of [OUTSIDER, '127.0.0.1']) {
      const res = await scrape(server, { remoteAddress, headers: { 'x-forwarded-for': '127.0.0.1' } });
      expect(res.statusCode).toBe(404);
      expect(isMetrics(res.body)).toBe(false);
    }
  });

  it('is still served to a direct request from loopback', async () => {
    const res = await scrape(server, {});
    expect(res.statusCode).toBe(200);
    expect(isMetrics(res.body)).toBe(true);
  });
});

describe('/metrics with METRICS_TOKEN', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ METRICS_TOKEN, TRUST_PROXY: 'true' });
  });
  afterAll(() => server.close());

  it('is served to any host with the token', async () => {
    const direct: Record<string, string> = { authorization: `Bearer ${METRICS_TOKEN}` };
    for (const headers of [direct, { ...direct, 'x-forwarded-for': OUTSIDER }]) {
      const res = await scrape(server, { remoteAddress: OUTSIDER, headers });
      expect(res.statusCode).toBe(200);
      expect(isMetrics(res.body)).toBe(true);
    }
  });

  it('is a 403 envelope with a wrong token, and a 404 with none', async () => {
    for (const token of [`${METRICS_TOKEN}x`, METRICS_TOKEN.slice(0, -1), 'short']) {
      const res = await scrape(server, {
        remoteAddress: OUTSIDER,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(forbidden);
    }
    const none = await scrape(server, { remoteAddress: OUTSIDER });
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual(notFound);
  });
});
