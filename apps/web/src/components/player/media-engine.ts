import type Hls from 'hls.js';
import type { Level, MediaPlaylist } from 'hls.js';

export const HLS_MIME = 'application/vnd.apple.mpegurl';

/** Fatal MEDIA_ERRORs get this many `recoverMediaError()` calls before the error state shows. */
export const MAX_MEDIA_RECOVERIES = 2;

/** One entry of the quality menu: an hls.js level index and its label (`720p`). */
export interface QualityOption {
  level: number;
  height: number;
  label: string;
}

/** One entry of the captions or the audio menu: an id the engine understands, a label and a BCP 47 tag. */
export interface TrackOption {
  id: number;
  label: string;
  language: string;
}
export type CaptionOption = TrackOption;
export type AudioOption = TrackOption;

export type FailureReason = 'network' | 'media' | 'unsupported';

export interface EngineEvents {
  /** Renditions to choose from (empty when the browser picks, as with native HLS or a file). */
  onQualities?: (options: QualityOption[]) => void;
  /** `auto` on or off, and the level playing now (-1 while unknown). */
  onQuality?: (state: { auto: boolean; playing: number }) => void;
  /** Caption tracks and the one showing (-1 for off). */
  onCaptions?: (options: CaptionOption[], active: number) => void;
  /**
   * Audio tracks (languages) and the one playing; reported by hls.js only (where the browser plays
   * HLS itself, its own controls offer the languages).
   */
  onAudioTracks?: (options: AudioOption[], active: number) => void;
  /** The rendition now playing (hls.js only): its height and bitrate in bit/s. */
  onRendition?: (rendition: { height: number; bitrate: number }) => void;
  /** Playback cannot go on: show the error state (Retry attaches a fresh engine). */
  onFatal?: (reason: FailureReason) => void;
}

export interface AttachOptions {
  src: string;
  /** An HLS playlist (`hls` link type) rather than a plain video file. */
  hls: boolean;
  /** Seconds to start at. */
  startPosition?: number;
  /** Start playing as soon as the source is attached. */
  autoPlay?: boolean;
  /**
   * Leave segment loading until playback is asked for (hls.js then fetches only the playlists, the
   * way `preload="metadata"` does for files).
   */
  deferLoad?: boolean;
}

export interface MediaEngine {
  /** Starts playback (loading first when deferred), optionally from a position. */
  play(from?: number): void;
  /** Seeks now, or remembers the position until the media can seek. */
  seekTo(seconds: number): void;
  /** A level index from the quality options, or -1 for automatic. */
  setQuality(level: number): void;
  /** A caption id from the caption options, or -1 for off. */
  setCaptions(id: number): void;
  /** An audio id from the audio options; the switch keeps playing. */
  setAudioTrack(id: number): void;
  destroy(): void;
}

/** Whether the browser has Media Source Extensions that play H.264/AAC (what hls.js needs). */
export function hasMediaSource(): boolean {
  const scope = window as unknown as Record<string, unknown>;
  const source = (scope.ManagedMediaSource ?? scope.MediaSource ?? scope.WebKitMediaSource) as
    { isTypeSupported?: (type: string) => boolean } | undefined;
  return (
    typeof source?.isTypeSupported === 'function' &&
    source.isTypeSupported('video/mp4; codecs="avc1.42E01E,mp4a.40.2"')
  );
}

let hlsModule: Promise<typeof import('hls.js')> | null = null;

/** hls.js, fetched and evaluated once per page; a failed fetch is tried again on the next call. */
export function loadHls(): Promise<typeof import('hls.js')> {
  hlsModule ??= import('hls.js').catch((error: unknown) => {
    hlsModule = null;
    throw error;
  });
  return hlsModule;
}

/**
 * Starts fetching hls.js ahead of a player that will need it (where the browser has MSE), so that
 * a stream's playlists are asked for as soon as its player attaches.
 */
export function preloadHls(): void {
  if (hasMediaSource()) loadHls().catch(() => undefined);
}

/** Plays HLS natively only where the browser has it and lacks MSE (older iOS Safari). */
export function prefersNativeHls(video: HTMLVideoElement): boolean {
  return video.canPlayType(HLS_MIME) !== '' && !hasMediaSource();
}

