import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { AdminTitleLimits as L, AdminTitlesMessages as M, type AdminEpisode } from '@reeltime/contract';
import { FormField } from '../../../../components/form-field';
import { ModalDialog } from '../../../../components/modal-dialog';
import { ImagePicker } from './image-picker';

const EpisodeFormSchema = z.object({
  episode_number: z
    .string()
    .trim()
    .refine((text) => /^\d+$/.test(text) && Number(text) >= 1 && Number(text) <= L.episodeNumber, {
      error: M.episodeNumberInvalid,
    }),
  name: z
    .string()
    .trim()
    .min(1, { error: M.episodeNameRequired })
    .max(L.episodeName, { error: M.nameTooLong }),
  description: z.string().max(L.description, { error: M.descriptionTooLong }),
  duration_minutes: z
    .string()
    .trim()
    .refine(
      (text) =>
        text === '' || (/^\d+$/.test(text) && Number(text) >= 1 && Number(text) <= L.maxDurationMinutes),
      {
        error: M.durationInvalid,
      },
    ),
});
type EpisodeFormValues = z.input<typeof EpisodeFormSchema>;

export interface EpisodeChanges {
  fields: { episode_number: number; name: string; description: string; duration_minutes: number | null };
  thumbnail: File | null;
}

interface EpisodeDialogProps {
  episode: AdminEpisode;
  onSave: (changes: EpisodeChanges) => Promise<unknown>;
  onClose: () => void;
}

/** Edits an episode's number, name, description, duration and thumbnail. */
export function EpisodeDialog({ episode, onSave, onClose }: EpisodeDialogProps) {
  const [thumbnail, setThumbnail] = useState<File | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<EpisodeFormValues>({
    resolver: zodResolver(EpisodeFormSchema),
    defaultValues: {
      episode_number: String(episode.episode_number),
      name: episode.name,
      description: episode.description,
      duration_minutes: episode.duration_minutes === null ? '' : String(episode.duration_minutes),
    },
  });

  const submit = handleSubmit(async (values) => {
    try {
      await onSave({
        fields: {
          episode_number: Number(values.episode_number),
          name: values.name.trim(),
          description: values.description.trim(),
          duration_minutes: values.duration_minutes ? Number(values.duration_minutes) : null,
        },
        thumbnail,
      });
      onClose();
    } catch {
      // The mutation has told the operator; the dialog stays open with their input.
    }
  });

  return (
    <ModalDialog title={`Edit episode ${episode.episode_number}`} onClose={onClose} busy={isSubmitting}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        {/* Scrolls on short screens, so the buttons below stay in view. */}
        <div className="admin-episode-dialog__body">
          <div className="admin-title-form__row">
            <FormField
              label="Number"
              inputMode="numeric"
              registration={register('episode_number')}
              error={errors.episode_number?.message}
            />
            <FormField
              label="Duration (minutes)"
              inputMode="numeric"
              registration={register('duration_minutes')}
              error={errors.duration_minutes?.message}
            />
          </div>
          <FormField
            label="Name"
            registration={register('name')}
            error={errors.name?.message}
            maxLength={L.episodeName}
          />
          <div className="mb-3">
            <label htmlFor={`episode-${episode.id}-description`} className="form-label">
              Description
            </label>
            <textarea
              id={`episode-${episode.id}-description`}
              rows={3}
              className="form-control"
              maxLength={L.description}
              {...register('description')}
            />
          </div>
          <ImagePicker
            label="Thumbnail"
            shape="thumbnail"
            current={episode.thumbnail_image}
            file={thumbnail}
            onChange={setThumbnail}
            hint="Landscape, 16:9; JPEG, PNG, WebP or GIF up to 10 MB."
          />
        </div>
        <div className="confirm-dialog__actions">
          <button type="button" className="btn btn-outline-light" onClick={onClose} disabled={isSubmitting}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={isSubmitting} aria-busy={isSubmitting}>
            {isSubmitting ? 'Saving...' : 'Save episode'}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
