import { useEffect, useRef, useState } from 'react';

/** Seconds before the next episode starts on its own. */
export const NEXT_EPISODE_COUNTDOWN = 10;

interface NextEpisodePromptProps {
  /** `S1 E3: Name` */
  label: string;
  seconds?: number;
  onPlay: () => void;
  onCancel: () => void;
}

/**
 * Shown over the player when an episode ends: the next one starts after a short countdown unless
 * cancelled. Keyboard users who were in the player land on the "Next episode" button.
 */
export function NextEpisodePrompt({
  label,
  seconds = NEXT_EPISODE_COUNTDOWN,
  onPlay,
  onCancel,
}: NextEpisodePromptProps) {
  const [left, setLeft] = useState(seconds);
  const rootRef = useRef<HTMLDivElement>(null);
  const playRef = useRef<HTMLButtonElement>(null);
  const onPlayRef = useRef(onPlay);
  useEffect(() => {
    onPlayRef.current = onPlay;
  }, [onPlay]);

  useEffect(() => {
    const player = rootRef.current?.closest('.player');
    if (player?.contains(document.activeElement)) playRef.current?.focus();
  }, []);

  useEffect(() => {
    if (left <= 0) {
      onPlayRef.current();
      return;
    }
    const timer = window.setTimeout(() => setLeft((value) => value - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [left]);

  return (
    <div ref={rootRef} className="up-next" role="group" aria-label="Up next">
      <p className="up-next__eyebrow">Next episode</p>
      <p className="up-next__title">{label}</p>
      <p className="visually-hidden" role="alert">
        {`Next episode, ${label}, starts in ${seconds} seconds.`}
      </p>
      <p className="up-next__countdown" aria-hidden="true">
        Starts in {left}s
      </p>
      <div className="up-next__actions">
        <button ref={playRef} type="button" className="btn btn-primary btn-sm" onClick={onPlay}>
          Next episode
        </button>
        <button type="button" className="btn btn-outline-light btn-sm" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}
