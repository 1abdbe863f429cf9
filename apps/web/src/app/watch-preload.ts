import type { QueryClient } from '@tanstack/react-query';
import { preloadHls } from '../components/player/media-engine';
import { warmStreamStart } from '../components/player/stream-warmup';
import { watchDetailsQuery } from '../features/titles/api/titles-api';
import { watchSourceOf, watchStartOf } from '../features/titles/playback-plan';
import { patterns } from '../lib/paths';
import { notePlayPress } from '../lib/play-press';

/** Once it may start, the longest the preload waits for the browser to be idle. */
const IDLE_TIMEOUT_MS = 2000;

let codeRequested = false;

/** The watch view's code (its route chunk and stylesheet) and hls.js, fetched once per page. */
export function preloadWatchCode(): void {
  if (codeRequested) return;
  codeRequested = true;
  import('../features/titles/pages/watch-page').catch(() => {
    codeRequested = false;
  });
  preloadHls();
}

/** `/watch/`: what every link to the watch view starts with. */
const WATCH_PREFIX = patterns.watch.slice(0, patterns.watch.indexOf(':id'));

/** What a link to the watch view plays (`/watch/12?episode=3`), or null for any other target. */
export function watchLinkOf(target: EventTarget | null): { id: number; episodeId: number | null } | null {
  if (!(target instanceof Element)) return null;
  const link = target.closest('a[href]');
  if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return null;
  if (!link.pathname.startsWith(WATCH_PREFIX)) return null;
  const id = Number(link.pathname.slice(WATCH_PREFIX.length));
  if (!Number.isInteger(id) || id < 1) return null;
  const episode = Number(new URLSearchParams(link.search).get('episode'));
  return { id, episodeId: Number.isInteger(episode) && episode > 0 ? episode : null };
}

/**
 * Starts what the watch view will ask for first: the title's details (at once, before the click
 * that follows the press is handled), then its stream's first playlists.
 */
async function prefetchPlayback(
  queryClient: QueryClient,
  { id, episodeId }: { id: number; episodeId: number | null },
): Promise<void> {
  const movie = await queryClient.fetchQuery(watchDetailsQuery(id)).catch(() => null);
  if (!movie || movie.needs_plan) return;
  const source = watchSourceOf(movie, watchStartOf(movie, episodeId).episodeId);
  if (source?.type === 'hls') await warmStreamStart(source.url);
}

/** What shows that the member has started looking around the page. */
const FIRST_INPUT_EVENTS = [
  'pointermove',
  'pointerdown',
  'keydown',
  'wheel',
  'scroll',
  'touchstart',
] as const;

/**
 * Runs `task` once the page has loaded, the member has done something on it (moved the pointer,
 * touched, scrolled, pressed a key) and the browser is idle; gives back a cancel. Until then the
 * network and the main thread belong to the page's own first view.
 */
function whenIdle(task: () => void): () => void {
  let idle: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let loaded = document.readyState === 'complete';
  let interacted = false;
  const schedule = () => {
    if (!loaded || !interacted || idle !== undefined || timer !== undefined) return;
    if (typeof window.requestIdleCallback === 'function')
      idle = window.requestIdleCallback(task, { timeout: IDLE_TIMEOUT_MS });
    else timer = setTimeout(task, 200);
  };
  const onLoad = () => {
    loaded = true;
    schedule();
  };
  const onInput = () => {
    interacted = true;
    for (const type of FIRST_INPUT_EVENTS) window.removeEventListener(type, onInput, true);
    schedule();
  };
  if (!loaded) window.addEventListener('load', onLoad, { once: true });
  for (const type of FIRST_INPUT_EVENTS)
    window.addEventListener(type, onInput, { capture: true, passive: true });
  return () => {
    window.removeEventListener('load', onLoad);
    for (const type of FIRST_INPUT_EVENTS) window.removeEventListener(type, onInput, true);
    if (idle !== undefined) window.cancelIdleCallback(idle);
    clearTimeout(timer);
  };
}

/** Whether the member asked the browser to spare data (Chrome's Save-Data). */
function savesData(): boolean {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  return connection?.saveData === true;
}

/**
 * Gets the watch view ready before Play is pressed, so its first frames come sooner: its code and
 * hls.js once the page has loaded, the member has started using it and the browser is idle (unless
 * the member saves data), or as soon as a link to it is
 * pointed at or focused; pressing such a link (pointer down, or Enter) also fetches the title's
 * details, which the watch view then plays from, and its stream's first playlists. Gives back a
 * function that stops listening.
 */
export function startWatchPreload(queryClient: QueryClient): () => void {
  const cancelIdle = savesData() ? () => undefined : whenIdle(preloadWatchCode);
  const onIntent = (event: Event) => {
    if (watchLinkOf(event.target) !== null) preloadWatchCode();
  };
  const onPress = (event: Event) => {
    if (event instanceof KeyboardEvent && event.key !== 'Enter') return;
    const link = watchLinkOf(event.target);
    if (link === null) return;
    notePlayPress(link.id, link.episodeId, event.timeStamp);
    preloadWatchCode();
    void prefetchPlayback(queryClient, link);
  };
  document.addEventListener('pointerover', onIntent, { passive: true });
  document.addEventListener('focusin', onIntent);
  document.addEventListener('pointerdown', onPress, { passive: true });
  document.addEventListener('keydown', onPress);
  return () => {
    cancelIdle();
    document.removeEventListener('pointerover', onIntent);
    document.removeEventListener('focusin', onIntent);
    document.removeEventListener('pointerdown', onPress);
    document.removeEventListener('keydown', onPress);
  };
}
