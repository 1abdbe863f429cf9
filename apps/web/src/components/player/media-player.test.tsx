import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRef } from 'react';
import { MediaPlayer, type VideoPlayerHandle } from './media-player';

/** A stand-in for hls.js: records what the player asks of it and lets a test fire its events. */
const fake = vi.hoisted(() => {
  type Handler = (event: string, data: unknown) => void;
  class FakeHls {
    static Events = {
      MANIFEST_PARSED: 'hlsManifestParsed',
      LEVEL_SWITCHED: 'hlsLevelSwitched',
      SUBTITLE_TRACKS_UPDATED: 'hlsSubtitleTracksUpdated',
      SUBTITLE_TRACK_SWITCH: 'hlsSubtitleTrackSwitch',
      AUDIO_TRACKS_UPDATED: 'hlsAudioTracksUpdated',
      AUDIO_TRACK_SWITCHED: 'hlsAudioTrackSwitched',
      ERROR: 'hlsError',
    };
    static ErrorTypes = {
      MEDIA_ERROR: 'mediaError',
      NETWORK_ERROR: 'networkError',
      OTHER_ERROR: 'otherError',
    };
    static isSupported = () => true;
    static instances: FakeHls[] = [];

    handlers = new Map<string, Handler[]>();
    levels: { height: number; bitrate: number }[] = [];
    currentLevel = -1;
    autoLevelEnabled = true;
    subtitleTracks: { name: string; lang?: string }[] = [];
    subtitleTrack = -1;
    subtitleDisplay = true;
    audioTracks: { name: string; lang?: string }[] = [];
    audioTrack = -1;
    loadSource = vi.fn();
    attachMedia = vi.fn();
    startLoad = vi.fn();
    recoverMediaError = vi.fn();
    destroy = vi.fn();

    constructor(readonly config: Record<string, unknown>) {
      FakeHls.instances.push(this);
    }

    on(event: string, handler: Handler) {
      this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
    }

    emit(event: string, data: unknown = {}) {
      for (const handler of this.handlers.get(event) ?? []) handler(event, data);
    }
  }
  return { FakeHls };
});

vi.mock('hls.js', () => ({ default: fake.FakeHls }));

const MASTER = '/media/s/1767225600/c2ln/videos/42/master.m3u8';
const { FakeHls } = fake;
type Hls = InstanceType<typeof FakeHls>;

async function renderPlayer(props: Partial<Parameters<typeof MediaPlayer>[0]> = {}) {
  const before = FakeHls.instances.length;
  const view = render(
    <MediaPlayer src={MASTER} hls poster="/media/images/p.jpg" title="Night Harbour" {...props} />,
  );
  await waitFor(() => expect(FakeHls.instances.length).toBeGreaterThan(before));
  const region = screen.getByRole('region', { name: 'Video player' });
  const video = region.querySelector('video')!;
  return { ...view, region, video, hls: () => FakeHls.instances[FakeHls.instances.length - 1]! };
}

function manifest(hls: Hls) {
  hls.levels = [
    { height: 360, bitrate: 800_000 },
    { height: 720, bitrate: 2_800_000 },
    { height: 1080, bitrate: 5_000_000 },
  ];
  act(() => hls.emit(FakeHls.Events.MANIFEST_PARSED, { levels: hls.levels }));
}

function fatal(hls: Hls, type: string) {
  act(() => hls.emit(FakeHls.Events.ERROR, { fatal: true, type, details: 'x' }));
}

