import { afterEach, describe, expect, it, vi } from 'vitest';
import { writeHandoff, type FirstLoadHandoff } from '../first-load/handoff';

/** The module keeps whether the seed was taken: each test gets a fresh copy. */
async function load() {
  vi.resetModules();
  return import('./first-load');
}

function handoff(overrides: Partial<FirstLoadHandoff> = {}): FirstLoadHandoff {
  return { requests: [], bannerSeed: 0.42, ready: Promise.resolve(), ...overrides };
}

const early = (url: string, token: string, startedAt = Date.now()) => ({
  url,
  token,
  startedAt,
  response: Promise.resolve(new Response('{}')),
});

describe('what the first load hands to the web app', () => {
  afterEach(() => {
    delete (window as unknown as Record<string, unknown>).__reeltimeFirstLoad;
  });

  it('gives an early response to the first request of the same address and session, once', async () => {
    const { takeEarlyResponse } = await load();
    const request = early('/api/v1/user/banners', 'tok-1');
    writeHandoff(window, handoff({ requests: [request] }));

    expect(takeEarlyResponse('/api/v1/user/banners', 'tok-2')).toBeUndefined();
    expect(takeEarlyResponse('/api/v1/user/movie-list', 'tok-1')).toBeUndefined();
    expect(takeEarlyResponse('/api/v1/user/banners', 'tok-1')).toBe(request.response);
    expect(takeEarlyResponse('/api/v1/user/banners', 'tok-1')).toBeUndefined();
  });

  it('does not use an answer from long before', async () => {
    const { takeEarlyResponse } = await load();
    writeHandoff(
      window,
      handoff({ requests: [early('/api/v1/user/banners', 'tok-1', Date.now() - 60_000)] }),
    );

    expect(takeEarlyResponse('/api/v1/user/banners', 'tok-1')).toBeUndefined();
  });

  it('has nothing to give without the inline script or without a session', async () => {
    const { takeEarlyResponse } = await load();
    expect(takeEarlyResponse('/api/v1/user/banners', 'tok-1')).toBeUndefined();
    writeHandoff(window, handoff({ requests: [early('/api/v1/user/banners', 'tok-1')] }));
    expect(takeEarlyResponse('/api/v1/user/banners', null)).toBeUndefined();
  });

  it("picks the first banner with the inline script's number, later ones at random", async () => {
    const { takeBannerSeed } = await load();
    writeHandoff(window, handoff({ bannerSeed: 0.42 }));
    vi.spyOn(Math, 'random').mockReturnValue(0.9);

    expect(takeBannerSeed()).toBe(0.42);
    expect(takeBannerSeed()).toBe(0.9);
  });
});
