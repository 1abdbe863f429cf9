import { useCallback, useEffect, useRef, type RefObject } from 'react';
import type { LeaseTarget } from '../../lib/playback-lease';
import { takePlayPress } from '../../lib/play-press';
import { flushPlayQualityReports, newPlayId, queuePlayQualityReport } from '../../lib/play-quality-reports';
import type { FailureReason } from './media-engine';
import { createPlayQualityMeter, deviceClass, type PlayQualityMeter } from './play-quality-meter';

/**
 * Measures each play of a member's full video and queues its report (docs/decisions on playback
 * quality): one meter per video and engine attempt, finished when the player goes, the video
 * changes, a retry starts over, or the page is hidden. Without a target (trailers, visitors)
 * nothing is measured. Gives back where the engine tells the rendition playing.
 */
export function usePlayQualityReport(
  videoRef: RefObject<HTMLVideoElement | null>,
  target: LeaseTarget | undefined,
  attempt: number,
  failure: FailureReason | null,
) {
  const meterRef = useRef<PlayQualityMeter | null>(null);
  const titleId = target?.titleId;
  const episodeId = target?.episodeId ?? null;

  useEffect(() => {
    const video = videoRef.current;
    if (!video || titleId === undefined) return;
    const device = deviceClass();
    const start = (pressedAt: number | null) => {
      meterRef.current = createPlayQualityMeter(video, { pressedAt });
    };
    const finish = () => {
      const measure = meterRef.current?.finish();
      meterRef.current = null;
      if (!measure) return;
      queuePlayQualityReport({
        play_id: newPlayId(),
        entertainment_id: titleId,
        ...(episodeId !== null ? { episode_id: episodeId } : {}),
        device_class: device,
        ...measure,
      });
    };
    // A hidden page may never come back (a closed browser, a phone's app switcher): the play so
    // far is reported, and playing on is measured as a new play from its next press on play.
    const onVisibilityChange = () => {
      if (document.visibilityState !== 'hidden') return;
      finish();
      flushPlayQualityReports();
      start(null);
    };
    const onPageHide = () => {
      finish();
      flushPlayQualityReports();
    };
    start(attempt === 0 ? takePlayPress(titleId, episodeId) : null);
    window.addEventListener('pagehide', onPageHide);
    document.addEventListener('visibilitychange', onVisibilityChange);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      document.removeEventListener('visibilitychange', onVisibilityChange);
      finish();
    };
  }, [videoRef, titleId, episodeId, attempt]);

  useEffect(() => {
    if (failure) meterRef.current?.fail(failure);
  }, [failure]);

  const rendition = useCallback(
    (height: number, bitrate: number) => meterRef.current?.rendition(height, bitrate),
    [],
  );
  return { rendition };
}
