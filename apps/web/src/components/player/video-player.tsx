import './player.scss';
import { Component, type ReactNode, type Ref } from 'react';
import type { LinkType } from '@reeltime/contract';
import type { LeaseTarget } from '../../lib/playback-lease';
import type { PlayerPreferences } from '../../lib/playback-preferences';
import type { PlaybackUpdate } from '../../lib/playback-progress';
import { dailymotionEmbedUrl, vimeoEmbedUrl, youtubeEmbedUrl } from './embed-url';
import { MediaPlayer, type VideoPlayerHandle } from './media-player';
import type { PlayerMarker } from './skip-marker';

export type { VideoPlayerHandle } from './media-player';

export interface PlayerSource {
  type: LinkType;
  url: string;
  /** Where the video's intro, recap and credits are (HLS streams and files). */
  markers?: readonly PlayerMarker[];
}

interface VideoPlayerProps {
  source: PlayerSource | null;
  poster: string;
  title: string;
  autoPlay?: boolean;
  /** Seconds to start at (HLS streams and files). */
  startAt?: number;
  /** Playback updates of HLS streams and files (embeds report nothing). */
  onPlaybackUpdate?: (update: PlaybackUpdate) => void;
  /** Shown over the picture (HLS streams and files). */
  overlay?: ReactNode;
  /** A member's full video (HLS streams and files): playing it takes one of the plan's screens. */
  lease?: LeaseTarget;
  /** The profile's languages and subtitle style (HLS streams and files). */
  preferences?: PlayerPreferences | undefined;
  ref?: Ref<VideoPlayerHandle>;
}

type EmbedType = Extract<LinkType, 'youtube' | 'vimeo' | 'dailymotion'>;

/** Links played in the provider's own player, by link type. */
const EMBEDS: Record<EmbedType, (url: string, autoplay: boolean) => string | null> = {
  youtube: youtubeEmbedUrl,
  vimeo: vimeoEmbedUrl,
  dailymotion: dailymotionEmbedUrl,
};

const isEmbed = (type: LinkType): type is EmbedType => Object.hasOwn(EMBEDS, type);

function Unavailable({ poster, message }: { poster: string; message: string }) {
  return (
    <div className="player player--unavailable" role="region" aria-label="Video player">
      <img src={poster} alt="" width={1280} height={720} />
      <p className="player__notice">{message}</p>
    </div>
  );
}

/** The player's own error boundary: a failure inside it leaves the rest of the page working. */
class PlayerBoundary extends Component<{ poster: string; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? (
      <Unavailable poster={this.props.poster} message="This video could not be played." />
    ) : (
      this.props.children
    );
  }
}

/**
 * Picks the player by link type: YouTube, Vimeo or Dailymotion embed, or our own controls over an
 * HLS stream or a plain video file (see apps/web/docs/decisions/0002-player.md).
 */
export function VideoPlayer({
  source,
  poster,
  title,
  autoPlay = false,
  startAt = 0,
  onPlaybackUpdate,
  overlay,
  lease,
  preferences,
  ref,
}: VideoPlayerProps) {
  if (!source || !source.url) return <Unavailable poster={poster} message="No video is available yet." />;

  if (isEmbed(source.type)) {
    const embed = EMBEDS[source.type](source.url, autoPlay);
    if (!embed) return <Unavailable poster={poster} message="This video could not be played." />;
    return (
      <div className="player" role="region" aria-label="Video player">
        <iframe
          src={embed}
          title={`${title} video player`}
          allow="autoplay; encrypted-media; fullscreen; picture-in-picture"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
        />
      </div>
    );
  }

  return (
    <PlayerBoundary key={`${source.type}:${source.url}`} poster={poster}>
      <MediaPlayer
        ref={ref}
        src={source.url}
        hls={source.type === 'hls'}
        poster={poster}
        title={title}
        autoPlay={autoPlay}
        startAt={startAt}
        onPlaybackUpdate={onPlaybackUpdate}
        overlay={overlay}
        lease={lease}
        {...(preferences ? { preferences } : {})}
        {...(source.markers ? { markers: source.markers } : {})}
      />
    </PlayerBoundary>
  );
}
