import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  Messages,
  type Episode,
  type LikeResult,
  type MovieDetail,
  type PlaybackProgressResult,
} from '@reeltime/contract';
import { mockApi, ok, type Handlers } from '../../../testing/fetch-mock';
import { movieDetail } from '../../../testing/fixtures';
import { renderApp, signIn } from '../../../testing/render';

const MASTER = '/media/s/1767225600/c2lnbmF0dXJl/videos/42/master.m3u8';

/** The like and progress routes, answering as the contract types them. */
function playbackHandlers(handlers: {
  like?: LikeResult | ((count: number) => LikeResult);
  progress?: PlaybackProgressResult;
}): Handlers {
  let likeCalls = 0;
  const { like } = handlers;
  return {
    ...(like
      ? {
          'POST /user/like': () => {
            likeCalls++;
            return ok(typeof like === 'function' ? like(likeCalls) : like);
          },
        }
      : {}),
    'POST /user/playback-progress': ok(handlers.progress ?? { position_seconds: 0, finished: false }),
  };
}

function renderDetails(detail: MovieDetail, extra: Handlers = {}) {
  const api = mockApi({ 'GET /user/movie-details/:id': ok(detail), ...extra });
  const view = renderApp(`/movie-details/${detail.id}`);
  return { api, ...view };
}

function videoElement(): HTMLVideoElement {
  const region = screen.getByRole('region', { name: 'Video player' });
  const video = region.querySelector('video');
  if (!video) throw new Error('no <video> in the player');
  return video;
}

function episode(id: number, number: number, overrides: Partial<Episode> = {}): Episode {
  return {
    id,
    episode_number: number,
    name: `Chapter ${number}`,
    description: '',
    duration: '0:20',
    thumbnail_image: `/media/images/ep-${id}.jpg`,
    video_links: [{ type: 'hls', url: `/media/s/1/sig/videos/${id}/master.m3u8` }],
    ...overrides,
  };
}

