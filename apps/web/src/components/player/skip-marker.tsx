import type { MarkerType } from '@reeltime/contract';

/** A part of the video the player knows of (the contract's marker, as movie-details hands it out). */
export interface PlayerMarker {
  type: MarkerType;
  start: number;
  end: number;
}

/** The player offers to skip these; credits start the next-episode offer instead (the page's job). */
const SKIPPABLE: Partial<Record<MarkerType, string>> = { intro: 'Skip Intro', recap: 'Skip Recap' };

/** Within this many seconds of its end a marker is no longer worth skipping. */
const END_MARGIN = 0.5;

/** The intro or recap the playhead is in, with what its button says; null elsewhere. */
export function skippableAt(
  markers: readonly PlayerMarker[],
  time: number,
): { marker: PlayerMarker; label: string } | null {
  for (const marker of markers) {
    const label = SKIPPABLE[marker.type];
    if (label && time >= marker.start && time < marker.end - END_MARGIN) return { marker, label };
  }
  return null;
}

/** "Skip Intro" / "Skip Recap" over the picture: a plain button, in the tab order, seeking past the part. */
export function SkipMarkerButton({
  markers,
  currentTime,
  onSkip,
}: {
  markers: readonly PlayerMarker[];
  currentTime: number;
  onSkip: (to: number) => void;
}) {
  const skippable = skippableAt(markers, currentTime);
  if (!skippable) return null;
  return (
    <button
      type="button"
      className="btn btn-light player__skip"
      onClick={(event) => {
        // The player's own click handling (play/pause) must not see it.
        event.stopPropagation();
        onSkip(skippable.marker.end);
      }}
    >
      {skippable.label}
    </button>
  );
}
