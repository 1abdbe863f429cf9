import { useCallback, useEffect, useState, type RefObject } from 'react';
import { createLeaseKeeper, type LeaseTarget } from '../../lib/playback-lease';

/**
 * Holds one of the member's screens while the video plays (docs/decisions/0012). When the server
 * refuses (every screen in use, or no plan), the video is paused and the server's message is
 * returned for the player to show. The screen is given back as soon as the page is hidden (taken
 * again if it plays on), so a closed browser does not hold it until it runs out. Without a target (trailers, visitors) nothing is asked.
 */
export function usePlaybackLease(
  videoRef: RefObject<HTMLVideoElement | null>,
  target: LeaseTarget | undefined,
) {
  const [refusal, setRefusal] = useState<string | null>(null);
  const titleId = target?.titleId;
  const episodeId = target?.episodeId ?? null;

  useEffect(() => {
    const video = videoRef.current;
    if (!video || titleId === undefined) return;
    const keeper = createLeaseKeeper({
      target: { titleId, episodeId },
      onRefused: (message) => {
        video.pause();
        setRefusal(message);
      },
    });
    const onPlay = () => keeper.playing();
    const onPause = () => keeper.paused();
    const onPageHide = () => keeper.leave();
    // A closed browser or a phone's app switcher may not fire pagehide: hidden is the last sure sign.
    const onVisibilityChange = () => {
      if (document.visibilityState === 'hidden') keeper.hidden();
    };
    video.addEventListener('play', onPlay);
    video.addEventListener('pause', onPause);
    window.addEventListener('pagehide', onPageHide);
    document.addEventListener('visibilitychange', onVisibilityChange);
    if (!video.paused) keeper.playing();
    return () => {
      video.removeEventListener('play', onPlay);
      video.removeEventListener('pause', onPause);
      window.removeEventListener('pagehide', onPageHide);
      document.removeEventListener('visibilitychange', onVisibilityChange);
      keeper.dispose();
    };
  }, [videoRef, titleId, episodeId]);

  const dismiss = useCallback(() => setRefusal(null), []);
  return { refusal, dismiss };
}
