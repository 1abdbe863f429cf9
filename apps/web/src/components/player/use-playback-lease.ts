import { useCallback, useEffect, useState, type RefObject } from 'react';
import { createLeaseKeeper, type LeaseTarget } from '../../lib/playback-lease';

/**
 * Holds one of the member's screens while the video plays (docs/decisions/0012). When the server
 * refuses (every screen in use, or no plan), the video is paused and the server's message is
 * returned for the player to show. Without a target (trailers, visitors) nothing is asked.
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
    video.addEventListener('play', onPlay);
    video.addEventListener('pause', onPause);
    window.addEventListener('pagehide', onPageHide);
    if (!video.paused) keeper.playing();
    return () => {
      video.removeEventListener('play', onPlay);
      video.removeEventListener('pause', onPause);
      window.removeEventListener('pagehide', onPageHide);
      keeper.dispose();
    };
  }, [videoRef, titleId, episodeId]);

  const dismiss = useCallback(() => setRefusal(null), []);
  return { refusal, dismiss };
}
