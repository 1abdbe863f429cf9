import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CatalogRowEndpoints, Messages } from '@reeltime/contract';
import { fail, mockApi, ok } from '../../../testing/fetch-mock';
import { banner, movieCards } from '../../../testing/fixtures';
import { renderApp, signIn } from '../../../testing/render';

const ROW_TITLES = [
  'Top 10',
  'Latest Movies',
  'Popular Movies',
  'Top TV Channels',
  'Free Movies',
  'Most Liked Movies',
  'Most Viewed Movies',
];

const ROW_HEIGHT = 400;
const VIEWPORT = 800;

/** A page as tall as its rows, like a real layout, so "near the bottom" depends on the rows shown. */
function fakeLayout() {
  const rows = () => document.querySelectorAll('.movie-row').length;
  vi.spyOn(document.documentElement, 'scrollHeight', 'get').mockImplementation(
    () => 1000 + rows() * ROW_HEIGHT,
  );
  vi.spyOn(window, 'innerHeight', 'get').mockReturnValue(VIEWPORT);
  let scrollY = 0;
  vi.spyOn(window, 'scrollY', 'get').mockImplementation(() => scrollY);
  return {
    /** Scrolls so the page bottom is `gap` px below the viewport bottom. */
    scrollToGap: (gap: number) => {
      scrollY = 1000 + rows() * ROW_HEIGHT - VIEWPORT - gap;
      fireEvent.scroll(window);
    },
  };
}

const rowHeadings = () =>
  screen
    .getAllByRole('heading', { level: 2 })
    .map((heading) => heading.textContent)
    .filter((text) => text !== 'Night Harbour');

describe('Browse page', () => {
  beforeEach(() => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows the first row at once and two more each time the bottom comes within 50px', async () => {
    const layout = fakeLayout();
    const api = mockApi({
      'GET /user/banners': ok([banner()]),
      'GET /user/popular-movie': ok(movieCards(12)),
      'GET /user/all-time-popular-movie': ok(movieCards(4, 500)),
      'GET /user/latest-movie': ok(movieCards(3, 100)),
      'GET /user/top-channels': ok([]),
      'GET /user/free-movie': ok(movieCards(2, 200)),
      'GET /user/most-like-movie': ok(movieCards(2, 300)),
      'GET /user/most-view-movie': ok(movieCards(2, 400)),
    });
    renderApp('/browse');

    expect(await screen.findByRole('heading', { level: 2, name: 'Top 10' })).toBeInTheDocument();
    await act(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    expect(rowHeadings()).toEqual(['Top 10']);
    expect(api.calls('GET /user/latest-movie')).toHaveLength(0);

    layout.scrollToGap(51);
    await act(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    expect(rowHeadings()).toEqual(['Top 10']);

    layout.scrollToGap(50);
    await waitFor(() => expect(rowHeadings()).toEqual(ROW_TITLES.slice(0, 3)));
    await act(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    expect(rowHeadings()).toEqual(ROW_TITLES.slice(0, 3));

    layout.scrollToGap(10);
    await waitFor(() => expect(rowHeadings()).toEqual(ROW_TITLES.slice(0, 5)));

    layout.scrollToGap(0);
    await waitFor(() => expect(rowHeadings()).toEqual(ROW_TITLES));

    // Top 10 (recent views) and Popular Movies (movies, all time) are ranked apart; the empty row says so.
    expect(api.calls('GET /user/popular-movie')).toHaveLength(1);
    const popularMovies = screen.getByRole('region', { name: 'Popular Movies' });
    expect(await within(popularMovies).findAllByRole('heading', { level: 3 })).toHaveLength(4);
    // Visitors have no personal rows and never ask for them.
    expect(api.calls('GET /user/recommendations')).toHaveLength(0);
    const topTv = screen.getByRole('region', { name: 'Top TV Channels' });
    expect(await within(topTv).findByText(Messages.noVideos)).toBeInTheDocument();
    const top10 = screen.getByRole('region', { name: 'Top 10' });
    expect(await within(top10).findAllByRole('heading', { level: 3 })).toHaveLength(10);
  });

  it('shows five placeholders while a row loads and an empty row when the load fails', async () => {
    fakeLayout();
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    mockApi({
      'GET /user/banners': fail(500, 'boom'),
      [`GET ${CatalogRowEndpoints.popular.path}`]: async () => {
        await gate;
        return fail(500, 'boom');
      },
    });
    renderApp('/browse');

    const row = await screen.findByRole('region', { name: 'Top 10' });
    const status = within(row).getByRole('status');
    expect(status).toHaveTextContent('Loading Top 10');
    expect(status.querySelectorAll('.shimmer-card')).toHaveLength(5);

    release();
    expect(await within(row).findByText(Messages.noVideos)).toBeInTheDocument();
    expect(warn).toHaveBeenCalled();
    // A failed banner load shows nothing.
    expect(screen.queryByRole('link', { name: 'Play Now' })).not.toBeInTheDocument();
  });

  it('renders the banner: genres, title, year, language, duration, rating, Play Now and the ad slot', async () => {
    fakeLayout();
    mockApi({ 'GET /user/banners': ok([banner()]), 'GET /user/popular-movie': ok([]) });
    renderApp('/browse');

    const title = await screen.findByRole('heading', { level: 2, name: 'Night Harbour' });
    const hero = title.closest('section') as HTMLElement;
    expect(within(hero).getByText('Drama')).toBeInTheDocument();
    expect(within(hero).getByText('2024')).toBeInTheDocument();
    expect(within(hero).getByText('English')).toBeInTheDocument();
    expect(within(hero).getByText('1hrs 52min')).toBeInTheDocument();
    expect(within(hero).getByText('7.8')).toBeInTheDocument();
    expect(within(hero).getByRole('link', { name: 'Play Now' })).toHaveAttribute('href', '/watch/7');
    expect(within(hero).getByRole('complementary', { name: 'Advertisement' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Browse' })).toBeInTheDocument();
    expect(document.title).toBe('Browse | Reeltime');
  });

  it('puts Continue Watching first for a member with unfinished titles', async () => {
    fakeLayout();
    signIn();
    mockApi({
      'GET /user/banners': ok([banner()]),
      'GET /user/popular-movie': ok(movieCards(3)),
      'GET /user/continue-watching': ok([
        { ...movieCards(1, 50)[0]!, position_seconds: 600, duration_seconds: 1200 },
      ]),
      'GET /user/subscription-plan': ok({ activeSubscriptions: [] }),
    });
    renderApp('/browse');

    const row = await screen.findByRole('region', { name: 'Continue Watching' });
    expect(within(row).getByRole('progressbar', { name: 'Title 50 watched' })).toHaveAttribute(
      'aria-valuenow',
      '50',
    );
    await screen.findByRole('region', { name: 'Top 10' });
    expect(rowHeadings().slice(0, 2)).toEqual(['Continue Watching', 'Top 10']);
  });
});
