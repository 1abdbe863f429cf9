import {
  useCallback,
  useEffect,
  useImperativeHandle,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
} from 'react';
import { PlayIcon } from '../icons';
import { formatClock } from '../../lib/clock';
import type { LeaseTarget } from '../../lib/playback-lease';
import type { PlaybackUpdate } from '../../lib/playback-progress';
import { readStorage, writeStorage } from '../../lib/storage';
import { keyTargetOf, shortcutFor, type PlayerAction } from './keyboard';
import {
  attachSource,
  type CaptionOption,
  type FailureReason,
  type MediaEngine,
  type QualityOption,
} from './media-engine';
import {
  CaptionsGlyph,
  FullscreenGlyph,
  PauseGlyph,
  PipGlyph,
  ReplayGlyph,
  VolumeGlyph,
} from './player-icons';
import { PlayerMenu, type MenuOption } from './player-menu';
import { SeekBar } from './seek-bar';
import { thumbnailsUrlFor } from './thumbnails';
import { useMediaState } from './use-media-state';
import { usePlaybackLease } from './use-playback-lease';

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
  ref?: Ref<VideoPlayerHandle>;
}

/** Controls hide after this long without pointer or keyboard activity while playing. */
export const CONTROLS_IDLE_MS = 3000;
const NOTICE_MS = 900;
const VOLUME_KEY = 'player-volume';

const SPEEDS: MenuOption<number>[] = [0.5, 0.75, 1, 1.25, 1.5, 2].map((rate) => ({
  value: rate,
  label: rate === 1 ? 'Normal' : `${rate}×`,
}));

const FAILURE_TEXT: Record<FailureReason, string> = {
  network: 'The video could not be loaded. Check your connection and try again.',
  media: 'This video could not be played.',
  unsupported: 'This browser cannot play this video.',
};

function storedVolume(): number | null {
  const stored = readStorage(VOLUME_KEY);
  const value = Number(stored);
  return stored !== null && value >= 0 && value <= 1 ? value : null;
}

function canFullscreen(): boolean {
  return Boolean(document.fullscreenEnabled) || 'webkitEnterFullscreen' in HTMLVideoElement.prototype;
}

