import { useCallback, useEffect, useRef, type Ref, type VideoHTMLAttributes } from 'react';
import { attachSource } from './media-engine';

interface HlsVideoProps extends Omit<VideoHTMLAttributes<HTMLVideoElement>, 'src'> {
  src: string;
  /** `hls` streams play through hls.js (loaded on demand) or natively where the browser has no MSE. */
  hls: boolean;
  ref?: Ref<HTMLVideoElement>;
}

/**
 * A bare <video> that also plays HLS playlists, without our controls (background trailers).
 * One engine per source, destroyed on cleanup; a fatal error stops it, never retried in a loop.
 */
export function HlsVideo({ src, hls, ref: outerRef, ...videoProps }: HlsVideoProps) {
  const ref = useRef<HTMLVideoElement | null>(null);
  const setRef = useCallback(
    (element: HTMLVideoElement | null) => {
      ref.current = element;
      if (typeof outerRef === 'function') outerRef(element);
      else if (outerRef) outerRef.current = element;
    },
    [outerRef],
  );
  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    // The element's own autoplay attribute starts playback, also for hls.js (MSE) sources.
    const engine = attachSource(video, { src, hls });
    return () => engine.destroy();
  }, [src, hls]);

  return <video ref={setRef} {...videoProps} />;
}
