import { useState } from 'react';
import type { LinkType } from '@reeltime/contract';
import { HlsVideo } from './hls-video';
import { vimeoEmbedUrl, youtubeEmbedUrl } from './embed-url';

export interface PlayerSource {
  type: LinkType;
  url: string;
}

interface VideoPlayerProps {
  source: PlayerSource | null;
  poster: string;
  title: string;
  autoPlay?: boolean;
}

/** Picks the player by link type: YouTube or Vimeo embed, HLS stream, or a plain video file. */
export function VideoPlayer({ source, poster, title, autoPlay = false }: VideoPlayerProps) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);

  if (!source || !source.url || failedUrl === source.url) {
    return (
      <div className="player player--unavailable">
        <img src={poster} alt="" width={1280} height={720} />
        <p className="player__notice">
          {source?.url ? 'This video could not be played.' : 'No video is available yet.'}
        </p>
      </div>
    );
  }

  if (source.type === 'youtube' || source.type === 'vimeo') {
    const embed =
      source.type === 'youtube' ? youtubeEmbedUrl(source.url, autoPlay) : vimeoEmbedUrl(source.url, autoPlay);
    if (!embed) {
      return (
        <div className="player player--unavailable">
          <img src={poster} alt="" width={1280} height={720} />
          <p className="player__notice">This video could not be played.</p>
        </div>
      );
    }
    return (
      <div className="player">
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
    <div className="player">
      <HlsVideo
        key={source.url}
        src={source.url}
        hls={source.type === 'hls'}
        poster={poster}
        controls
        playsInline
        autoPlay={autoPlay}
        preload="metadata"
        aria-label={`${title} video player`}
        onPlaybackError={() => setFailedUrl(source.url)}
      />
    </div>
  );
}
