import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { MARKER_TYPES, MarkerLabels, type MarkerType } from '@reeltime/contract';
import { loadThumbnails, thumbnailAt, type ThumbnailCue } from '../../../../components/player/thumbnails';
import { spokenClock } from '../../../../lib/clock';
import { formatMarkerTime } from './marker-form';

export type MarkerEdge = 'start' | 'end';

interface MarkerTimelineProps {
  duration: number;
  /** The seconds of each lane that is on (null for a lane that is off or whose text is not a time). */
  lanes: Record<MarkerType, { start: number; end: number } | null>;
  /** The video's seek-preview thumbnails (WebVTT of sprite tiles), or null. */
  thumbnailsUrl: string | null;
  onChange: (type: MarkerType, edge: MarkerEdge, seconds: number) => void;
}

/** Shift or Page keys move a handle this many seconds; arrows one second. */
const BIG_STEP = 10;

/**
 * A lane per marker type over the video's length, each with a start and an end handle: sliders
 * dragged with a pointer or moved from the keyboard (arrows ±1 s, Shift or Page ±10 s, Home/End),
 * with the frame at the handle shown above it from the seek-preview sprite.
 */
export function MarkerTimeline({ duration, lanes, thumbnailsUrl, onChange }: MarkerTimelineProps) {
  const [cues, setCues] = useState<ThumbnailCue[]>([]);
  const [active, setActive] = useState<{ type: MarkerType; edge: MarkerEdge } | null>(null);
  const [dragging, setDragging] = useState(false);
  const trackRefs = useRef<Partial<Record<MarkerType, HTMLDivElement | null>>>({});

  useEffect(() => {
    if (!thumbnailsUrl) return;
    let live = true;
    void loadThumbnails(thumbnailsUrl).then((loaded) => {
      if (live) setCues(loaded);
    });
    return () => {
      live = false;
    };
  }, [thumbnailsUrl]);

  const percent = (seconds: number) =>
    duration > 0 ? Math.min(100, Math.max(0, (seconds / duration) * 100)) : 0;

  /** A handle's new time, kept inside the video and on its side of the other handle. */
  const move = (type: MarkerType, edge: MarkerEdge, seconds: number) => {
    const lane = lanes[type];
    if (!lane) return;
    const low = edge === 'start' ? 0 : Math.min(duration, lane.start + 1);
    const high = edge === 'start' ? Math.max(0, lane.end - 1) : duration;
    onChange(type, edge, Math.min(high, Math.max(low, Math.round(seconds))));
  };

  const timeAt = (type: MarkerType, clientX: number) => {
    const rect = trackRefs.current[type]?.getBoundingClientRect();
    if (!rect || rect.width === 0) return null;
    return Math.min(1, Math.max(0, (clientX - rect.left) / rect.width)) * duration;
  };

  const onKeyDown = (type: MarkerType, edge: MarkerEdge) => (event: KeyboardEvent<HTMLDivElement>) => {
    const lane = lanes[type];
    if (!lane) return;
    const now = lane[edge];
    const step = event.shiftKey ? BIG_STEP : 1;
    const targets: Record<string, number> = {
      ArrowLeft: now - step,
      ArrowDown: now - step,
      ArrowRight: now + step,
      ArrowUp: now + step,
      PageDown: now - BIG_STEP,
      PageUp: now + BIG_STEP,
      Home: 0,
      End: duration,
    };
    const target = targets[event.key];
    if (target === undefined) return;
    event.preventDefault();
    setActive({ type, edge });
    move(type, edge, target);
  };

  const handle = (type: MarkerType, edge: MarkerEdge) => {
    const lane = lanes[type]!;
    const label = `${MarkerLabels[type]} ${edge}`;
    return (
      <div
        className={`marker-handle marker-handle--${edge}`}
        role="slider"
        tabIndex={0}
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={Math.floor(duration)}
        aria-valuenow={Math.round(lane[edge])}
        aria-valuetext={spokenClock(lane[edge])}
        style={{ left: `${percent(lane[edge])}%` }}
        onFocus={() => setActive({ type, edge })}
        onKeyDown={onKeyDown(type, edge)}
        onPointerDown={(event: PointerEvent<HTMLDivElement>) => {
          if (event.button !== 0) return;
          event.preventDefault();
          event.currentTarget.focus();
          event.currentTarget.setPointerCapture?.(event.pointerId);
          setActive({ type, edge });
          setDragging(true);
        }}
        onPointerMove={(event) => {
          if (!dragging || active?.type !== type || active.edge !== edge) return;
          const seconds = timeAt(type, event.clientX);
          if (seconds !== null) move(type, edge, seconds);
        }}
        onPointerUp={(event) => {
          setDragging(false);
          event.currentTarget.releasePointerCapture?.(event.pointerId);
        }}
        onPointerCancel={() => setDragging(false)}
      />
    );
  };

  const activeLane = active ? lanes[active.type] : null;
  const activeTime = active && activeLane ? activeLane[active.edge] : null;
  const cue = activeTime !== null ? thumbnailAt(cues, activeTime) : null;

  return (
    <div className="marker-timeline">
      {MARKER_TYPES.map((type) => {
        const lane = lanes[type];
        const showPreview = active?.type === type && activeTime !== null;
        return (
          <div key={type} className={`marker-lane marker-lane--${type}`}>
            <span className="marker-lane__name" aria-hidden="true">
              {MarkerLabels[type]}
            </span>
            <div
              ref={(element) => {
                trackRefs.current[type] = element;
              }}
              className="marker-lane__track"
            >
              {lane ? (
                <>
                  <div
                    className="marker-lane__range"
                    style={{
                      left: `${percent(lane.start)}%`,
                      width: `${percent(lane.end) - percent(lane.start)}%`,
                    }}
                  />
                  {handle(type, 'start')}
                  {handle(type, 'end')}
                </>
              ) : (
                <span className="marker-lane__empty">Not set</span>
              )}
              {showPreview && (
                <div
                  className="marker-preview"
                  style={{ left: `clamp(4.5rem, ${percent(activeTime)}%, calc(100% - 4.5rem))` }}
                  aria-hidden="true"
                >
                  {cue ? (
                    <div
                      className="marker-preview__image"
                      data-testid="marker-preview"
                      style={{
                        width: cue.width,
                        height: cue.height,
                        backgroundImage: `url("${cue.url}")`,
                        backgroundPosition: `${-cue.x}px ${-cue.y}px`,
                      }}
                    />
                  ) : null}
                  <span className="marker-preview__time">{formatMarkerTime(activeTime)}</span>
                </div>
              )}
            </div>
          </div>
        );
      })}
      <div className="marker-timeline__scale" aria-hidden="true">
        <span>0:00</span>
        <span>{formatMarkerTime(duration)}</span>
      </div>
    </div>
  );
}
