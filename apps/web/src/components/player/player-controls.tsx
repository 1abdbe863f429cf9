import { PlayIcon } from '../icons';
import { formatClock } from '../../lib/clock';
import { FullscreenGlyph, PauseGlyph, PipGlyph, VolumeGlyph } from './player-icons';
import { AudioMenu, CaptionsMenu, QualityMenu, SpeedMenu } from './player-settings-menus';
import { SeekBar } from './seek-bar';
import { canFullscreen } from './use-fullscreen';
import type { EngineState } from './use-media-engine';
import type { MediaState } from './use-media-state';
import { canPictureInPicture } from './use-picture-in-picture';

interface PlayerControlsProps {
  media: MediaState;
  engine: EngineState;
  /** The seek bar's preview images, when the video has them. */
  thumbnailsUrl: string | null;
  pip: boolean;
  fullscreen: boolean;
  onSeek: (seconds: number) => void;
  onTogglePlay: () => void;
  onToggleMute: () => void;
  onVolume: (volume: number) => void;
  onCaptions: (id: number) => void;
  onAudio: (id: number) => void;
  onRate: (rate: number) => void;
  onQuality: (level: number) => void;
  onTogglePip: () => void;
  onToggleFullscreen: () => void;
  /** A settings menu opened or closed (the controls stay while one is open). */
  onMenuOpenChange: (open: boolean) => void;
}

/** The seek bar and the button bar under the picture; hidden while the player shows an error. */
export function PlayerControls({
  media,
  engine,
  thumbnailsUrl,
  pip,
  fullscreen,
  onSeek,
  onTogglePlay,
  onToggleMute,
  onVolume,
  onCaptions,
  onAudio,
  onRate,
  onQuality,
  onTogglePip,
  onToggleFullscreen,
  onMenuOpenChange,
}: PlayerControlsProps) {
  const duration = media.duration;
  const volume = media.muted ? 0 : media.volume;
  const volumeLevel = media.muted || media.volume === 0 ? 'off' : media.volume < 0.5 ? 'low' : 'high';

  return (
    <div
      className="player__controls"
      role="group"
      aria-label="Player controls"
      hidden={engine.failure !== null}
    >
      <SeekBar
        currentTime={media.currentTime}
        duration={duration}
        bufferedEnd={media.bufferedEnd}
        thumbnailsUrl={thumbnailsUrl}
        onSeek={onSeek}
      />
      <div className="player__bar">
        <button
          type="button"
          className="player__button"
          aria-label={media.paused ? 'Play' : 'Pause'}
          onClick={onTogglePlay}
        >
          {media.paused ? <PlayIcon size={22} /> : <PauseGlyph />}
        </button>
        <div className="player__volume">
          <button
            type="button"
            className="player__button"
            aria-label={media.muted ? 'Unmute' : 'Mute'}
            onClick={onToggleMute}
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
            value={volume}
            aria-valuetext={`${Math.round(volume * 100)}%`}
            onChange={(event) => onVolume(Number(event.target.value))}
          />
        </div>
        <span className="player__time">
          {formatClock(media.currentTime)}
          <span aria-hidden="true"> / </span>
          <span className="visually-hidden"> of </span>
          {duration > 0 ? formatClock(duration) : '--:--'}
        </span>
        <span className="player__spacer" />
        <AudioMenu audio={engine.audio} onChange={onAudio} onOpenChange={onMenuOpenChange} />
        <CaptionsMenu captions={engine.captions} onChange={onCaptions} onOpenChange={onMenuOpenChange} />
        <SpeedMenu rate={media.rate} onChange={onRate} onOpenChange={onMenuOpenChange} />
        <QualityMenu
          qualities={engine.qualities}
          choice={engine.qualityChoice}
          playingLevel={engine.playingLevel}
          onChange={onQuality}
          onOpenChange={onMenuOpenChange}
        />
        {canPictureInPicture() && (
          <button
            type="button"
            className="player__button"
            aria-label="Picture-in-picture"
            aria-pressed={pip}
            onClick={onTogglePip}
          >
            <PipGlyph />
          </button>
        )}
        {canFullscreen() && (
          <button
            type="button"
            className="player__button"
            aria-label={fullscreen ? 'Exit fullscreen' : 'Fullscreen'}
            onClick={onToggleFullscreen}
          >
            <FullscreenGlyph exit={fullscreen} />
          </button>
        )}
      </div>
    </div>
  );
}
