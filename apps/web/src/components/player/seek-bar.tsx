import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { formatClock, spokenClock } from '../../lib/clock';
import { loadThumbnails, thumbnailAt, type ThumbnailCue } from './thumbnails';

interface SeekBarProps {
  currentTime: number;
  duration: number;
  bufferedEnd: number;
  /** The stream's thumbs.vtt, fetched on first hover; null when there is none. */
  thumbnailsUrl: string | null;
  onSeek: (seconds: number) => void;
}

/**
 * The progress bar: a slider (Left/Right come from the player's shortcuts; Up/Down, Page Up/Down,
 * Home and End are handled here) with click and drag seeking and, on hover, a preview of the frame
 * at that time from the seek-preview sprite.
 */
export function SeekBar({ currentTime, duration, bufferedEnd, thumbnailsUrl, onSeek }: SeekBarProps) {
  const barRef = useRef<HTMLDivElement>(null);
  const [hover, setHover] = useState<{ time: number; x: number; width: number } | null>(null);
  const [dragTime, setDragTime] = useState<number | null>(null);
  const [cues, setCues] = useState<ThumbnailCue[]>([]);
  const [wantThumbnails, setWantThumbnails] = useState(false);

  useEffect(() => {
    if (!wantThumbnails || !thumbnailsUrl) return;
    let active = true;
    void loadThumbnails(thumbnailsUrl).then((loaded) => {
      if (active) setCues(loaded);
    });
    return () => {
      active = false;
    };
  }, [wantThumbnails, thumbnailsUrl]);

  const known = duration > 0;
  const shownTime = dragTime ?? currentTime;
  const percent = (value: number) => (known ? Math.min(100, Math.max(0, (value / duration) * 100)) : 0);

  const timeAt = (clientX: number) => {
    const rect = barRef.current?.getBoundingClientRect();
    if (!rect || rect.width === 0 || !known) return null;
    const ratio = Math.min(1, Math.max(0, (clientX - rect.left) / rect.width));
    return { time: ratio * duration, x: ratio * rect.width, width: rect.width };
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!wantThumbnails) setWantThumbnails(true);
    const at = timeAt(event.clientX);
    if (!at) return;
    setHover(at);
    if (dragTime !== null) setDragTime(at.time);
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    const at = timeAt(event.clientX);
    if (!at) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    setDragTime(at.time);
  };

  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    if (dragTime === null) return;
    const at = timeAt(event.clientX);
    onSeek(at ? at.time : dragTime);
    setDragTime(null);
    event.currentTarget.releasePointerCapture?.(event.pointerId);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!known) return;
    const jump: Record<string, number> = {
      ArrowUp: 5,
      ArrowDown: -5,
      PageUp: Math.max(10, duration / 10),
      PageDown: -Math.max(10, duration / 10),
    };
    let target: number | null = null;
    if (event.key in jump) target = currentTime + jump[event.key]!;
    else if (event.key === 'Home') target = 0;
    else if (event.key === 'End') target = duration;
    if (target === null) return;
    event.preventDefault();
    event.stopPropagation();
    onSeek(Math.min(duration, Math.max(0, target)));
  };

  const preview = hover;
  const cue = preview ? thumbnailAt(cues, preview.time) : null;
  const half = Math.max(cue ? cue.width : 0, 56) / 2;
  const left = preview ? Math.min(Math.max(preview.x, half), Math.max(half, preview.width - half)) : 0;

  return (
    <div className="player__seek">
      <div
        ref={barRef}
        className={`player__seek-bar${dragTime !== null ? ' is-dragging' : ''}`}
        role="slider"
        tabIndex={0}
        aria-label="Seek"
        aria-valuemin={0}
        aria-valuemax={Math.floor(duration)}
        aria-valuenow={Math.floor(shownTime)}
        aria-valuetext={`${spokenClock(shownTime)} of ${spokenClock(duration)}`}
        aria-disabled={!known || undefined}
        onPointerEnter={() => setWantThumbnails(true)}
        onPointerMove={onPointerMove}
        onPointerLeave={() => setHover(null)}
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => setDragTime(null)}
        onKeyDown={onKeyDown}
      >
        <div className="player__seek-track">
          <div className="player__seek-buffered" style={{ width: `${percent(bufferedEnd)}%` }} />
          <div className="player__seek-played" style={{ width: `${percent(shownTime)}%` }} />
        </div>
        <div className="player__seek-thumb" style={{ left: `${percent(shownTime)}%` }} />
      </div>
      {preview && (
        <div className="player__preview" style={{ left }} aria-hidden="true">
          {cue && (
            <div
              className="player__preview-image"
              data-testid="seek-preview"
              style={{
                width: cue.width,
                height: cue.height,
                backgroundImage: `url("${cue.url}")`,
                backgroundPosition: `${-cue.x}px ${-cue.y}px`,
              }}
            />
          )}
          <span className="player__preview-time">{formatClock(preview.time)}</span>
        </div>
      )}
    </div>
  );
}
