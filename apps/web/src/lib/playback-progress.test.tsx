import type { ReactNode } from 'react';
import { act, renderHook } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FINISHED_SHARE as CONTRACT_FINISHED_SHARE, ServerMessages } from '@reeltime/contract';
import { fail, mockApi, ok } from '../testing/fetch-mock';
import { signIn, testQueryClient } from '../testing/render';
import { getToken, getUser } from './session';
import {
  FINISHED_SHARE,
  createProgressTracker,
  isFinishedAt,
  progressBody,
  usePlaybackProgress,
  type PlaybackSnapshot,
} from './playback-progress';

/** Plays for `seconds` of wall-clock time, reporting a tick every 250 ms like `timeupdate`. */
function play(tick: (snapshot: PlaybackSnapshot) => void, from: number, seconds: number, duration = 600) {
  let position = from;
  for (let step = 0; step < seconds * 4; step++) {
    vi.advanceTimersByTime(250);
    position += 0.25;
    tick({ position, duration });
  }
  return position;
}

describe('progress tracker', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('saves at most once per 10 s of playback', () => {
    const save = vi.fn();
    const tracker = createProgressTracker({ save });
    tracker.tick({ position: 0, duration: 600 });

    play((snapshot) => tracker.tick(snapshot), 0, 9.75);
    expect(save).not.toHaveBeenCalled();

    play((snapshot) => tracker.tick(snapshot), 9.75, 0.25);
    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenLastCalledWith({ position: 10, duration: 600 }, { keepalive: false });

    play((snapshot) => tracker.tick(snapshot), 10, 9.5);
    expect(save).toHaveBeenCalledTimes(1);
    play((snapshot) => tracker.tick(snapshot), 19.5, 0.5);
    expect(save).toHaveBeenCalledTimes(2);
    play((snapshot) => tracker.tick(snapshot), 20, 15);
    expect(save.mock.calls.map(([snapshot]) => (snapshot as PlaybackSnapshot).position)).toEqual([
      10, 20, 30,
    ]);
  });

  it('saves at once on pause and on leaving, never the same position twice', () => {
    const save = vi.fn();
    const tracker = createProgressTracker({ save });
    const position = play((snapshot) => tracker.tick(snapshot), 30, 4);

    tracker.flush({ position, duration: 600 });
    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenLastCalledWith({ position: 34, duration: 600 }, { keepalive: false });

    tracker.flush(undefined, true);
    expect(save).toHaveBeenCalledTimes(1);

    tracker.tick({ position: 36, duration: 600 });
    tracker.flush(undefined, true);
    expect(save).toHaveBeenCalledTimes(2);
    expect(save).toHaveBeenLastCalledWith({ position: 36, duration: 600 }, { keepalive: true });
  });

  it('sends nothing before the duration is known', () => {
    const save = vi.fn();
    const tracker = createProgressTracker({ save });
    tracker.flush({ position: 3, duration: Number.NaN });
    tracker.flush({ position: 3, duration: 0 });
    expect(save).not.toHaveBeenCalled();
  });

  it('rounds the body to whole seconds within the length and counts 95% as finished', () => {
    expect(progressBody(7, null, { position: 90.6, duration: 599.7 })).toEqual({
      entertainment_id: 7,
      position_seconds: 91,
      duration_seconds: 600,
    });
    expect(progressBody(7, 12, { position: 1000, duration: 20.2 })).toEqual({
      entertainment_id: 7,
      episode_id: 12,
      position_seconds: 20,
      duration_seconds: 20,
    });
    expect(FINISHED_SHARE).toBe(CONTRACT_FINISHED_SHARE);
    expect(isFinishedAt(570, 600)).toBe(true);
    expect(isFinishedAt(569, 600)).toBe(false);
  });
});