describe('MediaPlayer', () => {
  beforeEach(() => {
    FakeHls.instances.length = 0;
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('attaches one hls.js instance capped to the player size, starting at the lowest rendition, loads segments only on play, and destroys it', async () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const { hls, video, unmount } = await renderPlayer();
    const instance = hls();
    expect(FakeHls.instances).toHaveLength(1);
    expect(instance.config).toMatchObject({
      capLevelToPlayerSize: true,
      startLevel: 0,
      autoStartLoad: false,
    });
    expect(instance.loadSource).toHaveBeenCalledWith(MASTER);
    expect(instance.attachMedia).toHaveBeenCalledWith(video);
    expect(video).toHaveAccessibleName('Night Harbour video player');

    await userEvent.click(screen.getByRole('button', { name: 'Play Night Harbour' }));
    expect(play).toHaveBeenCalled();
    expect(instance.startLoad).toHaveBeenCalledWith(-1);

    unmount();
    expect(instance.destroy).toHaveBeenCalledTimes(1);
  });

  it('asks hls.js for the first segment without waiting for the media source to open', async () => {
    const { hls } = await renderPlayer({ autoPlay: true });
    expect(hls().config).toMatchObject({ startFragPrefetch: true, autoStartLoad: true });
  });

  it('starts loading at the resume position', async () => {
    const { hls } = await renderPlayer({ startAt: 90, autoPlay: true });
    expect(hls().config).toMatchObject({ autoStartLoad: true, startPosition: 90 });
  });

  it('starts loading segments at the resume position, or wherever play(from) asks', async () => {
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const first = await renderPlayer({ startAt: 90 });
    expect(first.hls().config).toMatchObject({ autoStartLoad: false, startPosition: 90 });
    await userEvent.click(screen.getByRole('button', { name: 'Play Night Harbour' }));
    expect(first.hls().startLoad).toHaveBeenCalledWith(90);
    first.unmount();

    const ref = createRef<VideoPlayerHandle>();
    const second = await renderPlayer({ startAt: 90, ref });
    act(() => ref.current!.play(0));
    expect(second.hls().startLoad).toHaveBeenCalledWith(0);
  });

  it('offers Auto and each rendition in a labelled quality menu', async () => {
    const { hls } = await renderPlayer();
    manifest(hls());
    act(() => {
      hls().currentLevel = 1;
      hls().emit(FakeHls.Events.LEVEL_SWITCHED, { level: 1 });
    });

    const button = screen.getByRole('button', { name: 'Quality: Auto (720p)' });
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    await userEvent.click(button);
    const menu = screen.getByRole('menu', { name: 'Quality' });
    const items = within(menu).getAllByRole('menuitemradio');
    expect(items.map((item) => item.textContent)).toEqual(['Auto', '1080p', '720p', '360p']);
    expect(items[0]).toHaveAttribute('aria-checked', 'true');
    expect(items[0]).toHaveFocus();

    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(hls().currentLevel).toBe(2);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Quality: 1080p' })).toHaveFocus();

    await userEvent.click(screen.getByRole('button', { name: 'Quality: 1080p' }));
    await userEvent.click(screen.getByRole('menuitemradio', { name: 'Auto' }));
    expect(hls().currentLevel).toBe(-1);
    await userEvent.click(screen.getByRole('button', { name: /^Quality: Auto/ }));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('turns captions on and off and changes the speed', async () => {
    const { hls, video } = await renderPlayer();
    manifest(hls());
    act(() => {
      hls().subtitleTracks = [{ name: 'English', lang: 'en' }];
      hls().emit(FakeHls.Events.SUBTITLE_TRACKS_UPDATED, {});
    });

    await userEvent.click(screen.getByRole('button', { name: 'Captions: Off' }));
    await userEvent.click(screen.getByRole('menuitemradio', { name: 'English' }));
    expect(hls().subtitleTrack).toBe(0);
    expect(hls().subtitleDisplay).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Captions: English' }));
    await userEvent.click(screen.getByRole('menuitemradio', { name: 'Off' }));
    expect(hls().subtitleTrack).toBe(-1);
    expect(hls().subtitleDisplay).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Playback speed: Normal' }));
    await userEvent.click(screen.getByRole('menuitemradio', { name: '1.5×' }));
    expect(video.playbackRate).toBe(1.5);
  });

  it('offers the audio languages when there are several, and keeps the one chosen', async () => {
    const save = vi.fn();
    const { hls } = await renderPlayer({
      preferences: { languages: { audio: null, subtitles: null }, subtitleStyle: undefined, save },
    });
    act(() => {
      hls().audioTracks = [{ name: 'English', lang: 'en' }];
      hls().audioTrack = 0;
      manifest(hls());
    });
    expect(screen.queryByRole('button', { name: /^Audio/ })).toBeNull();

    act(() => {
      hls().audioTracks = [
        { name: 'English', lang: 'en' },
        { name: 'हिन्दी', lang: 'hi' },
      ];
      hls().emit(FakeHls.Events.AUDIO_TRACKS_UPDATED, {});
    });
    await userEvent.click(screen.getByRole('button', { name: 'Audio: English' }));
    await userEvent.click(screen.getByRole('menuitemradio', { name: 'हिन्दी' }));
    expect(hls().audioTrack).toBe(1);
    expect(save).toHaveBeenCalledWith({ audio_language: 'hi' });
    expect(screen.getByRole('button', { name: 'Audio: हिन्दी' })).toBeTruthy();
  });

  it("starts in the profile's languages once they and the tracks are known", async () => {
    const { hls, rerender } = await renderPlayer();
    act(() => {
      hls().audioTracks = [
        { name: 'English', lang: 'en' },
        { name: 'Español', lang: 'es' },
      ];
      hls().audioTrack = 0;
      hls().subtitleTracks = [
        { name: 'English', lang: 'en' },
        { name: 'Español', lang: 'es-419' },
      ];
      manifest(hls());
    });
    expect(hls().audioTrack).toBe(0);
    expect(hls().subtitleTrack).toBe(-1);

    const preferences = {
      languages: { audio: 'es', subtitles: 'es' },
      subtitleStyle: { size: 'large', color: 'yellow', background: 'opaque' } as const,
      save: vi.fn(),
    };
    rerender(
      <MediaPlayer
        src={MASTER}
        hls
        poster="/media/images/p.jpg"
        title="Night Harbour"
        preferences={preferences}
      />,
    );
    expect(hls().audioTrack).toBe(1);
    expect(hls().subtitleTrack).toBe(1);
    expect(hls().subtitleDisplay).toBe(true);
    expect(screen.getByRole('button', { name: 'Captions: Español' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Video player' }).className).toContain(
      'subs-large subs-yellow subs-bg-opaque',
    );
    expect(preferences.save).not.toHaveBeenCalled();

    // Turning subtitles off is remembered as no subtitle language.
    await userEvent.click(screen.getByRole('button', { name: 'Captions: Español' }));
    await userEvent.click(screen.getByRole('menuitemradio', { name: 'Off' }));
    expect(preferences.save).toHaveBeenCalledWith({ subtitle_language: null });
  });

  it('answers the keyboard shortcuts while focus is in the player', async () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const { region, video } = await renderPlayer();
    Object.defineProperty(video, 'duration', { configurable: true, value: 100 });
    Object.defineProperty(video, 'readyState', { configurable: true, value: 4 });
    fireEvent(video, new Event('durationchange'));
    video.volume = 0.5;
    region.focus();

    await userEvent.keyboard('k');
    expect(play).toHaveBeenCalledTimes(1);
    await userEvent.keyboard(' ');
    expect(play).toHaveBeenCalledTimes(2);
    await userEvent.keyboard('l');
    expect(video.currentTime).toBe(10);
    await userEvent.keyboard('{ArrowRight}');
    expect(video.currentTime).toBe(15);
    await userEvent.keyboard('j');
    expect(video.currentTime).toBe(5);
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(video.currentTime).toBe(0);
    await userEvent.keyboard('{ArrowUp}');
    expect(video.volume).toBeCloseTo(0.6);
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(video.volume).toBeCloseTo(0.4);
    await userEvent.keyboard('m');
    expect(video.muted).toBe(true);
    await userEvent.keyboard('m');
    expect(video.muted).toBe(false);

    // Space on a focused button presses the button instead.
    const mute = screen.getByRole('button', { name: 'Mute' });
    mute.focus();
    await userEvent.keyboard(' ');
    expect(video.muted).toBe(true);
    expect(play).toHaveBeenCalledTimes(2);
  });

  it('recovers a fatal media error at most twice, then shows the error state; Retry makes a fresh instance', async () => {
    const { hls } = await renderPlayer();
    const first = hls();
    fatal(first, FakeHls.ErrorTypes.MEDIA_ERROR);
    fatal(first, FakeHls.ErrorTypes.MEDIA_ERROR);
    expect(first.recoverMediaError).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    fatal(first, FakeHls.ErrorTypes.MEDIA_ERROR);
    expect(first.recoverMediaError).toHaveBeenCalledTimes(2);
    expect(first.destroy).toHaveBeenCalled();
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('This video could not be played.');

    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(FakeHls.instances).toHaveLength(2));
    expect(hls()).not.toBe(first);
    expect(hls().config).toMatchObject({ autoStartLoad: true });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the error state on a fatal network error without reloading by itself', async () => {
    const { hls } = await renderPlayer();
    const first = hls();
    fatal(first, FakeHls.ErrorTypes.NETWORK_ERROR);
    expect(first.recoverMediaError).not.toHaveBeenCalled();
    expect(first.startLoad).not.toHaveBeenCalled();
    expect(first.destroy).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('alert')).toHaveTextContent('could not be loaded');
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(FakeHls.instances).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('shows a buffering indicator while waiting for data', async () => {
    const { video } = await renderPlayer();
    Object.defineProperty(video, 'paused', { configurable: true, value: false });
    fireEvent(video, new Event('waiting'));
    expect(screen.getByText('Buffering')).toBeInTheDocument();
    fireEvent(video, new Event('playing'));
    expect(screen.queryByText('Buffering')).not.toBeInTheDocument();
  });

  it('previews the frame under the pointer from the sprite named in thumbs.vtt', async () => {
    const vtt = [
      'WEBVTT',
      '',
      '00:00:00.000 --> 00:00:50.000',
      'sprite.jpg#xywh=0,0,160,90',
      '',
      '00:00:50.000 --> 00:01:40.000',
      'sprite.jpg#xywh=160,0,160,90',
    ].join('\n');
    const fetchMock = vi.fn(async () => new Response(vtt, { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const { video } = await renderPlayer();
    Object.defineProperty(video, 'duration', { configurable: true, value: 100 });
    fireEvent(video, new Event('durationchange'));

    const seek = screen.getByRole('slider', { name: 'Seek' });
    vi.spyOn(seek, 'getBoundingClientRect').mockReturnValue(
      DOMRect.fromRect({ x: 0, y: 0, width: 200, height: 10 }),
    );
    fireEvent.pointerEnter(seek);
    fireEvent.pointerMove(seek, { clientX: 150 });

    const preview = await screen.findByTestId('seek-preview');
    expect(fetchMock).toHaveBeenCalledWith(
      'http://localhost:3000/media/s/1767225600/c2ln/videos/42/thumbs.vtt',
      expect.anything(),
    );
    expect(preview.style.backgroundImage).toContain(
      'http://localhost:3000/media/s/1767225600/c2ln/videos/42/sprite.jpg',
    );
    expect(preview.style.backgroundPosition).toBe('-160px 0px');
    expect(screen.getByText('01:15')).toBeInTheDocument();
  });

  it('hides the controls after 3 s without activity while playing, and brings them back on a key', async () => {
    const { region, video } = await renderPlayer();
    const controls = screen.getByRole('group', { name: 'Player controls' });
    vi.useFakeTimers();
    try {
      Object.defineProperty(video, 'paused', { configurable: true, value: false });
      act(() => {
        fireEvent(video, new Event('play'));
      });
      act(() => {
        vi.advanceTimersByTime(2900);
      });
      expect(region).not.toHaveClass('is-idle');
      act(() => {
        vi.advanceTimersByTime(200);
      });
      expect(region).toHaveClass('is-idle');
      expect(controls).toBeInTheDocument();

      fireEvent.keyDown(region, { key: 'Tab' });
      expect(region).not.toHaveClass('is-idle');

      // Paused, they stay.
      Object.defineProperty(video, 'paused', { configurable: true, value: true });
      act(() => {
        fireEvent(video, new Event('pause'));
        vi.advanceTimersByTime(5000);
      });
      expect(region).not.toHaveClass('is-idle');
    } finally {
      vi.useRealTimers();
    }
  });

  it('plays HLS natively where the browser has it but no MediaSource', async () => {
    vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockReturnValue('maybe');
    render(<MediaPlayer src={MASTER} hls poster="/p.jpg" title="Night Harbour" />);
    const video = screen.getByRole('region', { name: 'Video player' }).querySelector('video')!;
    expect(video.getAttribute('src')).toBe(MASTER);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(FakeHls.instances).toHaveLength(0);
  });

  it('says so when the browser can play HLS neither way', async () => {
    vi.spyOn(FakeHls, 'isSupported').mockReturnValue(false);
    render(<MediaPlayer src={MASTER} hls poster="/p.jpg" title="Night Harbour" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('This browser cannot play this video.');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
