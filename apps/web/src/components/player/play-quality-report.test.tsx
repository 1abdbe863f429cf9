import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notePlayPress } from '../../lib/play-press';
import { mockApi, ok } from '../../testing/fetch-mock';
import { signIn } from '../../testing/render';
import { MediaPlayer } from './media-player';

const REPORT = 'POST /user/playback-quality' as const;

function renderPlayer(lease: { titleId: number; episodeId: number | null } | undefined) {
  signIn('member-token');
  const view = render(
    <MediaPlayer
      src="/media/s/1/720/sig/videos/4/film.mp4"
      hls={false}
      poster="/media/p.jpg"
      title="Night Harbour"
      autoPlay
      {...(lease ? { lease } : {})}
    />,
  );
  const video = screen.getByRole('region', { name: 'Video player' }).querySelector('video')!;
  return { ...view, video };
}

describe('playback quality reports', () => {
  afterEach(() => vi.useRealTimers());

  it('reports a member’s play when the page is left: start time from the press, stalls and the device', async () => {
    const api = mockApi({
      'POST /user/playback-lease': ok({
        lease_id: 'lease-token-0123456789',
        expires_in_seconds: 90,
        renew_in_seconds: 30,
      }),
      'POST /user/playback-lease/end': ok(null),
      [REPORT]: ok({ saved: 1 }),
    });
    const clock = vi.spyOn(performance, 'now');
    clock.mockReturnValue(1000);
    notePlayPress(7, 3, 1000);
    const { video } = renderPlayer({ titleId: 7, episodeId: 3 });

    clock.mockReturnValue(1100);
    fireEvent(video, new Event('play'));
    clock.mockReturnValue(1900);
    fireEvent(video, new Event('playing'));
    clock.mockReturnValue(4900);
    fireEvent(video, new Event('waiting'));
    clock.mockReturnValue(5400);
    fireEvent(video, new Event('playing'));
    clock.mockReturnValue(6400);
    window.dispatchEvent(new Event('pagehide'));

    await vi.waitFor(() => expect(api.calls(REPORT)).toHaveLength(1));
    const sent = api.calls(REPORT)[0]!;
    expect(sent.headers.get('authorization')).toBe('Bearer member-token');
    const { reports } = sent.json() as { reports: Record<string, unknown>[] };
    expect(reports).toEqual([
      {
        play_id: expect.stringMatching(/^[0-9a-f]{32}$/),
        entertainment_id: 7,
        episode_id: 3,
        device_class: 'desktop',
        start_ms: 900,
        failure: null,
        played_ms: 4000,
        stall_count: 1,
        stall_ms: 500,
        average_bitrate_kbps: null,
        renditions: [],
      },
    ]);
  });

  it('reports nothing for a trailer (no member video)', async () => {
    const api = mockApi({ [REPORT]: ok({ saved: 1 }) });
    const { video } = renderPlayer(undefined);
    fireEvent(video, new Event('play'));
    fireEvent(video, new Event('playing'));
    window.dispatchEvent(new Event('pagehide'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.calls(REPORT)).toHaveLength(0);
  });
});
