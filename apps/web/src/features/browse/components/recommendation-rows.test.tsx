import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CatalogRowEndpoints } from '@reeltime/contract';
import { fail, mockApi, ok } from '../../../testing/fetch-mock';
import { banner, movieCards } from '../../../testing/fixtures';
import { renderApp, signIn } from '../../../testing/render';

const rowHeadings = () =>
  screen
    .getAllByRole('heading', { level: 2 })
    .map((heading) => heading.textContent)
    .filter((text) => text !== 'Night Harbour');

/** A page as tall as its rows, so rows beyond the first wait for a scroll to the bottom. */
function tallPage() {
  const height = () => 1000 + document.querySelectorAll('.movie-row').length * 400;
  vi.spyOn(document.documentElement, 'scrollHeight', 'get').mockImplementation(height);
  vi.spyOn(window, 'innerHeight', 'get').mockReturnValue(800);
  let scrollY = 0;
  vi.spyOn(window, 'scrollY', 'get').mockImplementation(() => scrollY);
  return {
    toBottom: () => {
      scrollY = height() - 800;
      fireEvent.scroll(window);
    },
  };
}

const ROWS = [
  {
    key: 'because:9',
    title: 'Because you watched Night Harbour',
    reason_title_id: 9,
    items: movieCards(3, 100),
  },
  { key: 'trending', title: 'Trending now', items: movieCards(2, 200) },
  { key: 'new', title: 'New on Reeltime', items: [] },
];

describe('Personal rows on the browse page', () => {
  beforeEach(() => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    signIn();
  });
  afterEach(() => vi.restoreAllMocks());

  function mockBrowse(recommendations: Parameters<typeof mockApi>[0] = {}) {
    const rows = Object.fromEntries(
      Object.values(CatalogRowEndpoints).map((row) => [`GET ${row.path}`, ok(movieCards(2, 300))]),
    );
    return mockApi({
      ...rows,
      'GET /user/banners': ok([banner()]),
      'GET /user/popular-movie': ok(movieCards(12)),
      'GET /user/continue-watching': ok([]),
      'GET /user/subscription-plan': ok({ activeSubscriptions: [] }),
      ...recommendations,
    });
  }

  it('come after the first row once the page is scrolled, each with its cards, an empty one left out', async () => {
    const page = tallPage();
    const api = mockBrowse({ 'GET /user/recommendations': ok(ROWS) });
    renderApp('/browse');

    await screen.findByRole('region', { name: 'Top 10' });
    await act(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    expect(api.calls('GET /user/recommendations')).toHaveLength(0);

    page.toBottom();
    const because = await screen.findByRole('region', { name: 'Because you watched Night Harbour' });
    expect(
      within(because)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Title 100', 'Title 101', 'Title 102']);
    await waitFor(() =>
      expect(rowHeadings()).toEqual([
        'Top 10',
        'Because you watched Night Harbour',
        'Trending now',
        'Latest Movies',
      ]),
    );
    expect(screen.queryByRole('region', { name: 'New on Reeltime' })).not.toBeInTheDocument();
    expect(api.calls('GET /user/recommendations')).toHaveLength(1);
  });

  it('shows a placeholder row with shimmer cards while they load, and no row when the load fails', async () => {
    const page = tallPage();
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    mockBrowse({
      'GET /user/recommendations': async () => {
        await gate;
        return fail(500, 'boom');
      },
    });
    renderApp('/browse');
    await screen.findByRole('region', { name: 'Top 10' });
    page.toBottom();

    const placeholder = await screen.findByRole('region', { name: 'Picked for you' });
    const status = within(placeholder).getByRole('status');
    expect(status).toHaveTextContent('Loading Picked for you');
    expect(status.querySelectorAll('.shimmer-card')).toHaveLength(5);

    release();
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Picked for you' })).not.toBeInTheDocument(),
    );
    expect(rowHeadings()).toEqual(['Top 10', 'Latest Movies']);
    expect(warn).toHaveBeenCalled();
  });
});
