import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LinkType } from '@reeltime/contract';
import { mockApi, ok } from '../../testing/fetch-mock';
import { movieCard, movieDetail } from '../../testing/fixtures';
import { renderWithRouter } from '../../testing/render';
import { MovieCard } from '../movie-card';

/** Counts how often hls.js is loaded: it must wait for the preview to open. */
const hlsLoads = vi.hoisted(() => ({ count: 0 }));
vi.mock('hls.js', () => {
  hlsLoads.count += 1;
  class FakeHls {
    static Events = { MANIFEST_PARSED: 'm', LEVEL_SWITCHED: 'l', ERROR: 'e' };
    static ErrorTypes = { MEDIA_ERROR: 'media', NETWORK_ERROR: 'network' };
    static isSupported = () => true;
    on() {}
    loadSource() {}
    attachMedia() {}
    startLoad() {}
    destroy() {}
  }
  return { default: FakeHls };
});

const realMatchMedia = window.matchMedia;

/** The screen the test runs on: a mouse (hover) or a touch screen, with or without less motion. */
function screenWith({ hover, reducedMotion = false }: { hover: boolean; reducedMotion?: boolean }) {
  window.matchMedia = (query: string) => ({
    ...realMatchMedia(query),
    matches: (/hover:\s*hover/.test(query) && hover) || (query.includes('reduced-motion') && reducedMotion),
  });
}

function mockDetails(trailer: { url: string; type: LinkType }) {
  return mockApi({
    'GET /user/movie-details/:id': (request) =>
      ok(
        movieDetail({
          id: Number(request.params.id),
          trailer_url: trailer.url,
          trailer_url_type: trailer.type,
        }),
      ),
  });
}

const card = (name: string) => screen.getByRole('heading', { name }).closest('article')!;
const trailer = () => document.querySelector<HTMLVideoElement>('[data-testid="card-preview-trailer"]');

/** Lazy chunks load for real (transformed on first use): give them room on a busy machine. */
function eventually(check: () => void) {
  return vi.waitFor(check, { timeout: 4000 });
}

