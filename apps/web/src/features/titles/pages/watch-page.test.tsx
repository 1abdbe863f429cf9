import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Messages, type Episode, type LoginData, type MovieDetail } from '@reeltime/contract';
import { mockApi, ok, type Handlers } from '../../../testing/fetch-mock';
import { household, movieDetail, user as userFixture } from '../../../testing/fixtures';
import { renderApp, signIn } from '../../../testing/render';

const MASTER = '/media/s/1767225600/c2lnbmF0dXJl/videos/42/master.m3u8';

const playback: Handlers = {
  'POST /user/playback-progress': ok({ position_seconds: 0, finished: false }),
  'POST /user/playback-lease': ok({
    lease_id: 'lease-0123456789abcdef',
    expires_in_seconds: 90,
    renew_in_seconds: 30,
  }),
};

function renderWatch(detail: MovieDetail, entry = `/watch/${detail.id}`) {
  const api = mockApi({ 'GET /user/movie-details/:id': ok(detail), ...playback });
  return { api, ...renderApp(entry) };
}

function videoElement(): HTMLVideoElement {
  const video = screen.getByRole('region', { name: 'Video player' }).querySelector('video');
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

const show = () =>
  movieDetail({
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
    progress: { position_seconds: 1190, duration_seconds: 1200, episode_id: 11 },
  });

describe('Watch view', () => {
  beforeEach(() => {
    // Play HLS "natively" so the player attaches without hls.js (jsdom has no MediaSource).
    vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockImplementation((type: string) =>
      type === 'application/vnd.apple.mpegurl' ? 'maybe' : '',
    );
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('plays a movie at once from where the member stopped, under its title and a way back', async () => {
    signIn();
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const { router } = renderWatch(
      movieDetail({
        video_links: [{ type: 'hls', url: MASTER, quality: 'auto' }],
        progress: { position_seconds: 90, duration_seconds: 600 },
      }),
    );

    expect(await screen.findByRole('heading', { level: 1, name: 'Night Harbour' })).toBeInTheDocument();
    expect(document.title).toBe('Watch | Reeltime');
    const video = videoElement();
    expect(video.getAttribute('src')).toBe(MASTER);
    Object.defineProperty(video, 'readyState', { configurable: true, value: 1 });
    fireEvent(video, new Event('loadedmetadata'));
    await waitFor(() => expect(play).toHaveBeenCalled());
    expect(video.currentTime).toBe(90);
    // No site header around the picture, and no episode list for a movie.
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Episodes' })).not.toBeInTheDocument();

    // Opened straight from outside the site, Back leads to the title's page.
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/movie-details/7'));
  });

  it('goes back to the page it was opened from', async () => {
    signIn();
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const { router } = renderWatch(
      movieDetail({ video_links: [{ type: 'hls', url: MASTER, quality: 'auto' }] }),
      '/no-such-page',
    );
    await act(() => router.navigate('/watch/7'));
    await screen.findByRole('heading', { level: 1, name: 'Night Harbour' });
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/no-such-page'));
  });

  it('plays the episode in the address from its saved position, lists the episodes and moves on', async () => {
    signIn();
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const { router } = renderWatch(show(), '/watch/7?episode=12');

    expect(await screen.findByRole('heading', { level: 1, name: 'Harbour Lights' })).toBeInTheDocument();
    expect(screen.getByText('S1 E2: Chapter 2')).toBeInTheDocument();
    const video = videoElement();
    expect(video.getAttribute('src')).toBe('/media/s/1/sig/videos/12/master.m3u8');
    Object.defineProperty(video, 'readyState', { configurable: true, value: 1 });
    fireEvent(video, new Event('loadedmetadata'));
    expect(video.currentTime).toBe(300);

    // The episode list opens over the picture; choosing an episode plays it and the address follows.
    const toggle = screen.getByRole('button', { name: 'Episodes' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const panel = screen.getByRole('complementary', { name: 'Episodes' });
    await userEvent.selectOptions(within(panel).getByLabelText('Season'), '2');
    await userEvent.click(within(panel).getByRole('button', { name: 'Play Episode 1: Chapter 1' }));
    await waitFor(() =>
      expect(videoElement().getAttribute('src')).toBe('/media/s/1/sig/videos/21/master.m3u8'),
    );
    expect(router.state.location.search).toBe('?episode=21');
    expect(screen.getByText('S2 E1: Chapter 1')).toBeInTheDocument();
    expect(screen.queryByRole('complementary', { name: 'Episodes' })).not.toBeInTheDocument();
  });

  it('without an episode in the address, moves on from a finished episode and offers the next at its end', async () => {
    signIn();
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    renderWatch(show());

    await screen.findByRole('heading', { level: 1, name: 'Harbour Lights' });
    const video = videoElement();
    expect(video.getAttribute('src')).toBe('/media/s/1/sig/videos/12/master.m3u8');
    Object.defineProperty(video, 'duration', { configurable: true, value: 1200 });
    act(() => {
      fireEvent(video, new Event('ended'));
    });
    const prompt = await screen.findByRole('group', { name: 'Up next' });
    expect(within(prompt).getByText('S2 E1: Chapter 1')).toBeInTheDocument();
    await userEvent.click(within(prompt).getByRole('button', { name: 'Next episode' }));
    await waitFor(() =>
      expect(videoElement().getAttribute('src')).toBe('/media/s/1/sig/videos/21/master.m3u8'),
    );
  });

  /** The show with markers on the video of S1 E2: a recap, an intro and the credits. */
  const showWithMarkers = () => {
    const detail = show();
    const second = detail.seasons![0]!.episodes[1]!;
    second.video_links = [
      {
        ...second.video_links[0]!,
        markers: [
          { type: 'recap', start: 0, end: 20 },
          { type: 'intro', start: 20, end: 80 },
          { type: 'credits', start: 1100, end: 1200 },
        ],
      },
    ];
    return detail;
  };

  /** The <video> of the player, playing, its metadata known. */
  async function playingVideo() {
    await screen.findByRole('heading', { level: 1, name: 'Harbour Lights' });
    const video = videoElement();
    Object.defineProperty(video, 'duration', { configurable: true, value: 1200 });
    Object.defineProperty(video, 'readyState', { configurable: true, value: 4 });
    Object.defineProperty(video, 'paused', { configurable: true, value: false });
    fireEvent(video, new Event('loadedmetadata'));
    fireEvent(video, new Event('play'));
    return video;
  }

  const playTo = (video: HTMLVideoElement, seconds: number) =>
    act(() => {
      video.currentTime = seconds;
      fireEvent(video, new Event('timeupdate'));
    });

  it('offers to skip the recap and the intro while the playhead is in them, seeking to their end', async () => {
    signIn();
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    renderWatch(showWithMarkers(), '/watch/7?episode=12');
    const video = await playingVideo();

    playTo(video, 5);
    const skipRecap = await screen.findByRole('button', { name: 'Skip Recap' });
    expect(screen.queryByRole('button', { name: 'Skip Intro' })).not.toBeInTheDocument();
    await userEvent.click(skipRecap);
    expect(video.currentTime).toBe(20);

    playTo(video, 20);
    const skipIntro = await screen.findByRole('button', { name: 'Skip Intro' });
    // Reachable from the keyboard like any button of the player.
    skipIntro.focus();
    await userEvent.keyboard('{Enter}');
    expect(video.currentTime).toBe(80);
    playTo(video, 80);
    expect(screen.queryByRole('button', { name: /^Skip/ })).not.toBeInTheDocument();
    // Focus stays in the player, where its shortcuts keep working.
    expect(screen.getByRole('region', { name: 'Video player' })).toHaveFocus();

    playTo(video, 300);
    expect(screen.queryByRole('button', { name: /^Skip/ })).not.toBeInTheDocument();
  });

  it('offers the next episode once the credits start, and again only after seeking back before them', async () => {
    signIn();
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    renderWatch(showWithMarkers(), '/watch/7?episode=12');
    const video = await playingVideo();

    playTo(video, 1099);
    expect(screen.queryByRole('group', { name: 'Up next' })).not.toBeInTheDocument();
    playTo(video, 1100.5);
    const prompt = await screen.findByRole('group', { name: 'Up next' });
    expect(within(prompt).getByText('S2 E1: Chapter 1')).toBeInTheDocument();

    await userEvent.click(within(prompt).getByRole('button', { name: 'Cancel' }));
    playTo(video, 1110);
    expect(screen.queryByRole('group', { name: 'Up next' })).not.toBeInTheDocument();

    playTo(video, 600);
    playTo(video, 1101);
    await userEvent.click(
      within(await screen.findByRole('group', { name: 'Up next' })).getByRole('button', {
        name: 'Next episode',
      }),
    );
    await waitFor(() =>
      expect(videoElement().getAttribute('src')).toBe('/media/s/1/sig/videos/21/master.m3u8'),
    );
  });

  it('offers the plans instead of a player to a member without one', async () => {
    signIn();
    renderWatch(movieDetail({ needs_plan: true }));
    expect(await screen.findByText(Messages.choosePlanToWatch)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/plans');
    expect(screen.queryByRole('region', { name: 'Video player' })).not.toBeInTheDocument();
  });

  it('sends a visitor to sign in, and back to the watch view after signing in', async () => {
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const loginData: LoginData = { ...userFixture(), api_token: 'fresh-token' };
    const api = mockApi({
      'GET /user/movie-details/:id': ok(movieDetail({ video_links: [{ type: 'hls', url: MASTER }] })),
      'POST /login': ok(loginData),
      'GET /user/profiles': ok(household()),
      ...playback,
    });
    const { router } = renderApp('/watch/7?episode=3');
    await screen.findByRole('heading', { level: 1, name: 'Sign In' });
    expect(router.state.location.pathname).toBe('/login');
    expect(api.calls('GET /user/movie-details/:id')).toHaveLength(0);

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'asha@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/watch/7'));
    expect(router.state.location.search).toBe('?episode=3');
    expect(await screen.findByRole('heading', { level: 1, name: 'Night Harbour' })).toBeInTheDocument();
  });
});
