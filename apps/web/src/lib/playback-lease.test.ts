import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLeaseKeeper, HANDOVER_MS, LONG_PAUSE_MS, type LeaseAnswer } from './playback-lease';

const granted = (id: string): LeaseAnswer => ({
  kind: 'granted',
  lease: { lease_id: id, expires_in_seconds: 90, renew_in_seconds: 30 },
});

function setup(answers: LeaseAnswer[] = []) {
  const request = vi.fn(async () => answers.shift() ?? granted('lease-a'));
  const release = vi.fn(async () => {});
  const onRefused = vi.fn();
  const keeper = createLeaseKeeper({ target: { titleId: 7, episodeId: null }, onRefused, request, release });
  return { keeper, request, release, onRefused };
}

describe('createLeaseKeeper', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('takes a lease on play and renews it every 30 s while playing', async () => {
    const { keeper, request } = setup();
    keeper.playing();
    await vi.advanceTimersByTimeAsync(0);
    expect(request).toHaveBeenLastCalledWith({ titleId: 7, episodeId: null }, null);
    await vi.advanceTimersByTimeAsync(30_000);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(request).toHaveBeenCalledTimes(3);
    expect(request).toHaveBeenLastCalledWith({ titleId: 7, episodeId: null }, 'lease-a');
  });

  it('keeps the screen through a short pause and gives it up after a long one', async () => {
    const { keeper, request, release } = setup();
    keeper.playing();
    await vi.advanceTimersByTimeAsync(0);
    keeper.paused();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(release).not.toHaveBeenCalled();
    keeper.playing();
    keeper.paused();
    await vi.advanceTimersByTimeAsync(LONG_PAUSE_MS);
    expect(release).toHaveBeenCalledWith('lease-a', false);
    const asked = request.mock.calls.length;
    await vi.advanceTimersByTimeAsync(120_000);
    expect(request).toHaveBeenCalledTimes(asked);
  });

  it('reports a refusal and stops renewing; the next play asks again', async () => {
    const { keeper, request, onRefused } = setup([{ kind: 'refused', message: 'Too many screens.' }]);
    keeper.playing();
    await vi.advanceTimersByTimeAsync(0);
    expect(onRefused).toHaveBeenCalledWith('Too many screens.');
    await vi.advanceTimersByTimeAsync(120_000);
    expect(request).toHaveBeenCalledTimes(1);
    keeper.playing();
    await vi.advanceTimersByTimeAsync(0);
    expect(request).toHaveBeenCalledTimes(2);
  });

  it('keeps playing when the server cannot be reached, and asks again later', async () => {
    const { keeper, request, onRefused } = setup([{ kind: 'unavailable' }]);
    keeper.playing();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(onRefused).not.toHaveBeenCalled();
    expect(request).toHaveBeenCalledTimes(2);
    expect(request).toHaveBeenLastCalledWith({ titleId: 7, episodeId: null }, null);
  });

  it('releases with keepalive when the page goes away', async () => {
    const { keeper, release } = setup();
    keeper.playing();
    await vi.advanceTimersByTimeAsync(0);
    keeper.leave();
    expect(release).toHaveBeenCalledWith('lease-a', true);
  });

  it('gives the screen back with keepalive as soon as the page is hidden, and takes it again while playing on', async () => {
    const { keeper, request, release } = setup([granted('lease-a'), granted('lease-b')]);
    keeper.playing();
    await vi.advanceTimersByTimeAsync(0);
    keeper.hidden();
    expect(release).toHaveBeenCalledWith('lease-a', true);
    await vi.advanceTimersByTimeAsync(0);
    // Still here and playing (a background tab): a new lease, only after the release was answered.
    expect(request).toHaveBeenCalledTimes(2);
    expect(request).toHaveBeenLastCalledWith({ titleId: 7, episodeId: null }, null);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(request).toHaveBeenLastCalledWith({ titleId: 7, episodeId: null }, 'lease-b');
  });

  it('takes no new screen when the page is hidden as it goes away, in either order', async () => {
    for (const order of [['leave', 'hidden'] as const, ['hidden', 'leave'] as const]) {
      const { keeper, request, release } = setup();
      keeper.playing();
      await vi.advanceTimersByTimeAsync(0);
      for (const step of order) keeper[step]();
      await vi.advanceTimersByTimeAsync(60_000);
      expect(release).toHaveBeenCalledWith('lease-a', true);
      expect(request).toHaveBeenCalledTimes(1);
    }
  });

  it('does not take the screen again after the page is hidden while paused', async () => {
    const { keeper, request, release } = setup();
    keeper.playing();
    await vi.advanceTimersByTimeAsync(0);
    keeper.paused();
    keeper.hidden();
    expect(release).toHaveBeenCalledWith('lease-a', true);
    await vi.advanceTimersByTimeAsync(LONG_PAUSE_MS + 60_000);
    expect(request).toHaveBeenCalledTimes(1);
    expect(release).toHaveBeenCalledTimes(1);
  });

  it('gives up a lease granted after the page was hidden instead of keeping it', async () => {
    let answer: (value: LeaseAnswer) => void = () => {};
    const request = vi
      .fn<(...args: unknown[]) => Promise<LeaseAnswer>>()
      .mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)))
      .mockResolvedValue(granted('lease-b'));
    const release = vi.fn(async () => {});
    const keeper = createLeaseKeeper({
      target: { titleId: 7, episodeId: null },
      onRefused: vi.fn(),
      request,
      release,
    });
    keeper.playing();
    keeper.paused();
    keeper.hidden();
    answer(granted('lease-a'));
    await vi.advanceTimersByTimeAsync(0);
    expect(release).toHaveBeenCalledWith('lease-a', true);
    expect(request).toHaveBeenCalledTimes(1);
  });

  it('gives a handed-over screen up with keepalive when the page goes away before anyone takes it', async () => {
    const { keeper, release } = setup();
    keeper.playing();
    await vi.advanceTimersByTimeAsync(0);
    keeper.dispose();
    expect(release).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('pagehide'));
    expect(release).toHaveBeenCalledWith('lease-a', true);
    await vi.advanceTimersByTimeAsync(HANDOVER_MS);
    expect(release).toHaveBeenCalledTimes(1);
  });

  it('hands its screen to the next player on the page, or gives it up shortly after going away', async () => {
    const first = setup();
    first.keeper.playing();
    await vi.advanceTimersByTimeAsync(0);
    first.keeper.dispose();

    const next = setup([granted('lease-a')]);
    next.keeper.playing();
    await vi.advanceTimersByTimeAsync(0);
    expect(next.request).toHaveBeenCalledWith({ titleId: 7, episodeId: null }, 'lease-a');
    await vi.advanceTimersByTimeAsync(HANDOVER_MS);
    expect(first.release).not.toHaveBeenCalled();

    next.keeper.dispose();
    await vi.advanceTimersByTimeAsync(HANDOVER_MS);
    expect(next.release).toHaveBeenCalledWith('lease-a', false);
  });
});