describe('Movie details: resume, like and episodes', () => {
  beforeEach(() => {
    // Play HLS "natively" so the player attaches without hls.js (jsdom has no MediaSource).
    vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockImplementation((type: string) =>
      type === 'application/vnd.apple.mpegurl' ? 'maybe' : '',
    );
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('offers "Resume from mm:ss" next to "Play from start" and resumes there', async () => {
    signIn();
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    renderDetails(
      movieDetail({
        video_links: [{ type: 'hls', url: MASTER, quality: 'auto' }],
        progress: { position_seconds: 90, duration_seconds: 600 },
      }),
      playbackHandlers({}),
    );

    const resume = await screen.findByRole('button', { name: 'Resume from 01:30' });
    expect(screen.getByRole('button', { name: 'Play from start' })).toBeInTheDocument();
    expect(screen.getByText('01:30 of 10:00 watched')).toBeInTheDocument();

    // The player sets its source once its media engine has loaded, which may come after the offer.
    await waitFor(() => expect(videoElement().getAttribute('src')).toBe(MASTER));
    const video = videoElement();
    expect(video).toHaveAccessibleName('Night Harbour video player');

    await userEvent.click(resume);
    expect(play).toHaveBeenCalled();
    Object.defineProperty(video, 'readyState', { configurable: true, value: 1 });
    fireEvent(video, new Event('loadedmetadata'));
    expect(video.currentTime).toBe(90);

    await userEvent.click(screen.getByRole('button', { name: 'Play from start' }));
    expect(video.currentTime).toBe(0);
  });

  it('shows a finished title as watched, without a resume offer', async () => {
    signIn();
    renderDetails(
      movieDetail({
        video_links: [{ type: 'hls', url: MASTER }],
        progress: { position_seconds: 590, duration_seconds: 600 },
      }),
    );

    expect(await screen.findByRole('button', { name: 'Play from start' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Resume/ })).not.toBeInTheDocument();
    expect(screen.getByText('Watched')).toBeInTheDocument();
  });

  it('plays from the start when nothing was saved, and shows no resume offer to visitors', async () => {
    signIn();
    const { unmount } = renderDetails(
      movieDetail({ video_links: [{ type: 'hls', url: MASTER }], progress: null }),
    );
    expect(await screen.findByRole('button', { name: 'Watch Now' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Resume/ })).not.toBeInTheDocument();
    unmount();

    window.localStorage.clear();
    renderDetails(movieDetail());
    expect(await screen.findByRole('link', { name: 'Watch Now' })).toHaveAttribute(
      'href',
      '/login?next=%2Fmovie-details%2F7',
    );
    expect(screen.queryByRole('button', { name: /Resume|Play from start/ })).not.toBeInTheDocument();
  });

  it('toggles the like with the server and shows the count', async () => {
    signIn();
    const { api } = renderDetails(
      movieDetail({ is_liked: false, likes: 12 }),
      playbackHandlers({
        like: (call) => (call === 1 ? { is_liked: true, likes: 13 } : { is_liked: false, likes: 12 }),
      }),
    );

    const like = await screen.findByRole('button', { name: 'Like Night Harbour' });
    expect(like).toHaveAttribute('aria-pressed', 'false');
    expect(like).toHaveAccessibleDescription('12 likes');

    await userEvent.click(like);
    await waitFor(() => expect(like).toHaveAttribute('aria-pressed', 'true'));
    expect(like).toHaveAccessibleDescription('13 likes');
    const calls = api.requests.filter((request) => request.url.pathname.endsWith('/user/like'));
    expect(calls.map((request) => request.json())).toEqual([{ entertainment_id: 7 }]);

    await userEvent.click(like);
    await waitFor(() => expect(like).toHaveAttribute('aria-pressed', 'false'));
    expect(like).toHaveAccessibleDescription('12 likes');
  });

  it('sends a visitor who presses Like to sign in', async () => {
    const { api, router } = renderDetails(movieDetail({ likes: 3 }));
    const like = await screen.findByRole('button', { name: 'Like Night Harbour' });
    expect(like).not.toHaveAttribute('aria-pressed');
    await userEvent.click(like);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(api.requests.some((request) => request.url.pathname.endsWith('/user/like'))).toBe(false);
  });

  it('resumes the saved episode, shows its progress, and offers the next episode at the end', async () => {
    signIn();
    const show = movieDetail({
      type: 'tvshow',
      name: 'Harbour Lights',
      seasons: [
        {
          id: 1,
          season_number: 1,
          name: 'Season 1',
          episodes: [
            episode(11, 1, { progress: { position_seconds: 1190, duration_seconds: 1200 } }),
            episode(12, 2, { progress: { position_seconds: 300, duration_seconds: 1200 } }),
          ],
        },
        { id: 2, season_number: 2, name: 'Season 2', episodes: [episode(21, 1)] },
      ],
      progress: { position_seconds: 300, duration_seconds: 1200, episode_id: 12 },
    });
    const { api } = renderDetails(
      show,
      playbackHandlers({ progress: { position_seconds: 1200, finished: true } }),
    );

    expect(await screen.findByRole('button', { name: 'Resume from 05:00' })).toBeInTheDocument();
    expect(screen.getByText('S1 E2: Chapter 2 · 05:00 of 20:00 watched')).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Resume Episode 2: Chapter 2 from 05:00' }),
    ).toBeInTheDocument();
    // An earlier episode keeps its own progress: watched to the end.
    expect(screen.getByRole('button', { name: 'Play again Episode 1: Chapter 1' })).toBeInTheDocument();
    expect(screen.getAllByText('Watched')).toHaveLength(1);
    expect(screen.getByLabelText('Season')).toHaveValue('1');
    await waitFor(() =>
      expect(videoElement().getAttribute('src')).toBe('/media/s/1/sig/videos/12/master.m3u8'),
    );
    const video = videoElement();

    // The episode ends: the next one (in the next season) is offered, and Cancel dismisses it.
    Object.defineProperty(video, 'duration', { configurable: true, value: 1200 });
    Object.defineProperty(video, 'currentTime', { configurable: true, value: 1200 });
    act(() => {
      fireEvent(video, new Event('ended'));
    });
    const prompt = await screen.findByRole('group', { name: 'Up next' });
    expect(within(prompt).getByText('S2 E1: Chapter 1')).toBeInTheDocument();
    await userEvent.click(within(prompt).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('group', { name: 'Up next' })).not.toBeInTheDocument();
    await waitFor(() =>
      expect(
        api.requests
          .filter((request) => request.url.pathname.endsWith('/user/playback-progress'))
          .map((request) => request.json()),
      ).toEqual([{ entertainment_id: 7, episode_id: 12, position_seconds: 1200, duration_seconds: 1200 }]),
    );

    // Ending again and choosing "Next episode" loads that episode's link and follows its season.
    act(() => {
      fireEvent(video, new Event('ended'));
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Next episode' }));
    await waitFor(() =>
      expect(videoElement().getAttribute('src')).toBe('/media/s/1/sig/videos/21/master.m3u8'),
    );
    expect(screen.getByText('Now showing S2 E1: Chapter 1')).toBeInTheDocument();
    expect(screen.getByLabelText('Season')).toHaveValue('2');
  });

  it('starts the next episode by itself when the countdown runs out', async () => {
    signIn();
    const show = movieDetail({
      type: 'tvshow',
      seasons: [{ id: 1, season_number: 1, name: 'Season 1', episodes: [episode(11, 1), episode(12, 2)] }],
      progress: null,
    });
    renderDetails(show, playbackHandlers({}));
    expect(await screen.findByRole('button', { name: 'Play S1 E1' })).toBeInTheDocument();
    const video = videoElement();
    Object.defineProperty(video, 'duration', { configurable: true, value: 1200 });

    vi.useFakeTimers();
    try {
      act(() => {
        fireEvent(video, new Event('ended'));
      });
      expect(screen.getByRole('group', { name: 'Up next' })).toHaveTextContent('Starts in 10s');
      const tick = (seconds: number) => {
        for (let second = 0; second < seconds; second++) {
          act(() => {
            vi.advanceTimersByTime(1000);
          });
        }
      };
      tick(5);
      expect(screen.getByRole('group', { name: 'Up next' })).toHaveTextContent('Starts in 5s');
      tick(5);
      expect(screen.queryByRole('group', { name: 'Up next' })).not.toBeInTheDocument();
      expect(videoElement().getAttribute('src')).toBe('/media/s/1/sig/videos/12/master.m3u8');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('Movie details: a member without a plan', () => {
  it('gets the trailer and a call to choose a plan where Watch Now would be', async () => {
    signIn();
    const { router } = renderDetails(movieDetail({ needs_plan: true, video_links: [] }));

    const choose = await screen.findByRole('link', { name: Messages.choosePlanToWatch });
    expect(choose).toHaveAttribute('href', '/plans');
    expect(screen.queryByRole('button', { name: 'Watch Now' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Watch Now' })).not.toBeInTheDocument();
    expect(screen.getByText('Trailer')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Video player' }).querySelector('iframe')).toHaveAttribute(
      'src',
      expect.stringContaining('youtube'),
    );

    mockApi({
      'GET /user/plans': ok([]),
      'GET /user/subscription-plan': ok({ activeSubscriptions: [] }),
    });
    await userEvent.click(choose);
    await waitFor(() => expect(router.state.location.pathname).toBe('/plans'));
  });

  it('leaves visitors with Watch Now leading to sign in', async () => {
    renderDetails(movieDetail({ needs_plan: false }));
    expect(await screen.findByRole('link', { name: 'Watch Now' })).toHaveAttribute(
      'href',
      '/login?next=%2Fmovie-details%2F7',
    );
    expect(screen.queryByRole('link', { name: Messages.choosePlanToWatch })).not.toBeInTheDocument();
  });
});
