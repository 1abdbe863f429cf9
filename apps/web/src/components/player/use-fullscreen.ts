import { useEffect, useState, type RefObject } from 'react';

/** Whether the browser can show the player, or at least its video, fullscreen. */
export function canFullscreen(): boolean {
  return Boolean(document.fullscreenEnabled) || 'webkitEnterFullscreen' in HTMLVideoElement.prototype;
}

/** Fullscreen of the whole player (its controls included), or of the video alone on iPhone. */
export function useFullscreen(
  rootRef: RefObject<HTMLElement | null>,
  videoRef: RefObject<HTMLVideoElement | null>,
) {
  const [fullscreen, setFullscreen] = useState(false);

  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement === rootRef.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, [rootRef]);

  const toggleFullscreen = () => {
    const root = rootRef.current;
    const element = videoRef.current as (HTMLVideoElement & { webkitEnterFullscreen?: () => void }) | null;
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

  return { fullscreen, toggleFullscreen };
}
