import { fireEvent, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MovieDetail } from '@reeltime/contract';
import { titleDetailsKey } from '../lib/query-keys';
import { mockApi, ok } from '../testing/fetch-mock';
import { movieDetail } from '../testing/fixtures';
import { testQueryClient } from '../testing/render';

/** What the preload asks for, observed where it leaves the module. */
const seen = vi.hoisted(() => ({
  preloadHls: vi.fn(),
  warmStreamStart: vi.fn(async (_url: string) => undefined),
  watchPageLoads: vi.fn(),
}));

vi.mock('../components/player/media-engine', () => ({ preloadHls: seen.preloadHls }));
vi.mock('../components/player/stream-warmup', () => ({ warmStreamStart: seen.warmStreamStart }));

const MASTER = '/media/s/1767225600/1080/c2lnbmF0dXJl/videos/42/master.m3u8';
const EPISODE_MASTER = '/media/s/1767225600/1080/c2lnbmF0dXJl/videos/51/master.m3u8';

const movie = movieDetail({ id: 42, video_links: [{ type: 'hls', url: MASTER }] });
const show = movieDetail({
  id: 50,
  type: 'tvshow',
  seasons: [
    {
      id: 1,
      season_number: 1,
      name: 'Season 1',
      episodes: [
        {
          id: 51,
          episode_number: 1,
          name: 'Pilot',
          description: '',
          duration: '0:40',
          thumbnail_image: '',
          video_links: [{ type: 'hls', url: EPISODE_MASTER }],
        },
      ],
    },
  ],
});

function details(...titles: MovieDetail[]) {
  return mockApi({
    'GET /user/movie-details/:id': (request) => {
      const found = titles.find((title) => String(title.id) === request.params.id);
      return ok(found ?? movieDetail({ id: Number(request.params.id) }));
    },
  });
}

/** The module afresh (it remembers that the code was asked for), started on a page of links. */
async function start(html = '<a href="/watch/42">Play Now</a><a href="/movie-details/42">Night Harbour</a>') {
  vi.resetModules();
  // The watch view's route module, counted each time it is loaded.
  vi.doMock('../features/titles/pages/watch-page', () => {
    seen.watchPageLoads();
    return { WatchPage: () => null };
  });
  document.body.innerHTML = html;
  const { startWatchPreload } = await import('./watch-preload');
  const queryClient = testQueryClient();
  const stop = startWatchPreload(queryClient);
  return { stop, queryClient, link: (name: string) => document.body.querySelector(`a[href="${name}"]`)! };
}

describe('startWatchPreload', () => {
  let stops: Array<() => void> = [];

  beforeEach(() => {
    for (const spy of Object.values(seen)) spy.mockClear();
    // The page is loading: nothing is fetched on idle until it has.
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
  });

  afterEach(() => {
    for (const stop of stops) stop();
    stops = [];
    document.body.innerHTML = '';
    Reflect.deleteProperty(navigator, 'connection');
  });

  /** Chrome's Network Information (jsdom has none): whether the member asked to save data. */
  const savingData = (saveData: boolean) =>
    Object.defineProperty(navigator, 'connection', { configurable: true, get: () => ({ saveData }) });

  const started = async (html?: string) => {
    const result = await start(html);
    stops.push(result.stop);
    return result;
  };

  it("pressing Play fetches the title's details at once, then its stream's first playlists", async () => {
    const api = details(movie);
    const { link, queryClient } = await started();
    fireEvent.pointerDown(link('/watch/42'));
    // Synchronously: before the click that follows is handled.
    expect(api.calls('GET /user/movie-details/:id')).toHaveLength(1);
    expect(seen.preloadHls).toHaveBeenCalled();
    await waitFor(() => expect(seen.warmStreamStart).toHaveBeenCalledWith(MASTER));
    expect(seen.watchPageLoads).toHaveBeenCalled();
    // The watch view finds the details in the cache, fresh.
    expect(queryClient.getQueryData(titleDetailsKey(42))).toMatchObject({ id: 42 });
  });

  it('warms the episode the link names, and Enter on a focused link counts as a press', async () => {
    details(show);
    const { link } = await started('<a href="/watch/50?episode=51">Resume</a>');
    fireEvent.keyDown(link('/watch/50?episode=51'), { key: 'Enter' });
    await waitFor(() => expect(seen.warmStreamStart).toHaveBeenCalledWith(EPISODE_MASTER));
  });

  it('pointing at or focusing a Play link loads the code only', async () => {
    const api = details(movie);
    const { link } = await started();
    fireEvent.pointerOver(link('/watch/42'));
    fireEvent.focusIn(link('/watch/42'));
    expect(seen.preloadHls).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(seen.watchPageLoads).toHaveBeenCalled());
    expect(api.calls('GET /user/movie-details/:id')).toHaveLength(0);
  });

  it('leaves other links alone, and a member without a plan gets no playlists', async () => {
    const api = details(movieDetail({ id: 42, needs_plan: true }));
    const { link } = await started();
    fireEvent.pointerDown(link('/movie-details/42'));
    fireEvent.keyDown(link('/watch/42'), { key: 'Tab' });
    expect(api.calls('GET /user/movie-details/:id')).toHaveLength(0);
    expect(seen.preloadHls).not.toHaveBeenCalled();

    fireEvent.pointerDown(link('/watch/42'));
    await waitFor(() => expect(api.calls('GET /user/movie-details/:id')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(seen.warmStreamStart).not.toHaveBeenCalled();
  });

  it('loads the code once the page has loaded, the member has used it and the browser is idle, unless the member saves data', async () => {
    const idle = vi.fn((task: IdleRequestCallback) => {
      task({ didTimeout: false, timeRemaining: () => 50 });
      return 1;
    });
    vi.stubGlobal('requestIdleCallback', idle);
    vi.stubGlobal('cancelIdleCallback', vi.fn());
    savingData(true);
    await started();
    window.dispatchEvent(new Event('load'));
    fireEvent.pointerMove(document.body);
    expect(idle).not.toHaveBeenCalled();
    expect(seen.preloadHls).not.toHaveBeenCalled();

    savingData(false);
    await started();
    expect(seen.preloadHls).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('load'));
    // Loaded, but nobody has touched the page yet: its first view keeps the network.
    expect(idle).not.toHaveBeenCalled();
    expect(seen.preloadHls).not.toHaveBeenCalled();
    fireEvent.scroll(window);
    expect(idle).toHaveBeenCalledTimes(1);
    expect(seen.preloadHls).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(document.body, { key: 'Tab' });
    expect(idle).toHaveBeenCalledTimes(1);
  });

  it('an input before the load event counts once the page has loaded', async () => {
    const idle = vi.fn(() => 1);
    vi.stubGlobal('requestIdleCallback', idle);
    vi.stubGlobal('cancelIdleCallback', vi.fn());
    await started();
    fireEvent.touchStart(document.body);
    expect(idle).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('load'));
    expect(idle).toHaveBeenCalledTimes(1);
  });

  it('stops listening when stopped', async () => {
    const api = details(movie);
    const { link, stop } = await started();
    stop();
    fireEvent.pointerDown(link('/watch/42'));
    fireEvent.pointerOver(link('/watch/42'));
    expect(api.calls('GET /user/movie-details/:id')).toHaveLength(0);
    expect(seen.preloadHls).not.toHaveBeenCalled();
  });
});
