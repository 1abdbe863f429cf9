import { useEffect, useRef, type RefObject } from 'react';
import type { PlaybackUpdate } from '../../lib/playback-progress';

/**
 * Playback updates for the page (progress saving, next episode): ticks while playing, play,
 * pause and ended. Also keeps `lastPosition` at the last position played.
 */
export function usePlaybackUpdates(
  videoRef: RefObject<HTMLVideoElement | null>,
  lastPosition: RefObject<number>,
  onPlaybackUpdate: ((update: PlaybackUpdate) => void) | undefined,
) {
  const updateRef = useRef(onPlaybackUpdate);
  useEffect(() => {
    updateRef.current = onPlaybackUpdate;
  }, [onPlaybackUpdate]);

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
    video.addEventListener('timeupdate', onTime);
    video.addEventListener('play', onPlay);
    video.addEventListener('pause', onPause);
    video.addEventListener('ended', onEnded);
    return () => {
      video.removeEventListener('timeupdate', onTime);
      video.removeEventListener('play', onPlay);
      video.removeEventListener('pause', onPause);
      video.removeEventListener('ended', onEnded);
    };
  }, [videoRef, lastPosition]);
}