/** Quality menu entries, highest first, one per height (the best bitrate of each). */
export function qualityOptions(levels: readonly Pick<Level, 'height' | 'bitrate'>[]): QualityOption[] {
  const byHeight = new Map<number, { level: number; bitrate: number }>();
  levels.forEach((level, index) => {
    const known = byHeight.get(level.height);
    if (!known || level.bitrate > known.bitrate)
      byHeight.set(level.height, { level: index, bitrate: level.bitrate });
  });
  return [...byHeight.entries()]
    .sort(([a], [b]) => b - a)
    .map(([height, { level, bitrate }]) => ({
      level,
      height,
      label: height > 0 ? `${height}p` : `${Math.round(bitrate / 1000)} kbps`,
    }));
}

/** Menu entries of hls.js's subtitle or audio tracks: their name, else their language, else `<noun> N`. */
function trackOptionsOf(tracks: readonly MediaPlaylist[], noun: string): TrackOption[] {
  return tracks.map((track, index) => ({
    id: index,
    label: track.name || track.lang || `${noun} ${index + 1}`,
    language: track.lang ?? '',
  }));
}

function nativeCaptionTracks(video: HTMLVideoElement): TextTrack[] {
  const list = video.textTracks as TextTrackList | undefined;
  if (!list) return [];
  return Array.from(list).filter((track) => track.kind === 'subtitles' || track.kind === 'captions');
}

/**
 * Attaches a source to a <video>: hls.js (one instance, loaded on demand) where the browser needs
 * MediaSource for HLS, native HLS where it has it without MSE, or the file itself. Follows hls.js's
 * guidance: `capLevelToPlayerSize`, `recoverMediaError()` for a fatal MEDIA_ERROR at most
 * {@link MAX_MEDIA_RECOVERIES} times, and no reload loop on a fatal NETWORK_ERROR (the caller shows
 * an error state; its Retry destroys this engine and attaches a new one).
 */
