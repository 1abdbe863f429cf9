import { useQuery } from '@tanstack/react-query';
import { useCallback, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  MARKER_TYPES,
  MarkerLabels,
  type AdminVideo,
  type MarkerType,
  type VideoMarkers,
} from '@reeltime/contract';
import { ModalDialog } from '../../../../components/modal-dialog';
import { ApiError, errorMessage } from '../../../../lib/api-client';
import { markersQuery } from '../api/media-api';
import { useSaveMarkers } from '../api/video-mutations';
import {
  defaultLane,
  formatMarkerTime,
  formValuesOf,
  laneField,
  markersOf,
  markersResolver,
  parseMarkerTime,
  type MarkerFormValues,
} from './marker-form';
import { MarkerTimeline } from './marker-timeline';
import { SuggestIntro } from './suggest-intro';

interface MarkersDialogProps {
  video: AdminVideo;
  onClose: () => void;
}

const targetName = (video: AdminVideo) =>
  video.target.episode_label
    ? `${video.target.title_name} · ${video.target.episode_label}`
    : video.target.title_name;

/** A video's intro, recap and credits markers: loads them, then the editor. */
export function MarkersDialog({ video, onClose }: MarkersDialogProps) {
  const markers = useQuery(markersQuery(video.id));
  return (
    <ModalDialog title={`Markers of ${targetName(video)}`} onClose={onClose}>
      {markers.isPending ? (
        <p role="status" className="text-secondary">
          Loading the markers…
        </p>
      ) : markers.isError ? (
        <div role="alert">
          <p>{errorMessage(markers.error, 'The markers could not be loaded.')}</p>
          <button type="button" className="btn btn-outline-light" onClick={() => void markers.refetch()}>
            Try again
          </button>
        </div>
      ) : markers.data.duration_seconds === null ? (
        <>
          <p>This video has no duration yet: its markers can be set once its transcode has finished.</p>
          <div className="d-flex justify-content-end">
            <button type="button" className="btn btn-outline-light" onClick={onClose}>
              Close
            </button>
          </div>
        </>
      ) : (
        <MarkersEditor data={markers.data} duration={markers.data.duration_seconds} onClose={onClose} />
      )}
    </ModalDialog>
  );
}

/** The lanes' seconds, for the timeline: null for a lane that is off or does not read as times. */
function lanesOf(values: MarkerFormValues) {
  const lanes = {} as Record<MarkerType, { start: number; end: number } | null>;
  for (const type of MARKER_TYPES) {
    const lane = values[type];
    const start = parseMarkerTime(lane.start);
    const end = parseMarkerTime(lane.end);
    lanes[type] = lane.on && start !== null && end !== null ? { start, end } : null;
  }
  return lanes;
}

function MarkersEditor({
  data,
  duration,
  onClose,
}: {
  data: VideoMarkers;
  duration: number;
  onClose: () => void;
}) {
  const id = useId();
  const form = useForm<MarkerFormValues>({
    resolver: markersResolver(duration),
    defaultValues: formValuesOf(data.markers),
    mode: 'onChange',
  });
  const save = useSaveMarkers(data.video_id, { onSuccess: onClose });
  const values = form.watch();
  const errors = form.formState.errors;

  const submit = form.handleSubmit(async (fields) => {
    const { markers, types } = markersOf(fields);
    try {
      await save.mutateAsync(markers);
    } catch (error) {
      if (!(error instanceof ApiError) || !error.errors) return;
      for (const [field, [message]] of Object.entries(error.errors)) {
        const name = laneField(field, types);
        if (name && message) form.setError(name, { message });
      }
    }
  });

  // A time or a lane that changes can make or mend a problem of another field (an overlap, an end
  // before its start): every field is checked again, not only the one changed.
  const checkAll = () => void form.trigger();
  const setTime = (type: MarkerType, edge: 'start' | 'end', seconds: number) => {
    form.setValue(`${type}.${edge}`, formatMarkerTime(seconds), { shouldDirty: true });
    checkAll();
  };
  // The intro lane holds a suggestion the operator has not saved yet.
  const [suggested, setSuggested] = useState(false);
  const { setValue, trigger } = form;
  const suggestIntro = useCallback(
    (intro: { start: number; end: number }) => {
      setValue('intro.on', true, { shouldDirty: true });
      setValue('intro.start', formatMarkerTime(intro.start), { shouldDirty: true });
      setValue('intro.end', formatMarkerTime(intro.end), { shouldDirty: true });
      setSuggested(true);
      void trigger();
    },
    [setValue, trigger],
  );

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <p className="text-secondary small">
        Drag a handle or type its time (m:ss). Members get a Skip button during the intro and the recap; the
        credits start the next-episode countdown. Video length {formatMarkerTime(duration)}.
      </p>
      {data.season_id !== null ? (
        <SuggestIntro seasonId={data.season_id} videoId={data.video_id} onSuggest={suggestIntro} />
      ) : null}
      <MarkerTimeline
        duration={duration}
        lanes={lanesOf(values)}
        thumbnailsUrl={data.thumbnails_url}
        onChange={setTime}
      />
      {MARKER_TYPES.map((type) => {
        const on = values[type].on;
        const laneErrors = errors[type];
        const field = (edge: 'start' | 'end') => {
          const inputId = `${id}-${type}-${edge}`;
          const message = laneErrors?.[edge]?.message;
          return (
            <div className="marker-field">
              <label htmlFor={inputId} className="form-label small mb-1">
                {`${MarkerLabels[type]} ${edge} (m:ss)`}
              </label>
              <input
                id={inputId}
                type="text"
                inputMode="decimal"
                autoComplete="off"
                placeholder="0:00"
                className={`form-control form-control-sm${message ? ' is-invalid' : ''}`}
                disabled={!on}
                aria-invalid={message ? true : undefined}
                aria-describedby={message ? `${inputId}-error` : undefined}
                {...form.register(`${type}.${edge}`, { onChange: checkAll })}
              />
              {message ? (
                <div id={`${inputId}-error`} className="invalid-feedback d-block">
                  {message}
                </div>
              ) : null}
            </div>
          );
        };
        return (
          <fieldset key={type} className="marker-row">
            <legend className="visually-hidden">{MarkerLabels[type]}</legend>
            <div className="form-check marker-row__toggle">
              <input
                id={`${id}-${type}-on`}
                type="checkbox"
                className="form-check-input"
                {...form.register(`${type}.on`, {
                  onChange: (event: { target: { checked: boolean } }) => {
                    if (!event.target.checked || values[type].start || values[type].end) {
                      checkAll();
                      return;
                    }
                    const lane = defaultLane(type, duration);
                    setTime(type, 'start', lane.start);
                    setTime(type, 'end', lane.end);
                  },
                })}
              />
              <label htmlFor={`${id}-${type}-on`} className="form-check-label">
                {MarkerLabels[type]}
              </label>
              {type === 'intro' && suggested ? (
                <span className="badge text-bg-info ms-2">Suggested, not saved</span>
              ) : null}
            </div>
            {field('start')}
            {field('end')}
          </fieldset>
        );
      })}
      <div className="d-flex justify-content-end gap-2 mt-3">
        <button type="button" className="btn btn-outline-light" onClick={onClose} disabled={save.isPending}>
          Cancel
        </button>
        <button
          type="submit"
          className="btn btn-primary"
          disabled={save.isPending}
          aria-busy={save.isPending}
        >
          {save.isPending ? 'Saving…' : 'Save markers'}
        </button>
      </div>
    </form>
  );
}
