import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import {
  AdminMediaMessages,
  AudioLimits,
  AudioTrackFieldsSchema,
  MainAudioBodySchema,
  type AdminVideo,
  type AudioTrack,
  type AudioTrackFields,
} from '@reeltime/contract';
import { ModalDialog } from '../../../../components/modal-dialog';
import { ApiError } from '../../../../lib/api-client';
import { ConfirmAction } from '../../shell/components/confirm-action';
import { StatusBadge } from '../../shell/components/status-badge';
import { PROGRESS_POLL_MS, videoQuery } from '../api/media-api';
import { useAddAudioTrack, useDeleteAudioTrack, useSetMainAudio } from '../api/video-mutations';
import { LanguageFields } from './language-fields';
import { TrackFileField, useTrackFile } from './track-file-field';

interface AudioDialogProps {
  video: AdminVideo;
  onClose: () => void;
}

const STATE_LABELS: Record<AudioTrack['status'], string> = {
  pending: 'Waiting',
  processing: 'Encoding',
  ready: 'Ready',
  failed: 'Failed',
};

const ORIGIN_LABELS: Record<AudioTrack['origin'], string> = {
  upload: 'uploaded',
  source: 'from the video file',
};

const isMaking = (track: AudioTrack) => track.status === 'pending' || track.status === 'processing';

/** Sends the server's field errors to the form's fields, and a file error to `onFile`. */
function showFieldErrors(
  error: unknown,
  setError: (field: 'language' | 'label', message: string) => void,
  onFile?: (message: string) => void,
) {
  if (!(error instanceof ApiError) || !error.errors) return;
  for (const [field, [message]] of Object.entries(error.errors)) {
    if (!message) continue;
    if (field === 'file') onFile?.(message);
    else if (field === 'language' || field === 'label') setError(field, message);
  }
}

/**
 * A video's audio languages (decision 0047): the name of its own audio, the default track; its
 * other tracks with their state and delete; and a form adding one from an audio file.
 */
export function AudioDialog({ video, onClose }: AudioDialogProps) {
  const mainHeadingId = useId();
  const trackFile = useTrackFile({ missingMessage: AdminMediaMessages.audioFileMissing });
  const current = useQuery({
    ...videoQuery(video.id),
    initialData: video,
    // Live while a track's rendition is being made.
    refetchInterval: (query) =>
      (query.state.data ?? video).audio.tracks.some(isMaking) ? PROGRESS_POLL_MS : false,
  });
  const audio = current.data?.audio ?? video.audio;

  const mainForm = useForm<AudioTrackFields>({
    resolver: zodResolver(MainAudioBodySchema),
    defaultValues: { language: audio.language, label: audio.label },
    mode: 'onTouched',
  });
  const trackForm = useForm<AudioTrackFields>({
    resolver: zodResolver(AudioTrackFieldsSchema),
    defaultValues: { language: '', label: '' },
    mode: 'onTouched',
  });

  const saveMain = useSetMainAudio(video.id);
  const add = useAddAudioTrack(video.id, {
    onSuccess: () => {
      trackForm.reset();
      trackFile.clear();
    },
  });
  const remove = useDeleteAudioTrack(video.id);
  const full = audio.tracks.length >= AudioLimits.maxTracks;

  const submitMain = mainForm.handleSubmit(async (fields) => {
    try {
      await saveMain.mutateAsync(fields);
    } catch (error) {
      showFieldErrors(error, (field, message) => mainForm.setError(field, { message }));
    }
  });

  const submitTrack = trackForm.handleSubmit(async (fields) => {
    const file = trackFile.require();
    if (!file) return;
    try {
      await add.mutateAsync({ ...fields, file });
    } catch (error) {
      showFieldErrors(error, (field, message) => trackForm.setError(field, { message }), trackFile.setError);
    }
  });

  const busy = add.isPending || saveMain.isPending;
  const mainErrors = mainForm.formState.errors;
  const trackErrors = trackForm.formState.errors;
  return (
    <ModalDialog
      title={`Audio of ${video.target.title_name}${video.target.episode_label ? ` · ${video.target.episode_label}` : ''}`}
      onClose={onClose}
      busy={busy}
    >
      <form onSubmit={(event) => void submitMain(event)} noValidate aria-labelledby={mainHeadingId}>
        <h3 className="h6" id={mainHeadingId}>
          The video’s own audio
        </h3>
        <p className="text-secondary small">
          The sound in the video file: members hear it unless they choose another language in the player.
          {audio.is_default ? ' Not named yet: it is listed as English.' : ''}
        </p>
        <LanguageFields
          register={mainForm.register}
          errors={mainErrors}
          placeholders={{ language: 'en', label: 'English' }}
        />
        <div className="d-flex justify-content-end mb-3">
          <button
            type="submit"
            className="btn btn-outline-light"
            disabled={saveMain.isPending}
            aria-busy={saveMain.isPending}
          >
            {saveMain.isPending ? 'Saving…' : 'Save name'}
          </button>
        </div>
      </form>

      <h3 className="h6">Other languages</h3>
      {audio.tracks.length === 0 ? (
        <p className="text-secondary">No other audio language yet.</p>
      ) : (
        <ul className="list-group mb-3" aria-live="polite">
          {audio.tracks.map((track) => (
            <li
              key={track.id}
              className="list-group-item d-flex flex-wrap align-items-center justify-content-between gap-2 bg-transparent text-light"
            >
              <span>
                {track.label} <span className="text-secondary small">({track.language})</span>{' '}
                <span className="text-secondary small">· {ORIGIN_LABELS[track.origin]}</span>{' '}
                <StatusBadge status={track.status} label={STATE_LABELS[track.status]} />
                {track.status === 'failed' && track.last_error ? (
                  <span className="d-block text-danger small text-break media-error" title={track.last_error}>
                    {track.last_error}
                  </span>
                ) : null}
              </span>
              <ConfirmAction
                label="Delete"
                ariaLabel={`Delete the ${track.label} audio`}
                title={`Delete the ${track.label} audio?`}
                confirmLabel="Delete audio"
                busyLabel="Deleting…"
                onConfirm={() => remove.mutateAsync(track.id)}
              >
                Members can no longer choose this language in the player; its files are deleted.
              </ConfirmAction>
            </li>
          ))}
        </ul>
      )}

      <form onSubmit={(event) => void submitTrack(event)} noValidate>
        <h3 className="h6">Add an audio language</h3>
        {full ? (
          <p className="text-secondary small">
            A video can have at most {AudioLimits.maxTracks} other languages: delete one to add another.
          </p>
        ) : null}
        <LanguageFields
          register={trackForm.register}
          errors={trackErrors}
          placeholders={{ language: 'es', label: 'Español' }}
        />
        <TrackFileField
          trackFile={trackFile}
          label="Audio file (MP3, M4A, WAV, FLAC, Ogg or Opus)"
          accept="audio/*,.mp3,.m4a,.aac,.wav,.flac,.ogg,.oga,.opus"
          hint="As long as the video, within 2 seconds. It plays once it is encoded."
        />
        <div className="d-flex justify-content-end gap-2">
          <button type="button" className="btn btn-outline-light" onClick={onClose} disabled={busy}>
            Close
          </button>
          <button
            type="submit"
            className="btn btn-primary"
            disabled={add.isPending || full || Boolean(trackFile.error)}
            aria-busy={add.isPending}
          >
            {add.isPending ? 'Adding…' : 'Add audio'}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
