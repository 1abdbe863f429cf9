import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FIRST_VIEWS } from '../../first-views';
import { banner, movieCard, movieCards, movieDetail } from '../testing/fixtures';
import { startEarlyRequests, type EarlyScope } from './early-requests';
import { FIRST_VIEW_WAIT_MS } from './handoff';

const reply = (data: unknown, status = 200) =>
  Promise.resolve(
    new Response(
      JSON.stringify(status < 400 ? { status: true, message: '', data } : { status: false, message: 'No' }),
      {
        status,
        headers: { 'content-type': 'application/json' },
      },
    ),
  );

/** The page of `pathname` as the server sends it: its first view in #root, the member signed in or not. */
function scopeFor(pathname: string, options: { token?: string; answer?: Promise<Response> } = {}) {
  const view =
    { '/browse': FIRST_VIEWS.browse, '/movies': FIRST_VIEWS.movies }[pathname] ?? FIRST_VIEWS.details;
  document.body.innerHTML = `<div id="root">${view}</div>`;
  localStorage.clear();
  if (options.token) localStorage.setItem('token', options.token);
  const fetch = vi.fn(() => options.answer ?? reply([]));
  const scope = {
    location: { pathname } as Location,
    localStorage: window.localStorage,
    fetch,
    document,
    requestAnimationFrame: (run: FrameRequestCallback) => window.setTimeout(() => run(0), 0),
    setTimeout: window.setTimeout.bind(window),
  } as unknown as EarlyScope;
  return { scope, fetch };
}

