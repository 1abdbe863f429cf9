import type { SubtitleStyle } from '@reeltime/contract';
import { useImperativeHandle, useRef, useState, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { PlayIcon } from '../icons';
import type { LeaseTarget } from '../../lib/playback-lease';
import type { PlayerPreferences } from '../../lib/playback-preferences';
import type { PlaybackUpdate } from '../../lib/playback-progress';
import { keyTargetOf, shortcutFor, type PlayerAction } from './keyboard';
import type { FailureReason } from './media-engine';
import { PlayerAlert } from './player-alert';
import { PlayerControls } from './player-controls';
import { ReplayGlyph } from './player-icons';
import { SkipMarkerButton, type PlayerMarker } from './skip-marker';
import { thumbnailsUrlFor } from './thumbnails';
import { useFullscreen } from './use-fullscreen';
import { useIdle } from './use-idle';
import { useMediaEngine } from './use-media-engine';
import { useMediaState } from './use-media-state';
import { useNotice } from './use-notice';
import { usePictureInPicture } from './use-picture-in-picture';
import { usePlaybackLease } from './use-playback-lease';
import { usePlayQualityReport } from './use-play-quality-report';
import { usePlaybackUpdates } from './use-playback-updates';
import { useVolume } from './use-volume';

/** What the page can ask of the player. */
export interface VideoPlayerHandle {
  /** Plays, from `from` seconds when given (also retries after an error). */
  play: (from?: number) => void;
  pause: () => void;
}

export interface MediaPlayerProps {
  src: string;
  hls: boolean;
  poster: string;
  title: string;
  autoPlay?: boolean;
  /** Seconds to start at. */
  startAt?: number;
  onPlaybackUpdate?: (update: PlaybackUpdate) => void;
  /** Shown over the picture, above the controls (for example the next-episode offer). */
  overlay?: ReactNode;
  /** A member's full video: playing it takes one of the plan's screens. */
  lease?: LeaseTarget;
  /** Intro, recap and credits of the video: the player offers to skip the first two. */
  markers?: readonly PlayerMarker[];
  /** The profile's languages and subtitle style, and where the viewer's choices are kept. */
  preferences?: PlayerPreferences;
  ref?: Ref<VideoPlayerHandle>;
}

const NO_MARKERS: readonly PlayerMarker[] = [];

/** The root's classes that draw subtitles in the profile's style (player.scss). */
const subtitleStyleClasses = (style: SubtitleStyle | undefined) =>
  style ? [`subs-${style.size}`, `subs-${style.color}`, `subs-bg-${style.background}`] : [];

const FAILURE_TEXT: Record<FailureReason, string> = {
  network: 'The video could not be loaded. Check your connection and try again.',
  media: 'This video could not be played.',
  unsupported: 'This browser cannot play this video.',
};

/**
 * Our own controls over a <video>: HLS through hls.js or natively, or a plain file. Play/pause,
 * seek bar with previews, volume, captions, speed, quality, picture-in-picture and fullscreen, all
 * labelled and keyboard operable; shortcuts work while focus is inside the player.
 */
export function MediaPlayer({
  src,
  hls,
  poster,
  title,
  autoPlay = false,
  startAt = 0,
  onPlaybackUpdate,
  overlay,
  lease,
  markers = NO_MARKERS,
  preferences,
  ref,
}: MediaPlayerProps) {
  const rootRef = useRef<HTMLDivElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const media = useMediaState(videoRef);
  const screens = usePlaybackLease(videoRef, lease);
  const { notice, announce } = useNotice();
  const volume = useVolume(videoRef, announce);
  const renditionRef = useRef<(height: number, bitrate: number) => void>(undefined);
  const engine = useMediaEngine(videoRef, {
    src,
    hls,
    startAt,
    autoPlay,
    onRendition: (height, bitrate) => renditionRef.current?.(height, bitrate),
    languages: preferences?.languages,
  });
  renditionRef.current = usePlayQualityReport(
    videoRef,
    lease,
    engine.state.attempt,
    engine.state.failure,
  ).rendition;
  usePlaybackUpdates(videoRef, engine.lastPosition, onPlaybackUpdate);
  const { pip, togglePip } = usePictureInPicture(videoRef);
  const { fullscreen, toggleFullscreen } = useFullscreen(rootRef, videoRef);
  const { idle, wake } = useIdle(media.paused);
  const [menuOpen, setMenuOpen] = useState(false);
  const { engineRef, retry } = engine;
  const { failure } = engine.state;

  useImperativeHandle(
    ref,
    () => ({
      play: (from?: number) => {
        rootRef.current?.focus({ preventScroll: true });
        if (failure) {
          retry(from ?? engine.lastPosition.current);
          return;
        }
        engineRef.current?.play(from);
      },
      pause: () => videoRef.current?.pause(),
    }),
    [failure, retry, engineRef, engine.lastPosition],
  );

  const duration = media.duration;

  const togglePlay = () => {
    const element = videoRef.current;
    if (!element) return;
    if (element.paused || element.ended) engineRef.current?.play();
    else element.pause();
  };

  const seekTo = (seconds: number) => {
    if (!(duration > 0)) return;
    engineRef.current?.seekTo(Math.min(duration, Math.max(0, seconds)));
  };

  const run = (action: PlayerAction) => {
    switch (action.type) {
      case 'toggle-play':
        togglePlay();
        break;
      case 'seek-by': {
        const element = videoRef.current;
        if (!element || !(duration > 0)) break;
        seekTo(element.currentTime + action.seconds);
        announce(`${action.seconds > 0 ? 'Forward' : 'Back'} ${Math.abs(action.seconds)} seconds`);
        break;
      }
      case 'volume-by':
        volume.changeVolumeBy(action.delta);
        break;
      case 'toggle-mute':
        volume.toggleMute();
        break;
      case 'toggle-fullscreen':
        toggleFullscreen();
        break;
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    wake();
    const action = shortcutFor(event, keyTargetOf(event.target));
    if (!action) return;
    event.preventDefault();
    run(action);
  };

  // A tap on a touch screen while the controls are hidden only brings them back.
  const hiddenAtPointerDown = useRef(false);
  const controlsHidden = idle && !media.paused && !menuOpen && failure === null;
  const showBigButton = failure === null && !overlay && (!media.started || media.ended) && !media.buffering;

  return (
    <div
      ref={rootRef}
      className={[
        'player',
        'player--custom',
        controlsHidden ? 'is-idle' : '',
        media.paused ? 'is-paused' : 'is-playing',
        fullscreen ? 'is-fullscreen' : '',
        ...subtitleStyleClasses(preferences?.subtitleStyle),
      ]
        .filter(Boolean)
        .join(' ')}
      role="region"
      aria-label="Video player"
      tabIndex={-1}
      onKeyDown={onKeyDown}
      onPointerMove={wake}
      onPointerDownCapture={(event) => {
        hiddenAtPointerDown.current = event.pointerType === 'touch' && controlsHidden;
        wake();
      }}
      onFocus={wake}
    >
      <video
        ref={videoRef}
        className="player__video"
        poster={poster}
        playsInline
        preload="metadata"
        aria-label={`${title} video player`}
        onClick={() => {
          if (hiddenAtPointerDown.current) return;
          togglePlay();
        }}
        onDoubleClick={toggleFullscreen}
      />

      {media.buffering && failure === null && (
        <div className="player__spinner" role="status">
          <span className="visually-hidden">Buffering</span>
        </div>
      )}

      {showBigButton && (
        <button
          type="button"
          className="player__big-play"
          aria-label={media.ended ? `Replay ${title}` : `Play ${title}`}
          onClick={togglePlay}
        >
          {media.ended ? <ReplayGlyph size={36} /> : <PlayIcon size={40} />}
        </button>
      )}

      <div className={`player__notice-osd${notice.shown ? ' is-shown' : ''}`} role="status">
        {notice.text}
      </div>

      {overlay && failure === null && <div className="player__overlay">{overlay}</div>}

      {!overlay && failure === null && media.started && (
        <SkipMarkerButton
          markers={markers}
          currentTime={media.currentTime}
          onSkip={(to) => {
            seekTo(to);
            // The button goes away: focus stays in the player, where its shortcuts work.
            rootRef.current?.focus({ preventScroll: true });
          }}
        />
      )}

      {screens.refusal !== null && failure === null && (
        <PlayerAlert
          poster={poster}
          message={screens.refusal}
          actionLabel="Try again"
          onAction={() => {
            screens.dismiss();
            engineRef.current?.play();
          }}
        />
      )}

      {failure !== null && (
        <PlayerAlert
          poster={poster}
          message={FAILURE_TEXT[failure]}
          actionLabel="Retry"
          onAction={() => retry()}
        />
      )}

      <PlayerControls
        media={media}
        engine={engine.state}
        thumbnailsUrl={hls ? thumbnailsUrlFor(src) : null}
        pip={pip}
        fullscreen={fullscreen}
        onSeek={seekTo}
        onTogglePlay={togglePlay}
        onToggleMute={volume.toggleMute}
        onVolume={volume.setVolume}
        onCaptions={(id) => {
          engine.chooseCaptions(id);
          const track = engine.state.captions.options.find((option) => option.id === id);
          preferences?.save({ subtitle_language: track?.language || null });
        }}
        onAudio={(id) => {
          engine.chooseAudio(id);
          const track = engine.state.audio.options.find((option) => option.id === id);
          if (track?.language) preferences?.save({ audio_language: track.language });
        }}
        onRate={(rate) => {
          const element = videoRef.current;
          if (element) element.playbackRate = rate;
        }}
        onQuality={engine.chooseQuality}
        onTogglePip={togglePip}
        onToggleFullscreen={toggleFullscreen}
        onMenuOpenChange={setMenuOpen}
      />
    </div>
  );
}
