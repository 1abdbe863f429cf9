import { z } from 'zod';
import { strictNumber } from './common';

/**
 * Markers of a full video: the parts a viewer may want to skip (intro, recap) and where its
 * credits start. A video has at most one marker of each type, and markers never overlap
 * (docs/decisions/0043-skip-markers.md).
 */
export const MARKER_TYPES = ['intro', 'recap', 'credits'] as const;
export type MarkerType = (typeof MARKER_TYPES)[number];

export const MarkerLabels: Record<MarkerType, string> = {
  intro: 'Intro',
  recap: 'Recap',
  credits: 'Credits',
};

/** The longest video a marker can sit in: a day, as progress positions. */
const MAX_MARKER_SECONDS = 60 * 60 * 24;

export const MarkerMessages = {
  type: 'The type must be intro, recap or credits.',
  seconds: 'Must be a number of seconds, at least 0.',
  tooMany: 'A video has at most three markers: one intro, one recap and one credits.',
  list: 'Send the markers as a list (an empty list removes them all).',
  endBeforeStart: (type: MarkerType) => `The ${type} marker must end after it starts.`,
  pastEnd: (type: MarkerType, duration: string) =>
    `The ${type} marker goes past the end of the video (${duration}).`,
  duplicate: (type: MarkerType) =>
    `There is more than one ${type} marker: a video has one of each type at most.`,
  overlap: (type: MarkerType, other: MarkerType) => `The ${type} marker overlaps the ${other} marker.`,
  durationUnknown: "Markers need the video's duration: wait until its transcode has finished.",
  saved: 'Markers saved.',
} as const;

const MarkerSecondsSchema = strictNumber(MarkerMessages.seconds, {
  minimum: 0,
  maximum: MAX_MARKER_SECONDS,
}).pipe(
  z
    .number()
    .min(0, { error: MarkerMessages.seconds })
    .max(MAX_MARKER_SECONDS, { error: MarkerMessages.seconds }),
);

/** One marker, in seconds from the start of the video. */
export const MarkerSchema = z.object({
  type: z.enum(MARKER_TYPES, { error: MarkerMessages.type }),
  start: MarkerSecondsSchema,
  end: MarkerSecondsSchema,
});
export type Marker = z.infer<typeof MarkerSchema>;

/** A marker as the catalog hands it out, in the player's hands. */
export const PlayerMarkerSchema = z.object({
  type: z.enum(MARKER_TYPES),
  start: z.number(),
  end: z.number(),
});

/** One problem of a list of markers: the field (`markers.1.end`) and what is wrong. */
export interface MarkerProblem {
  field: string;
  message: string;
}

/** `90` -> `1:30`, `3725` -> `1:02:05`: how marker problems name a time. */
export function markerClock(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const pad = (value: number) => String(value).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}

/**
 * Every problem of a list of markers that are each well formed: a start not before its end, a
 * type given twice, two markers overlapping (touching is fine), and, when the duration is known,
 * a marker past the end. The server and the console's editor check with this same function.
 */
export function markerProblems(
  markers: ReadonlyArray<Pick<Marker, 'type' | 'start' | 'end'>>,
  durationSeconds: number | null,
): MarkerProblem[] {
  const problems: MarkerProblem[] = [];
  const seen = new Set<MarkerType>();
  markers.forEach((marker, index) => {
    const at = (field: string) => `markers.${index}.${field}`;
    if (seen.has(marker.type))
      problems.push({ field: at('type'), message: MarkerMessages.duplicate(marker.type) });
    seen.add(marker.type);
    if (marker.start >= marker.end)
      problems.push({ field: at('end'), message: MarkerMessages.endBeforeStart(marker.type) });
    else if (durationSeconds !== null && marker.end > durationSeconds)
      problems.push({
        field: at('end'),
        message: MarkerMessages.pastEnd(marker.type, markerClock(durationSeconds)),
      });
    for (let before = 0; before < index; before++) {
      const other = markers[before]!;
      if (other.start >= other.end || marker.start >= marker.end) continue;
      if (marker.start < other.end && other.start < marker.end)
        problems.push({ field: at('start'), message: MarkerMessages.overlap(marker.type, other.type) });
    }
  });
  return problems;
}

/** The body replacing a video's markers: the whole list, in any order. */
export const VideoMarkersBodySchema = z.strictObject({
  markers: z
    .array(MarkerSchema, { error: MarkerMessages.list })
    .max(MARKER_TYPES.length, { error: MarkerMessages.tooMany }),
});
export type VideoMarkersBody = z.input<typeof VideoMarkersBodySchema>;

/** A video's markers as the console edits them: its duration and seek-preview thumbnails come along. */
export const VideoMarkersSchema = z.object({
  video_id: z.number().int(),
  /** The season of an episode's video (its intro can be suggested from the season's episodes); null for a movie. */
  season_id: z.number().int().nullable(),
  /** Null until the video's transcode has measured it (markers cannot be set before). */
  duration_seconds: z.number().nullable(),
  /** The signed seek-preview thumbnails (WebVTT of sprite tiles), when the video has a stream of ours. */
  thumbnails_url: z.string().nullable(),
  /** By start. */
  markers: z.array(PlayerMarkerSchema),
});
export type VideoMarkers = z.infer<typeof VideoMarkersSchema>;

/** Markers by start, as they are stored and handed out. */
export const byStart = <T extends { start: number }>(markers: readonly T[]): T[] =>
  [...markers].sort((a, b) => a.start - b.start);