/** Lets the answer's promises settle. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('early requests of the first load', () => {
  beforeEach(() => {
    localStorage.clear();
  });
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('asks for the banners of a signed-in member on /browse and draws the banner the seed picks', async () => {
    const banners = [banner({ id: 1 }), { ...banner({ id: 2 }), poster_url: '/media/images/banner-2.webp' }];
    const { scope, fetch } = scopeFor('/browse', { token: 'tok-1', answer: reply(banners) });

    const handoff = startEarlyRequests(scope, () => 0.75);
    await settle();

    expect(fetch).toHaveBeenCalledWith('/api/v1/user/banners', {
      headers: { Accept: 'application/json', Authorization: 'Bearer tok-1' },
    });
    expect(handoff.requests.map(({ url, token }) => ({ url, token }))).toEqual([
      { url: '/api/v1/user/banners', token: 'tok-1' },
    ]);
    expect(handoff.bannerSeed).toBe(0.75);
    const image = document.querySelector('.hero--loading .hero__media img');
    expect(image?.getAttribute('src')).toBe('/media/images/banner-2.webp');
    expect(image?.getAttribute('alt')).toBe('');
    expect(document.querySelector('.hero--loading')).not.toHaveClass('shimmer');
    expect(document.querySelector('.hero--loading .hero__scrim')).not.toBeNull();
  });

  it('leaves the answer for the web app to read as well', async () => {
    const { scope } = scopeFor('/browse', { token: 'tok-1', answer: reply([banner()]) });

    const handoff = startEarlyRequests(scope, () => 0);
    await settle();
    const body = (await (await handoff.requests[0]!.response).json()) as { data: unknown[] };

    expect(body.data).toHaveLength(1);
  });

  it('draws the first six cards of /movies with the copies their answer lists', async () => {
    const cards = movieCards(8).map((card, index) =>
      index === 0
        ? { ...card, thumbnail_sources: [{ url: '/media/images/thumb-1.320w.webp', width: 320 }] }
        : card,
    );
    const { scope, fetch } = scopeFor('/movies', { token: 'tok-1', answer: reply(cards) });

    startEarlyRequests(scope, Math.random);
    await settle();

    expect(fetch).toHaveBeenCalledWith('/api/v1/user/movie-list?page=1&per_page=24', expect.anything());
    const images = [...document.querySelectorAll('.shimmer-card__poster img')];
    expect(images.map((image) => image.getAttribute('src'))).toEqual(
      cards.slice(0, 6).map((card) => card.thumbnail_image),
    );
    expect(images[0]?.getAttribute('srcset')).toBe('/media/images/thumb-1.320w.webp 320w');
    expect(images[0]?.getAttribute('sizes')).toContain('calc(46vw - 8px)');
    expect(images[1]?.hasAttribute('srcset')).toBe(false);
  });

  it("draws a movie's picture into the details page's player, but not a series'", async () => {
    const movie = reply(movieDetail({ id: 66, thumbnail_image: '/media/images/thumb-66.jpg' }));
    const { scope, fetch } = scopeFor('/movie-details/66', { token: 'tok-1', answer: movie });
    startEarlyRequests(scope, Math.random);
    await settle();
    expect(fetch).toHaveBeenCalledWith('/api/v1/user/movie-details/66', expect.anything());
    expect(document.querySelector('.player--loading img')?.getAttribute('src')).toBe(
      '/media/images/thumb-66.jpg',
    );

    const series = reply(movieDetail({ id: 67, type: 'tvshow' }));
    const next = scopeFor('/movie-details/67', { token: 'tok-1', answer: series });
    startEarlyRequests(next.scope, Math.random);
    await settle();
    expect(document.querySelector('.player--loading img')).toBeNull();
  });

  it('asks for nothing for a visitor, for another page or for an address that is not a title', () => {
    for (const [pathname, token] of [
      ['/browse', undefined],
      ['/search', 'tok-1'],
      ['/movies/3', 'tok-1'],
      ['/movie-details/abc', 'tok-1'],
    ] as const) {
      const { scope, fetch } = scopeFor(pathname, { token });
      expect(startEarlyRequests(scope, Math.random).requests).toEqual([]);
      expect(fetch).not.toHaveBeenCalled();
    }
  });

  it('draws nothing from a refused or broken answer, and the first view stays as it was', async () => {
    for (const answer of [() => reply(null, 500), () => Promise.reject(new TypeError('offline'))]) {
      const { scope } = scopeFor('/browse', { token: 'tok-1', answer: answer() });
      startEarlyRequests(scope, Math.random);
      await settle();
      expect(document.querySelector('.hero--loading')).toHaveClass('shimmer');
      expect(document.querySelector('.hero--loading img')).toBeNull();
    }
  });

  it('is ready once the first view is drawn, and at the latest after its limit', async () => {
    vi.useFakeTimers();
    try {
      // An answer that never comes: the web app still starts.
      const { scope } = scopeFor('/browse', { token: 'tok-1', answer: new Promise(() => {}) });
      const ready = vi.fn();
      void startEarlyRequests(scope, Math.random).ready.then(ready);
      await vi.advanceTimersByTimeAsync(FIRST_VIEW_WAIT_MS - 50);
      expect(ready).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(100);
      expect(ready).toHaveBeenCalled();

      // A visitor's page: ready after the next frame.
      const visitor = scopeFor('/browse');
      const visitorReady = vi.fn();
      void startEarlyRequests(visitor.scope, Math.random).ready.then(visitorReady);
      await vi.advanceTimersByTimeAsync(20);
      expect(visitorReady).toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });

  it('needs no more than fetch: a card without a picture is left as a placeholder', async () => {
    const { scope } = scopeFor('/movies', {
      token: 'tok-1',
      answer: reply([movieCard({ id: 1, thumbnail_image: '', poster_image: '' }), movieCard({ id: 2 })]),
    });
    startEarlyRequests(scope, Math.random);
    await settle();
    const posters = document.querySelectorAll('.shimmer-card__poster');
    expect(posters[0]?.querySelector('img')).toBeNull();
    expect(posters[1]?.querySelector('img')?.getAttribute('src')).toBe('/media/images/thumb-2.jpg');
  });
});