function canPictureInPicture(): boolean {
  return Boolean((document as Document & { pictureInPictureEnabled?: boolean }).pictureInPictureEnabled);
}

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
  ref,
}: MediaPlayerProps) {
  const rootRef = useRef<HTMLDivElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const engineRef = useRef<MediaEngine | null>(null);
  const media = useMediaState(videoRef);
  const screens = usePlaybackLease(videoRef, lease);

  const [attempt, setAttempt] = useState(0);
  const [failure, setFailure] = useState<FailureReason | null>(null);
  const [qualities, setQualities] = useState<QualityOption[]>([]);
  const [qualityChoice, setQualityChoice] = useState(-1);
  const [playingLevel, setPlayingLevel] = useState(-1);
  const [captions, setCaptions] = useState<{ options: CaptionOption[]; active: number }>({
    options: [],
    active: -1,
  });
  const [fullscreen, setFullscreen] = useState(false);
  const [pip, setPip] = useState(false);
  const [idle, setIdle] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const [notice, setNotice] = useState({ text: '', shown: false });

  /** Where to start the next attach (the start position, then the last position before a failure). */
  const resumeAt = useRef(startAt);
  const playOnAttach = useRef(autoPlay);
  const lastPosition = useRef(startAt);
  const updateRef = useRef(onPlaybackUpdate);
  useEffect(() => {
    updateRef.current = onPlaybackUpdate;
  }, [onPlaybackUpdate]);

  // One engine (one hls.js instance) per source and attempt, destroyed on cleanup.
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const volume = storedVolume();
    if (volume !== null) video.volume = volume;
    const engine = attachSource(
      video,
      {
        src,
        hls,
        startPosition: resumeAt.current,
        autoPlay: playOnAttach.current,
        deferLoad: !playOnAttach.current,
      },
      {
        onQualities: setQualities,
        onQuality: ({ playing }) => setPlayingLevel(playing),
        onCaptions: (options, active) => setCaptions({ options, active }),
        onFatal: (reason) => {
          resumeAt.current = lastPosition.current;
          setFailure(reason);
        },
      },
    );
    engineRef.current = engine;
    return () => {
      engine.destroy();
      if (engineRef.current === engine) engineRef.current = null;
    };
  }, [src, hls, attempt]);

  // Playback updates for the page (progress saving, next episode).
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const emit = (kind: PlaybackUpdate['kind']) => {
      const duration = video.duration;
      if (!Number.isFinite(duration) || duration <= 0) return;
      updateRef.current?.({ kind, position: video.currentTime, duration });
    };
    const onTime = () => {
      if (video.currentTime > 0) lastPosition.current = video.currentTime;
      if (!video.paused && !video.seeking) emit('tick');
    };
    const onPlay = () => emit('play');
    const onPause = () => {
      if (!video.ended) emit('pause');
    };
    const onEnded = () => emit('ended');
    const onEnterPip = () => setPip(true);
    const onLeavePip = () => setPip(false);
    const onVolume = () => writeStorage(VOLUME_KEY, String(video.volume));
    video.addEventListener('timeupdate', onTime);
    video.addEventListener('play', onPlay);
    video.addEventListener('pause', onPause);
    video.addEventListener('ended', onEnded);
    video.addEventListener('enterpictureinpicture', onEnterPip);
    video.addEventListener('leavepictureinpicture', onLeavePip);
    video.addEventListener('volumechange', onVolume);
    return () => {
      video.removeEventListener('timeupdate', onTime);
      video.removeEventListener('play', onPlay);
      video.removeEventListener('pause', onPause);
      video.removeEventListener('ended', onEnded);
      video.removeEventListener('enterpictureinpicture', onEnterPip);
      video.removeEventListener('leavepictureinpicture', onLeavePip);
      video.removeEventListener('volumechange', onVolume);
    };
  }, []);

  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement === rootRef.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  // Controls hide after a while without activity (only while playing; see `controlsHidden`).
  const idleTimer = useRef<number | undefined>(undefined);
  const wake = useCallback(() => {
    setIdle(false);
    window.clearTimeout(idleTimer.current);
    idleTimer.current = window.setTimeout(() => setIdle(true), CONTROLS_IDLE_MS);
  }, []);
  useEffect(() => () => window.clearTimeout(idleTimer.current), []);
  // Playback that starts without activity in the player (Resume, next episode) still hides them.
  useEffect(() => {
    if (!media.paused) wake();
  }, [media.paused, wake]);

  const noticeTimer = useRef<number | undefined>(undefined);
  const announce = useCallback((text: string) => {
    setNotice({ text, shown: true });
    window.clearTimeout(noticeTimer.current);
    noticeTimer.current = window.setTimeout(
      () => setNotice((current) => ({ ...current, shown: false })),
      NOTICE_MS,
    );
  }, []);
  useEffect(() => () => window.clearTimeout(noticeTimer.current), []);

  const retry = useCallback((from?: number) => {
    if (from !== undefined) resumeAt.current = from;
    playOnAttach.current = true;
    setFailure(null);
    setQualities([]);
    setQualityChoice(-1);
    setPlayingLevel(-1);
    setCaptions({ options: [], active: -1 });
    setAttempt((value) => value + 1);
  }, []);

  useImperativeHandle(
    ref,
    () => ({
      play: (from?: number) => {
        rootRef.current?.focus({ preventScroll: true });
        if (failure) {
          retry(from ?? lastPosition.current);
          return;
        }
        engineRef.current?.play(from);
      },
      pause: () => videoRef.current?.pause(),
    }),
    [failure, retry],
  );

  const video = () => videoRef.current;
  const duration = media.duration;

  const togglePlay = () => {
    const element = video();
    if (!element) return;
    if (element.paused || element.ended) engineRef.current?.play();
    else element.pause();
  };

  const seekTo = (seconds: number) => {
    if (!(duration > 0)) return;
    engineRef.current?.seekTo(Math.min(duration, Math.max(0, seconds)));
  };

  const setVolume = (value: number) => {
    const element = video();
    if (!element) return;
    element.volume = Math.min(1, Math.max(0, Math.round(value * 100) / 100));
    if (element.volume > 0 && element.muted) element.muted = false;
  };

  const toggleMute = () => {
    const element = video();
    if (!element) return;
    if (element.muted || element.volume === 0) {
      element.muted = false;
      if (element.volume === 0) element.volume = 0.5;
      announce(`Volume ${Math.round(element.volume * 100)}%`);
    } else {
      element.muted = true;
      announce('Muted');
    }
  };

  const toggleFullscreen = () => {
    const root = rootRef.current;
    const element = video() as (HTMLVideoElement & { webkitEnterFullscreen?: () => void }) | null;
    if (!root || !element) return;
    if (document.fullscreenElement) {
      void document.exitFullscreen?.().catch(() => undefined);
    } else if (document.fullscreenEnabled && root.requestFullscreen) {
      void root.requestFullscreen().catch(() => undefined);
    } else {
      // iPhone Safari only has fullscreen for the video element itself.
      element.webkitEnterFullscreen?.();
    }
  };

  const togglePip = () => {
    const element = video();
    if (!element) return;
    const doc = document as Document & {
      pictureInPictureElement?: Element | null;
      exitPictureInPicture?: () => Promise<void>;
    };
    if (doc.pictureInPictureElement) void doc.exitPictureInPicture?.().catch(() => undefined);
    else void element.requestPictureInPicture?.().catch(() => undefined);
  };

  const run = (action: PlayerAction) => {
    switch (action.type) {
      case 'toggle-play':
        togglePlay();
        break;
      case 'seek-by': {
        const element = video();
        if (!element || !(duration > 0)) break;
        seekTo(element.currentTime + action.seconds);
        announce(`${action.seconds > 0 ? 'Forward' : 'Back'} ${Math.abs(action.seconds)} seconds`);
        break;
      }
      case 'volume-by': {
        const element = video();
        if (!element) break;
        setVolume((element.muted ? 0 : element.volume) + action.delta);
        announce(`Volume ${Math.round(element.volume * 100)}%`);
        break;
      }
      case 'toggle-mute':
        toggleMute();
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

  const qualityOptions: MenuOption<number>[] = [
    { value: -1, label: 'Auto' },
    ...qualities.map((option) => ({ value: option.level, label: option.label })),
  ];
  const playingLabel = qualities.find((option) => option.level === playingLevel)?.label;
  const chosenLabel = qualities.find((option) => option.level === qualityChoice)?.label;
  const qualityText =
    qualityChoice === -1 ? `Auto${playingLabel ? ` (${playingLabel})` : ''}` : (chosenLabel ?? 'Auto');

  const captionOptions: MenuOption<number>[] = [
    { value: -1, label: 'Off' },
    ...captions.options.map((option) => ({ value: option.id, label: option.label })),
  ];
  const captionText = captions.options.find((option) => option.id === captions.active)?.label ?? 'Off';

  const volumeLevel = media.muted || media.volume === 0 ? 'off' : media.volume < 0.5 ? 'low' : 'high';
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

      {screens.refusal !== null && failure === null && (
        <div className="player__error" role="alert">
          <img src={poster} alt="" width={1280} height={720} />
          <div className="player__error-body">
            <p>{screens.refusal}</p>
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => {
                screens.dismiss();
                engineRef.current?.play();
              }}
            >
              Try again
            </button>
          </div>
        </div>
      )}

      {failure !== null && (
        <div className="player__error" role="alert">
          <img src={poster} alt="" width={1280} height={720} />
          <div className="player__error-body">
            <p>{FAILURE_TEXT[failure]}</p>
            <button type="button" className="btn btn-primary" onClick={() => retry()}>
              Retry
            </button>
          </div>
        </div>
      )}

      <div className="player__controls" role="group" aria-label="Player controls" hidden={failure !== null}>
        <SeekBar
          currentTime={media.currentTime}
          duration={duration}
          bufferedEnd={media.bufferedEnd}
          thumbnailsUrl={hls ? thumbnailsUrlFor(src) : null}
          onSeek={seekTo}
        />
        <div className="player__bar">
          <button
            type="button"
            className="player__button"
            aria-label={media.paused ? 'Play' : 'Pause'}
            onClick={togglePlay}
          >
            {media.paused ? <PlayIcon size={22} /> : <PauseGlyph />}
          </button>
          <div className="player__volume">
            <button
              type="button"
              className="player__button"
              aria-label={media.muted ? 'Unmute' : 'Mute'}
              onClick={toggleMute}
            >
              <VolumeGlyph level={volumeLevel} />
            </button>
            <input
              type="range"
              className="player__volume-slider"
              aria-label="Volume"
              min={0}
              max={1}
              step={0.05}
              value={media.muted ? 0 : media.volume}
              aria-valuetext={`${Math.round((media.muted ? 0 : media.volume) * 100)}%`}
              onChange={(event) => setVolume(Number(event.target.value))}
            />
          </div>
          <span className="player__time">
            {formatClock(media.currentTime)}
            <span aria-hidden="true"> / </span>
            <span className="visually-hidden"> of </span>
            {duration > 0 ? formatClock(duration) : '--:--'}
          </span>
          <span className="player__spacer" />
          {captions.options.length > 0 && (
            <PlayerMenu
              label="Captions"
              current={captionText}
              options={captionOptions}
              value={captions.active}
              onChange={(id) => {
                engineRef.current?.setCaptions(id);
                setCaptions((current) => ({ ...current, active: id }));
              }}
              onOpenChange={setMenuOpen}
              className={captions.active >= 0 ? 'is-on' : ''}
            >
              <CaptionsGlyph />
            </PlayerMenu>
          )}
          <PlayerMenu
            label="Playback speed"
            current={SPEEDS.find((speed) => speed.value === media.rate)?.label ?? `${media.rate}×`}
            options={SPEEDS}
            value={media.rate}
            onChange={(rate) => {
              const element = video();
              if (element) element.playbackRate = rate;
            }}
            onOpenChange={setMenuOpen}
          >
            <span className="player-menu__current">{media.rate === 1 ? '1×' : `${media.rate}×`}</span>
          </PlayerMenu>
          {qualities.length > 0 && (
            <PlayerMenu
              label="Quality"
              current={qualityText}
              options={qualityOptions}
              value={qualityChoice}
              onChange={(level) => {
                setQualityChoice(level);
                engineRef.current?.setQuality(level);
              }}
              onOpenChange={setMenuOpen}
            >
              <span className="player-menu__current">{qualityChoice === -1 ? 'Auto' : chosenLabel}</span>
            </PlayerMenu>
          )}
          {canPictureInPicture() && (
            <button
              type="button"
              className="player__button"
              aria-label="Picture-in-picture"
              aria-pressed={pip}
              onClick={togglePip}
            >
              <PipGlyph />
            </button>
          )}
          {canFullscreen() && (
            <button
              type="button"
              className="player__button"
              aria-label={fullscreen ? 'Exit fullscreen' : 'Fullscreen'}
              onClick={toggleFullscreen}
            >
              <FullscreenGlyph exit={fullscreen} />
            </button>
          )}
        </div>
      </div>
    </div>
  );
}