async function wait(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

describe('card trailer previews', () => {
  // The preview's chunks are transformed on first use, which takes real time on a busy machine;
  // its hover delay runs on fake time only once its code is in, so both are loaded before any
  // test's clock starts (what is fetched when is asserted through the requests, not the imports).
  beforeAll(async () => {
    await Promise.all([import('./card-preview'), import('./enlarged-card')]);
  }, 30_000);

  beforeEach(() => {
    vi.useFakeTimers();
    hlsLoads.count = 0;
  });

  afterEach(() => {
    vi.useRealTimers();
    window.matchMedia = realMatchMedia;
    vi.unstubAllGlobals();
  });

  it('loads nothing before 600 ms of hover, then plays the trailer muted over the row', async () => {
    screenWith({ hover: true });
    // A browser with Media Source Extensions: an HLS trailer plays through hls.js.
    vi.stubGlobal('MediaSource', { isTypeSupported: () => true });
    const api = mockDetails({ url: '/media/trailers/7/master.m3u8', type: 'hls' });
    renderWithRouter(<MovieCard movie={movieCard({ id: 7, name: 'Night Harbour' })} />);

    fireEvent.mouseEnter(card('Night Harbour'));
    await wait(590);
    expect(screen.queryByRole('group', { name: 'Preview: Night Harbour' })).not.toBeInTheDocument();
    expect(api.requests).toHaveLength(0);
    expect(hlsLoads.count).toBe(0);

    await wait(10);
    const preview = await screen.findByRole('group', { name: 'Preview: Night Harbour' });
    await eventually(() => expect(trailer()).not.toBeNull());
    expect(trailer()!.muted).toBe(true);
    await eventually(() => expect(hlsLoads.count).toBe(1));
    expect(api.requests.map((request) => request.url.pathname)).toEqual(['/api/v1/user/movie-details/7']);
    // Drawn over the page, not inside the row.
    expect(preview.parentElement).toBe(document.body);
    expect(screen.getAllByRole('link', { name: 'Watch Now: Night Harbour' })[1]).toHaveAttribute(
      'href',
      '/watch/7',
    );
    expect(screen.getByRole('link', { name: 'Details: Night Harbour' })).toHaveAttribute(
      'href',
      '/movie-details/7',
    );
    expect(screen.getAllByRole('button', { name: 'Add Night Harbour to My Watchlist' })).toHaveLength(2);
  });

  it('stops the trailer at once when the pointer leaves, and on Escape', async () => {
    screenWith({ hover: true });
    mockDetails({ url: '/media/trailers/7.mp4', type: 'url' });
    const pause = vi.spyOn(HTMLMediaElement.prototype, 'pause');
    renderWithRouter(<MovieCard movie={movieCard({ id: 7, name: 'Night Harbour' })} />);

    fireEvent.mouseEnter(card('Night Harbour'));
    await wait(600);
    await eventually(() => expect(trailer()).not.toBeNull());
    const video = trailer()!;
    expect(video.getAttribute('src')).toBe('/media/trailers/7.mp4');

    fireEvent.mouseLeave(card('Night Harbour'));
    expect(trailer()).toBeNull();
    expect(pause).toHaveBeenCalled();
    expect(video.hasAttribute('src')).toBe(false);

    pause.mockClear();
    fireEvent.mouseEnter(card('Night Harbour'));
    await wait(600);
    await eventually(() => expect(trailer()).not.toBeNull());
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(trailer()).toBeNull();
    expect(screen.queryByRole('group', { name: 'Preview: Night Harbour' })).not.toBeInTheDocument();
    expect(pause).toHaveBeenCalled();
  });

  it('keeps one preview on the page: the next card’s closes the one before', async () => {
    screenWith({ hover: true });
    mockDetails({ url: '/media/trailers/x.mp4', type: 'url' });
    renderWithRouter(
      <>
        <MovieCard movie={movieCard({ id: 1, name: 'First' })} />
        <MovieCard movie={movieCard({ id: 2, name: 'Second' })} />
      </>,
    );

    // Focus (the keyboard) opens the first; it stays while the pointer rests on the second.
    fireEvent.focus(screen.getByRole('link', { name: 'First' }));
    await wait(600);
    await screen.findByRole('group', { name: 'Preview: First' });
    fireEvent.mouseEnter(card('Second'));
    await wait(600);
    await screen.findByRole('group', { name: 'Preview: Second' });
    expect(screen.queryByRole('group', { name: 'Preview: First' })).not.toBeInTheDocument();
    expect(document.querySelectorAll('video')).toHaveLength(1);
  });

  it('opens none once a link of the card is pressed, until the pointer comes back', async () => {
    screenWith({ hover: true });
    const api = mockDetails({ url: '/media/trailers/7.mp4', type: 'url' });
    renderWithRouter(<MovieCard movie={movieCard({ id: 7, name: 'Night Harbour' })} />);

    // The pointer goes to Watch Now and presses it: the press focuses the link, too.
    fireEvent.mouseEnter(card('Night Harbour'));
    const watch = screen.getByRole('link', { name: 'Watch Now: Night Harbour' });
    fireEvent.pointerDown(watch);
    fireEvent.focus(watch);
    await wait(2000);
    expect(screen.queryByRole('group')).not.toBeInTheDocument();
    expect(api.requests).toHaveLength(0);

    // A press elsewhere in the card keeps its preview coming.
    fireEvent.mouseLeave(card('Night Harbour'));
    fireEvent.mouseEnter(card('Night Harbour'));
    fireEvent.pointerDown(screen.getByRole('heading', { name: 'Night Harbour' }).closest('article')!);
    await wait(600);
    await screen.findByRole('group', { name: 'Preview: Night Harbour' });
  });

  it('does nothing on a touch screen', async () => {
    screenWith({ hover: false });
    const api = mockDetails({ url: '/media/trailers/7.mp4', type: 'url' });
    renderWithRouter(<MovieCard movie={movieCard({ id: 7, name: 'Night Harbour' })} />);

    fireEvent.mouseEnter(card('Night Harbour'));
    fireEvent.focus(screen.getByRole('link', { name: 'Night Harbour' }));
    await wait(2000);

    expect(screen.queryByRole('group')).not.toBeInTheDocument();
    expect(document.querySelector('video')).toBeNull();
    expect(api.requests).toHaveLength(0);
  });

  it('shows the still for a YouTube trailer, without an embed', async () => {
    screenWith({ hover: true });
    mockDetails({ url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', type: 'youtube' });
    renderWithRouter(<MovieCard movie={movieCard({ id: 7, name: 'Night Harbour' })} />);

    fireEvent.mouseEnter(card('Night Harbour'));
    await wait(600);
    const preview = await screen.findByRole('group', { name: 'Preview: Night Harbour' });
    await eventually(() => expect(preview.querySelector('[role="status"]')).toBeNull());
    expect(preview.querySelector('img')).toHaveAttribute('src', '/media/images/thumb-7.jpg');
    expect(preview.querySelector('video, iframe')).toBeNull();
  });

  it('does not autoplay for members who prefer less motion', async () => {
    screenWith({ hover: true, reducedMotion: true });
    mockDetails({ url: '/media/trailers/7.mp4', type: 'url' });
    renderWithRouter(<MovieCard movie={movieCard({ id: 7, name: 'Night Harbour' })} />);

    fireEvent.mouseEnter(card('Night Harbour'));
    await wait(600);
    const play = await screen.findByRole('button', { name: 'Play trailer' });
    expect(trailer()).toBeNull();
    fireEvent.click(play);
    expect(trailer()).not.toBeNull();
  });
});
