import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ContinueWatchingItem } from '@reeltime/contract';
import { fail, mockApi, ok, type Handlers } from '../../../testing/fetch-mock';
import { movieCard } from '../../../testing/fixtures';
import { renderWithRouter, signIn } from '../../../testing/render';
import { ContinueWatchingRow, timeLeft } from './continue-watching-row';

const ROUTE = 'GET /user/continue-watching' as const;

function item(id: number, position: number, duration: number, episodeId?: number): ContinueWatchingItem {
  return {
    ...movieCard({ id, name: `Title ${id}` }),
    position_seconds: position,
    duration_seconds: duration,
    ...(episodeId ? { episode_id: episodeId } : {}),
  };
}

function continueWatching(
  reply: ReturnType<typeof ok<ContinueWatchingItem[]>> | ReturnType<typeof fail>,
): Handlers {
  return { [ROUTE]: reply };
}

const calls = (api: ReturnType<typeof mockApi>) =>
  api.requests.filter((request) => request.url.pathname.endsWith('/user/continue-watching'));

describe('Continue Watching row', () => {
  it('lists unfinished titles with a progress bar and the time left', async () => {
    signIn();
    mockApi(continueWatching(ok([item(3, 1800, 7200), item(4, 300, 1200, 41)])));
    renderWithRouter(<ContinueWatchingRow />);

    const row = await screen.findByRole('region', { name: 'Continue Watching' });
    const links = within(row).getAllByRole('link');
    // Each card resumes in the watch view: the title where it stopped, or the show's episode.
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/watch/3', '/watch/4?episode=41']);
    expect(within(row).getByRole('heading', { level: 3, name: 'Title 3' })).toBeInTheDocument();
    expect(within(row).getByText('1 hr 30 min left')).toBeInTheDocument();
    expect(within(row).getByText('15 min left')).toBeInTheDocument();
    const bars = within(row).getAllByRole('progressbar');
    expect(bars.map((bar) => [bar.getAttribute('aria-label'), bar.getAttribute('aria-valuenow')])).toEqual([
      ['Title 3 watched', '25'],
      ['Title 4 watched', '25'],
    ]);
  });

  it('is hidden when there is nothing to continue', async () => {
    signIn();
    const api = mockApi(continueWatching(ok([])));
    const { container } = renderWithRouter(<ContinueWatchingRow />);

    await waitFor(() => expect(calls(api)).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('region', { name: 'Continue Watching' })).not.toBeInTheDocument();
    expect(container.querySelector('.continue-row')).toBeNull();
  });

  it('is hidden, without a request, for visitors', async () => {
    const api = mockApi(continueWatching(ok([item(3, 60, 600)])));
    renderWithRouter(<ContinueWatchingRow />);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('region', { name: 'Continue Watching' })).not.toBeInTheDocument();
    expect(calls(api)).toHaveLength(0);
  });

  it('is hidden when the list cannot be loaded', async () => {
    signIn();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const api = mockApi(continueWatching(fail(500, 'Something went wrong')));
    renderWithRouter(<ContinueWatchingRow />);
    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect(calls(api)).toHaveLength(1);
    expect(screen.queryByRole('region', { name: 'Continue Watching' })).not.toBeInTheDocument();
  });

  it('says how much is left in minutes and hours', () => {
    expect(timeLeft(0, 600)).toBe('10 min left');
    expect(timeLeft(590, 600)).toBe('1 min left');
    expect(timeLeft(0, 3600)).toBe('1 hr left');
    expect(timeLeft(0, 3900)).toBe('1 hr 5 min left');
  });
});
