import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import {
  AdminMediaMessages,
  CaptionFieldsSchema,
  CaptionLimits,
  type AdminVideo,
  type CaptionFields,
} from '@reeltime/contract';
import { ModalDialog } from '../../../../components/modal-dialog';
import { ApiError } from '../../../../lib/api-client';
import { ConfirmAction } from '../../shell/components/confirm-action';
import { videoQuery } from '../api/media-api';
import { useAddCaption, useDeleteCaption } from '../api/video-mutations';
import { LanguageFields } from './language-fields';
import { TrackFileField, useTrackFile } from './track-file-field';

interface CaptionsDialogProps {
  video: AdminVideo;
  onClose: () => void;
}

/** A video's caption tracks: the list with delete, and a form adding one (WebVTT or SRT). */
export function CaptionsDialog({ video, onClose }: CaptionsDialogProps) {
  const trackFile = useTrackFile({
    missingMessage: AdminMediaMessages.captionFileMissing,
    check: (file) => (file.size > CaptionLimits.maxBytes ? AdminMediaMessages.captionTooLarge : null),
  });
  const current = useQuery({ ...videoQuery(video.id), initialData: video });
  const captions = current.data?.captions ?? video.captions;
  const form = useForm<CaptionFields>({
    resolver: zodResolver(CaptionFieldsSchema),
    defaultValues: { language: '', label: '' },
    mode: 'onTouched',
  });

  const add = useAddCaption(video.id, {
    onSuccess: () => {
      form.reset();
      trackFile.clear();
    },
  });
  const remove = useDeleteCaption(video.id);

  const submit = form.handleSubmit(async (fields) => {
    const file = trackFile.require();
    if (!file) return;
    try {
      await add.mutateAsync({ ...fields, file });
    } catch (error) {
      if (error instanceof ApiError && error.errors) {
        for (const [field, [message]] of Object.entries(error.errors)) {
          if (field === 'file') trackFile.setError(message ?? null);
          else if (field === 'language' || field === 'label') form.setError(field, { message });
        }
      }
    }
  });

  const errors = form.formState.errors;
  return (
    <ModalDialog
      title={`Captions of ${video.target.title_name}${video.target.episode_label ? ` · ${video.target.episode_label}` : ''}`}
      onClose={onClose}
      busy={add.isPending}
    >
      {captions.length === 0 ? (
        <p className="text-secondary">No captions yet.</p>
      ) : (
        <ul className="list-group mb-3">
          {captions.map((caption) => (
            <li
              key={caption.id}
              className="list-group-item d-flex align-items-center justify-content-between bg-transparent text-light"
            >
              <span>
                {caption.label} <span className="text-secondary small">({caption.language})</span>
              </span>
              <ConfirmAction
                label="Delete"
                ariaLabel={`Delete the ${caption.label} captions`}
                title={`Delete the ${caption.label} captions?`}
                confirmLabel="Delete captions"
                busyLabel="Deleting…"
                onConfirm={() => remove.mutateAsync(caption.id)}
              >
                Members no longer see this track in the player.
              </ConfirmAction>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={(event) => void submit(event)} noValidate>
        <h3 className="h6">Add captions</h3>
        <LanguageFields
          register={form.register}
          errors={errors}
          placeholders={{ language: 'en', label: 'English' }}
        />
        <TrackFileField
          trackFile={trackFile}
          label="Caption file (WebVTT or SRT, at most 2 MB)"
          accept=".vtt,.srt,text/vtt"
        />
        <div className="d-flex justify-content-end gap-2">
          <button type="button" className="btn btn-outline-light" onClick={onClose} disabled={add.isPending}>
            Close
          </button>
          <button
            type="submit"
            className="btn btn-primary"
            disabled={add.isPending || Boolean(trackFile.error)}
            aria-busy={add.isPending}
          >
            {add.isPending ? 'Adding…' : 'Add captions'}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
