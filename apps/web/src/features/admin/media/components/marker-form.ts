import type { FieldErrors, Resolver } from 'react-hook-form';
import { MARKER_TYPES, markerProblems, type Marker, type MarkerType } from '@reeltime/contract';

/** One lane of the editor: whether the video has this marker, and its times as typed (`m:ss`). */
export interface MarkerLane {
  on: boolean;
  start: string;
  end: string;
}
export type MarkerFormValues = Record<MarkerType, MarkerLane>;

export const TIME_FORMAT_MESSAGE = 'Write the time as m:ss, for example 1:30.';

/** `90` -> `1:30`, `3725` -> `1:02:05`, `12.5` -> `0:12.5` (tenths only when there are some). */
export function formatMarkerTime(seconds: number): string {
  const tenths = Math.round(Math.max(0, seconds) * 10);
  const whole = Math.floor(tenths / 10);
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = whole % 60;
  const pad = (value: number) => String(value).padStart(2, '0');
  const fraction = tenths % 10 ? `.${tenths % 10}` : '';
  return `${h > 0 ? `${h}:${pad(m)}` : m}:${pad(s)}${fraction}`;
}

/** `1:30`, `01:30`, `1:02:05`, `90` or `1:30.5` in seconds; null for anything else. */
export function parseMarkerTime(text: string): number | null {
  const match = /^(?:(?:(\d+):)?(\d{1,2}):)?(\d{1,5}(?:\.\d{1,3})?)$/.exec(text.trim());
  if (!match) return null;
  const [, hours, minutes, seconds] = match;
  if ((hours !== undefined || minutes !== undefined) && Number(seconds) >= 60) return null;
  if (hours !== undefined && Number(minutes) >= 60) return null;
  return Number(hours ?? 0) * 3600 + Number(minutes ?? 0) * 60 + Number(seconds);
}

/** The form's values for stored markers: a lane per type, off when the video has none of it. */
export function formValuesOf(markers: readonly Marker[]): MarkerFormValues {
  const values = {} as MarkerFormValues;
  for (const type of MARKER_TYPES) {
    const marker = markers.find((candidate) => candidate.type === type);
    values[type] = marker
      ? { on: true, start: formatMarkerTime(marker.start), end: formatMarkerTime(marker.end) }
      : { on: false, start: '', end: '' };
  }
  return values;
}

/** Where a new marker of each type starts out: the first minute, the first half-minute, the last minute. */
export function defaultLane(type: MarkerType, duration: number): { start: number; end: number } {
  const minute = Math.min(60, duration);
  if (type === 'credits') return { start: Math.max(0, duration - minute), end: duration };
  return { start: 0, end: type === 'recap' ? Math.min(30, duration) : minute };
}

/** The markers the lanes that are on hold, in the order of MARKER_TYPES (so an index names a type). */
export function markersOf(values: MarkerFormValues): { markers: Marker[]; types: MarkerType[] } {
  const markers: Marker[] = [];
  const types: MarkerType[] = [];
  for (const type of MARKER_TYPES) {
    const lane = values[type];
    if (!lane.on) continue;
    types.push(type);
    markers.push({ type, start: parseMarkerTime(lane.start) ?? 0, end: parseMarkerTime(lane.end) ?? 0 });
  }
  return { markers, types };
}

/** `markers.1.end` (as the server and markerProblems name a field) as the form's `intro.end`. */
export function laneField(
  field: string,
  types: readonly MarkerType[],
): `${MarkerType}.${'start' | 'end'}` | null {
  const match = /^markers\.(\d+)\.(start|end|type)$/.exec(field);
  const type = match ? types[Number(match[1])] : undefined;
  if (!match || !type) return null;
  return `${type}.${match[2] === 'end' ? 'end' : 'start'}`;
}

/** Checks the lanes as the server will: times that read as times, then markerProblems with the duration. */
export const markersResolver =
  (duration: number | null): Resolver<MarkerFormValues> =>
  (values) => {
    const errors: FieldErrors<MarkerFormValues> = {};
    const fail = (type: MarkerType, edge: 'start' | 'end', message: string) => {
      const lane = (errors[type] ??= {}) as Record<string, unknown>;
      lane[edge] ??= { type: 'validate', message };
    };
    for (const type of MARKER_TYPES) {
      if (!values[type].on) continue;
      for (const edge of ['start', 'end'] as const)
        if (parseMarkerTime(values[type][edge]) === null) fail(type, edge, TIME_FORMAT_MESSAGE);
    }
    if (Object.keys(errors).length === 0) {
      const { markers, types } = markersOf(values);
      for (const problem of markerProblems(markers, duration)) {
        const field = laneField(problem.field, types);
        if (field)
          fail(field.split('.')[0] as MarkerType, field.split('.')[1] as 'start' | 'end', problem.message);
      }
    }
    return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
  };