export function attachSource(
  video: HTMLVideoElement,
  options: AttachOptions,
  events: EngineEvents = {},
): MediaEngine {
  let destroyed = false;
  let failed = false;
  let hls: Hls | null = null;
  /** The source is on the element (native) or hls.js is attached; play() can go ahead. */
  let ready = false;
  let loading = !options.deferLoad;
  let wantsPlay = Boolean(options.autoPlay);
  /** A position to go to once the media can seek (null: nothing pending). */
  let pendingStart: number | null =
    options.startPosition && options.startPosition > 0 ? options.startPosition : null;
  const cleanups: (() => void)[] = [];

  const listen = <K extends keyof HTMLMediaElementEventMap>(type: K, handler: () => void) => {
    video.addEventListener(type, handler);
    cleanups.push(() => video.removeEventListener(type, handler));
  };

  const fail = (reason: FailureReason) => {
    if (destroyed || failed) return;
    failed = true;
    events.onFatal?.(reason);
  };

  const startPlayback = () => {
    wantsPlay = false;
    const attempt = video.play() as Promise<void> | undefined;
    // Autoplay can be refused (no user gesture yet); the player then simply stays paused.
    attempt?.catch(() => undefined);
  };

  const beginLoading = () => {
    if (loading) return;
    loading = true;
    if (hls) {
      hls.startLoad(pendingStart ?? -1);
      pendingStart = null;
    }
  };

  // A start position set before the media could seek is applied once metadata is in.
  listen('loadedmetadata', () => {
    if (pendingStart !== null) {
      video.currentTime = pendingStart;
      pendingStart = null;
    }
  });
  // Playing by any means (our button, media keys, the PiP window) starts deferred loading.
  listen('play', beginLoading);

  const attachNatively = () => {
    listen('error', () => fail(video.error?.code === 2 ? 'network' : 'media'));
    const tracks = video.textTracks as TextTrackList | undefined;
    if (tracks && typeof tracks.addEventListener === 'function') {
      const report = () => {
        const list = nativeCaptionTracks(video);
        events.onCaptions?.(
          list.map((track, index) => ({
            id: index,
            label: track.label || track.language || `Captions ${index + 1}`,
            language: track.language,
          })),
          list.findIndex((track) => track.mode === 'showing'),
        );
      };
      tracks.addEventListener('addtrack', report);
      tracks.addEventListener('removetrack', report);
      tracks.addEventListener('change', report);
      cleanups.push(() => {
        tracks.removeEventListener('addtrack', report);
        tracks.removeEventListener('removetrack', report);
        tracks.removeEventListener('change', report);
      });
    }
    events.onQualities?.([]);
    video.preload = loading ? 'auto' : 'metadata';
    video.src = options.src;
    ready = true;
    if (wantsPlay) startPlayback();
  };

  const attachHlsJs = (HlsClass: typeof Hls) => {
    const instance = new HlsClass({
      capLevelToPlayerSize: true,
      // The lowest rendition first: the smallest segment to fetch and decode before the first
      // frame, and no bandwidth test ahead of it; the automatic choice takes over from the next
      // segment (docs/decisions/0041-playback-start.md).
      startLevel: 0,
      // The first segment is asked for as soon as its playlist is in, often straight from the
      // cache (0041), rather than on hls.js's next tick (every 100 ms) after the new <video>'s
      // media source has opened; it is appended once the source is open.
      startFragPrefetch: true,
      autoStartLoad: loading,
      startPosition: pendingStart ?? -1,
    });
    if (loading) pendingStart = null;
    hls = instance;
    let recoveries = 0;
    const reportQuality = () =>
      events.onQuality?.({ auto: instance.autoLevelEnabled, playing: instance.currentLevel });
    const reportCaptions = () =>
      events.onCaptions?.(
        trackOptionsOf(instance.subtitleTracks, 'Captions'),
        instance.subtitleDisplay ? instance.subtitleTrack : -1,
      );

    const reportAudio = () =>
      events.onAudioTracks?.(trackOptionsOf(instance.audioTracks, 'Audio'), instance.audioTrack);

    instance.on(HlsClass.Events.MANIFEST_PARSED, (_event, data) => {
      events.onQualities?.(qualityOptions(data.levels));
      reportQuality();
      reportCaptions();
      reportAudio();
      if (wantsPlay) startPlayback();
    });
    instance.on(HlsClass.Events.LEVEL_SWITCHED, (_event, data) => {
      reportQuality();
      const level = instance.levels[data.level];
      if (level) events.onRendition?.({ height: level.height, bitrate: level.bitrate });
    });
    instance.on(HlsClass.Events.SUBTITLE_TRACKS_UPDATED, reportCaptions);
    instance.on(HlsClass.Events.SUBTITLE_TRACK_SWITCH, reportCaptions);
    instance.on(HlsClass.Events.AUDIO_TRACKS_UPDATED, reportAudio);
    instance.on(HlsClass.Events.AUDIO_TRACK_SWITCHED, reportAudio);
    instance.on(HlsClass.Events.ERROR, (_event, data) => {
      if (!data.fatal) return;
      if (data.type === HlsClass.ErrorTypes.MEDIA_ERROR && recoveries < MAX_MEDIA_RECOVERIES) {
        recoveries++;
        instance.recoverMediaError();
        return;
      }
      instance.destroy();
      hls = null;
      fail(data.type === HlsClass.ErrorTypes.NETWORK_ERROR ? 'network' : 'media');
    });
    instance.loadSource(options.src);
    instance.attachMedia(video);
    ready = true;
  };

  if (!options.hls || prefersNativeHls(video)) {
    attachNatively();
  } else {
    loadHls()
      .then(({ default: HlsClass }) => {
        if (destroyed) return;
        if (HlsClass.isSupported()) attachHlsJs(HlsClass);
        else if (video.canPlayType(HLS_MIME) !== '') attachNatively();
        else fail('unsupported');
      })
      .catch(() => fail('network'));
  }

  const seekTo = (seconds: number) => {
    const target = Math.max(0, seconds);
    if (hls && !loading) pendingStart = target;
    else if (ready && video.readyState > 0) video.currentTime = target;
    else pendingStart = target;
  };

  return {
    play(from) {
      if (from !== undefined) seekTo(from);
      beginLoading();
      // Once attached, play() runs inside the caller's user gesture (Safari needs that).
      if (ready) startPlayback();
      else wantsPlay = true;
    },
    seekTo,
    setQuality(level) {
      if (!hls) return;
      hls.currentLevel = level;
      events.onQuality?.({ auto: level === -1, playing: hls.currentLevel });
    },
    setCaptions(id) {
      if (hls) {
        hls.subtitleDisplay = id >= 0;
        hls.subtitleTrack = id;
        events.onCaptions?.(trackOptionsOf(hls.subtitleTracks, 'Captions'), id);
        return;
      }
      nativeCaptionTracks(video).forEach((track, index) => {
        track.mode = index === id ? 'showing' : 'disabled';
      });
    },
    setAudioTrack(id) {
      if (!hls) return;
      hls.audioTrack = id;
      events.onAudioTracks?.(trackOptionsOf(hls.audioTracks, 'Audio'), id);
    },
    destroy() {
      destroyed = true;
      for (const cleanup of cleanups.splice(0)) cleanup();
      if (hls) {
        hls.destroy();
        hls = null;
      } else if (ready) {
        video.removeAttribute('src');
        video.load();
      }
    },
  };
}
