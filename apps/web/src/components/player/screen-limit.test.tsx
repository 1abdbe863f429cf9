import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok } from '../../testing/fetch-mock';
import { signIn } from '../../testing/render';
import { MediaPlayer } from './media-player';

const LEASE = 'POST /user/playback-lease' as const;
const END = 'POST /user/playback-lease/end' as const;
const REFUSAL = 'Your plan allows 2 screens at a time. Stop playing on another screen to watch here.';

function renderPlayer() {
  signIn('member-token');
  const view = render(
    <MediaPlayer
      src="/media/s/1/720/sig/videos/4/film.mp4"
      hls={false}
      poster="/media/p.jpg"
      title="Night Harbour"
      lease={{ titleId: 7, episodeId: 3 }}
    />,
  );
  const video = screen.getByRole('region', { name: 'Video player' }).querySelector('video')!;
  /** What the browser does when playback starts (jsdom plays nothing). */
  const startPlaying = () => {
    Object.defineProperty(video, 'paused', { configurable: true, value: false });
    fireEvent(video, new Event('play'));
  };
  return { ...view, video, startPlaying };
}

describe('screens of a plan', () => {
  afterEach(() => vi.restoreAllMocks());

  it('stops playback and says why when every screen of the plan is in use', async () => {
    const api = mockApi({ [LEASE]: fail(409, REFUSAL) });
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
    const { startPlaying } = renderPlayer();

    await userEvent.click(screen.getByRole('button', { name: 'Play Night Harbour' }));
    startPlaying();

    expect(await screen.findByRole('alert')).toHaveTextContent(REFUSAL);
    expect(pause).toHaveBeenCalled();
    expect(api.calls(LEASE).map((request) => request.json())).toEqual([
      { entertainment_id: 7, episode_id: 3 },
    ]);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('holds a screen while playing and gives it back when the player goes away', async () => {
    const api = mockApi({
      [LEASE]: ok({ lease_id: 'lease-token-0123456789', expires_in_seconds: 90, renew_in_seconds: 30 }),
      [END]: ok(null),
    });
    const { startPlaying, unmount } = renderPlayer();
    startPlaying();
    await waitFor(() => expect(api.calls(LEASE)).toHaveLength(1));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    unmount();
    await waitFor(() => expect(api.calls(END)).toHaveLength(1), { timeout: 3000 });
    expect(api.calls(END)[0]!.json()).toEqual({ lease_id: 'lease-token-0123456789' });
  });
});
