import { useEffect, useRef, type VideoHTMLAttributes } from 'react';

const HLS_MIME = 'application/vnd.apple.mpegurl';

interface HlsVideoProps extends Omit<VideoHTMLAttributes<HTMLVideoElement>, 'src'> {
  src: string;
  /** `hls` streams play natively where supported, otherwise through hls.js (loaded on demand). */
  hls: boolean;
  onPlaybackError?: () => void;
}

/** A <video> that also plays HLS playlists. hls.js is only downloaded when a stream needs it. */
export function HlsVideo({ src, hls, onPlaybackError, ...videoProps }: HlsVideoProps) {
  const ref = useRef<HTMLVideoElement>(null);
  const onError = useRef(onPlaybackError);
  useEffect(() => {
    onError.current = onPlaybackError;
  }, [onPlaybackError]);

  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    if (!hls || video.canPlayType(HLS_MIME)) {
      video.src = src;
      return () => {
        video.removeAttribute('src');
      };
    }
    let cancelled = false;
    let destroy: (() => void) | undefined;
    import('hls.js')
      .then(({ default: Hls }) => {
        if (cancelled) return;
        if (!Hls.isSupported()) {
          video.src = src;
          return;
        }
        const player = new Hls({ capLevelToPlayerSize: true });
        player.on(Hls.Events.ERROR, (_event, data) => {
          if (data.fatal) onError.current?.();
        });
        player.loadSource(src);
        player.attachMedia(video);
        destroy = () => player.destroy();
      })
      .catch(() => onError.current?.());
    return () => {
      cancelled = true;
      destroy?.();
    };
  }, [src, hls]);

  return <video ref={ref} {...videoProps} />;
}
