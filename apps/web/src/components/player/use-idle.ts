import { useCallback, useEffect, useRef, useState } from 'react';

/** Controls hide after this long without pointer or keyboard activity while playing. */
export const CONTROLS_IDLE_MS = 3000;

/**
 * Whether the viewer has been inactive for `CONTROLS_IDLE_MS`; `wake` marks activity. Playback
 * that starts without activity in the player (Resume, next episode) starts the count too.
 */
export function useIdle(paused: boolean) {
  const [idle, setIdle] = useState(false);
  const idleTimer = useRef<number | undefined>(undefined);

  const wake = useCallback(() => {
    setIdle(false);
    window.clearTimeout(idleTimer.current);
    idleTimer.current = window.setTimeout(() => setIdle(true), CONTROLS_IDLE_MS);
  }, []);
  useEffect(() => () => window.clearTimeout(idleTimer.current), []);
  useEffect(() => {
    if (!paused) wake();
  }, [paused, wake]);

  return { idle, wake };
}