describe('usePlaybackProgress', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const PROGRESS = 'POST /user/playback-progress' as const;

  function setup(enabled = true) {
    signIn('member-token');
    const api = mockApi({
      [PROGRESS]: ok({ position_seconds: 0, finished: false }),
    });
    const saves = () =>
      api.requests.filter((request) => request.url.pathname.endsWith('/user/playback-progress'));
    const client = testQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const hook = renderHook(() => usePlaybackProgress({ titleId: 7, episodeId: 3, enabled }), { wrapper });
    return { api, saves, hook };
  }

  it('throttles saves while playing and saves on pause', async () => {
    const { saves, hook } = setup();
    const report = hook.result.current;

    await act(async () => {
      report({ kind: 'play', position: 0, duration: 600 });
      play((snapshot) => report({ kind: 'tick', ...snapshot }), 0, 25);
    });
    expect(saves()).toHaveLength(2);
    expect(saves().map((request) => request.json())).toEqual([
      { entertainment_id: 7, episode_id: 3, position_seconds: 10, duration_seconds: 600 },
      { entertainment_id: 7, episode_id: 3, position_seconds: 20, duration_seconds: 600 },
    ]);

    await act(async () => report({ kind: 'pause', position: 25, duration: 600 }));
    expect(saves()).toHaveLength(3);
    expect(saves()[2]!.json()).toMatchObject({ position_seconds: 25 });
  });

  it('saves with keepalive and the bearer token on pagehide', async () => {
    const { api, saves, hook } = setup();
    const report = hook.result.current;
    await act(async () => {
      report({ kind: 'play', position: 100, duration: 600 });
      play((snapshot) => report({ kind: 'tick', ...snapshot }), 100, 3);
    });
    expect(saves()).toHaveLength(0);

    await act(async () => {
      window.dispatchEvent(new Event('pagehide'));
    });
    expect(saves()).toHaveLength(1);
    const request = saves()[0]!;
    expect(request.json()).toEqual({
      entertainment_id: 7,
      episode_id: 3,
      position_seconds: 103,
      duration_seconds: 600,
    });
    expect(request.headers.get('Authorization')).toBe('Bearer member-token');
    const init = api.fetch.mock.calls[0]![1] as RequestInit;
    expect(init.keepalive).toBe(true);
    expect(init.method).toBe('POST');
  });

  it('saves the last position when the player goes away', async () => {
    const { saves, hook } = setup();
    const report = hook.result.current;
    await act(async () => {
      report({ kind: 'tick', position: 40, duration: 600 });
      report({ kind: 'tick', position: 42, duration: 600 });
    });
    hook.unmount();
    await act(async () => undefined);
    expect(saves().map((request) => request.json())).toEqual([
      { entertainment_id: 7, episode_id: 3, position_seconds: 42, duration_seconds: 600 },
    ]);
  });

  it('signs the member out when a save answers 401 (token revoked elsewhere)', async () => {
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign } as Location);
    const { api, saves, hook } = setup();
    api.set(PROGRESS, fail(401, ServerMessages.unauthenticated));
    const report = hook.result.current;

    await act(async () => {
      report({ kind: 'play', position: 40, duration: 600 });
      report({ kind: 'pause', position: 45, duration: 600 });
    });

    expect(saves()).toHaveLength(1);
    expect(getToken()).toBeNull();
    expect(getUser()).toBeNull();
    expect(assign).toHaveBeenCalledWith('/');
  });

  it('keeps the member signed in when a save fails for another reason', async () => {
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign } as Location);
    const { api, saves, hook } = setup();
    api.set(PROGRESS, fail(500, 'Server error'));
    const report = hook.result.current;

    await act(async () => {
      report({ kind: 'play', position: 40, duration: 600 });
      report({ kind: 'pause', position: 45, duration: 600 });
    });

    expect(saves()).toHaveLength(1);
    expect(getToken()).toBe('member-token');
    expect(assign).not.toHaveBeenCalled();
  });

  it('saves nothing while disabled (trailers, visitors)', async () => {
    const { saves, hook } = setup(false);
    const report = hook.result.current;
    await act(async () => {
      report({ kind: 'play', position: 0, duration: 600 });
      play((snapshot) => report({ kind: 'tick', ...snapshot }), 0, 12);
      report({ kind: 'pause', position: 12, duration: 600 });
      window.dispatchEvent(new Event('pagehide'));
    });
    hook.unmount();
    expect(saves()).toHaveLength(0);
  });
});
