import { useEffect, useState, type RefObject } from 'react';

export interface MediaState {
  paused: boolean;
  ended: boolean;
  /** Playback has started at least once (the poster and big play button are gone). */
  started: boolean;
  /** Waiting for data while playback should be running. */
  buffering: boolean;
  currentTime: number;
  /** Seconds, 0 while unknown. */
  duration: number;
  /** End of the buffered range around the playhead, in seconds. */
  bufferedEnd: number;
  volume: number;
  muted: boolean;
  rate: number;
}

const INITIAL: MediaState = {
  paused: true,
  ended: false,
  started: false,
  buffering: false,
  currentTime: 0,
  duration: 0,
  bufferedEnd: 0,
  volume: 1,
  muted: false,
  rate: 1,
};

function bufferedEndOf(video: HTMLVideoElement): number {
  const ranges = video.buffered as TimeRanges | undefined;
  if (!ranges) return 0;
  for (let index = 0; index < ranges.length; index++) {
    if (ranges.start(index) <= video.currentTime + 0.5 && ranges.end(index) >= video.currentTime) {
      return ranges.end(index);
    }
  }
  return 0;
}

const EVENTS = [
  'play',
  'playing',
  'pause',
  'ended',
  'waiting',
  'stalled',
  'canplay',
  'seeking',
  'seeked',
  'timeupdate',
  'durationchange',
  'loadedmetadata',
  'progress',
  'volumechange',
  'ratechange',
  'emptied',
  'error',
] as const;

/** The <video>'s state, following its media events. */
export function useMediaState(videoRef: RefObject<HTMLVideoElement | null>): MediaState {
  const [state, setState] = useState<MediaState>(INITIAL);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    let buffering = false;
    let started = false;
    const update = (event?: Event) => {
      switch (event?.type) {
        case 'waiting':
        case 'stalled':
          buffering = !video.paused;
          break;
        case 'seeking':
          buffering = !video.paused && video.readyState < 3;
          break;
        case 'playing':
        case 'canplay':
        case 'pause':
        case 'ended':
        case 'emptied':
        case 'error':
          buffering = false;
          break;
        case 'play':
          started = true;
          break;
      }
      const duration = Number.isFinite(video.duration) ? video.duration : 0;
      setState({
        paused: video.paused,
        ended: video.ended,
        started,
        buffering,
        currentTime: video.currentTime,
        duration,
        bufferedEnd: bufferedEndOf(video),
        volume: video.volume,
        muted: video.muted,
        rate: video.playbackRate,
      });
    };
    for (const type of EVENTS) video.addEventListener(type, update);
    return () => {
      for (const type of EVENTS) video.removeEventListener(type, update);
    };
  }, [videoRef]);

  return state;
}
