import { useCallback, useEffect, useRef, type Ref, type VideoHTMLAttributes } from 'react';

const HLS_MIME = 'application/vnd.apple.mpegurl';

interface HlsVideoProps extends Omit<VideoHTMLAttributes<HTMLVideoElement>, 'src'> {
  src: string;
  /** `hls` streams play natively where supported, otherwise through hls.js (loaded on demand). */
  hls: boolean;
  onPlaybackError?: () => void;
  ref?: Ref<HTMLVideoElement>;
}

/** A <video> that also plays HLS playlists. hls.js is only downloaded when a stream needs it. */
export function HlsVideo({ src, hls, onPlaybackError, ref: outerRef, ...videoProps }: HlsVideoProps) {
  const ref = useRef<HTMLVideoElement | null>(null);
  const setRef = useCallback(
    (element: HTMLVideoElement | null) => {
      ref.current = element;
      if (typeof outerRef === 'function') outerRef(element);
      else if (outerRef) outerRef.current = element;
    },
    [outerRef],
  );
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

  return <video ref={setRef} {...videoProps} />;
}
