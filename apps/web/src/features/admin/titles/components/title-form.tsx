import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { AdminTitleLimits as L, type AdminTitleDetail } from '@reeltime/contract';
import { FormField } from '../../../../components/form-field';
import { SubmitButton } from '../../../../components/submit-button';
import { genresQuery } from '../api/titles-api';
import { CastEditor } from './cast-editor';
import { ContentRatingSelect } from './content-rating-select';
import { ImagePicker } from './image-picker';
import { TitleFormSchema, type TitleFormValues } from './title-form-schema';

export interface TitleImages {
  poster: File | null;
  thumbnail: File | null;
}

interface TitleFormProps {
  initial: TitleFormValues;
  /** The stored title when editing; its images are previewed until new ones are chosen. */
  title?: AdminTitleDetail;
  submitLabel: string;
  busyLabel: string;
  /**
   * Saves; resolves with the values now stored (the form starts over from them), or rejects
   * with the server's answer, whose field errors are shown by the inputs.
   */
  onSave: (values: TitleFormValues, images: TitleImages) => Promise<TitleFormValues | undefined>;
  /** Told whenever the form gains or loses unsaved changes (the page warns before they are lost). */
  onDirtyChange: (dirty: boolean) => void;
  /** Shows a server answer's field errors on the form; returns the fields it could not place. */
  onError?: (
    error: unknown,
    setFieldError: (field: keyof TitleFormValues | string, message: string) => void,
  ) => void;
}

const TRAILER_TYPES = [
  { value: 'none', label: 'No trailer link' },
  { value: 'youtube', label: 'YouTube' },
  { value: 'vimeo', label: 'Vimeo' },
  { value: 'dailymotion', label: 'Dailymotion' },
  { value: 'hls', label: 'HLS playlist (.m3u8)' },
  { value: 'url', label: 'Video file address' },
] as const;

/** Every field of a title, with genres, cast, images and a trailer link; warns before unsaved changes are lost. */
export function TitleForm({
  initial,
  title,
  submitLabel,
  busyLabel,
  onSave,
  onDirtyChange,
  onError,
}: TitleFormProps) {
  const ids = { type: useId(), description: useId(), trailerType: useId(), genres: useId() };
  const genres = useQuery(genresQuery());
  const [images, setImages] = useState<TitleImages>({ poster: null, thumbnail: null });
  const {
    register,
    control,
    handleSubmit,
    reset,
    resetField,
    setError,
    watch,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<TitleFormValues>({
    resolver: zodResolver(TitleFormSchema),
    mode: 'onTouched',
    defaultValues: initial,
  });
  const changed = isDirty || images.poster !== null || images.thumbnail !== null;
  useEffect(() => onDirtyChange(changed), [changed, onDirtyChange]);
  const trailerType = watch('trailer_type');
  const storedPublished = title?.is_published;

  // Published or unpublished from the page header: that switch follows, other edits stay.
  useEffect(() => {
    if (storedPublished !== undefined) resetField('is_published', { defaultValue: storedPublished });
  }, [storedPublished, resetField]);

  const submit = handleSubmit(async (values) => {
    try {
      const saved = await onSave(values, images);
      if (saved) {
        reset(saved);
        setImages({ poster: null, thumbnail: null });
      }
    } catch (error) {
      onError?.(error, (field, message) =>
        setError(field as keyof TitleFormValues, { type: 'server', message }),
      );
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="admin-title-form" aria-label="Title">
      <div className="admin-title-form__grid">
        <div>
          <div className="mb-3">
            <label htmlFor={ids.type} className="form-label">
              Type
            </label>
            <select id={ids.type} className="form-select" {...register('type')}>
              <option value="movie">Movie</option>
              <option value="tvshow">TV show</option>
            </select>
            {errors.type ? (
              <div className="invalid-feedback d-block" role="alert">
                {errors.type.message}
              </div>
            ) : null}
          </div>
          <FormField
            label="Name"
            registration={register('name')}
            error={errors.name?.message}
            maxLength={L.name}
          />
          <div className="mb-3">
            <label htmlFor={ids.description} className="form-label">
              Description
            </label>
            <textarea
              id={ids.description}
              rows={5}
              className={`form-control${errors.description ? ' is-invalid' : ''}`}
              maxLength={L.description}
              aria-invalid={errors.description ? true : undefined}
              {...register('description')}
            />
            {errors.description ? (
              <div className="invalid-feedback d-block" role="alert">
                {errors.description.message}
              </div>
            ) : null}
          </div>
          <div className="admin-title-form__row">
            <FormField
              label="Release date"
              type="date"
              registration={register('release_date')}
              error={errors.release_date?.message}
            />
            <FormField
              label="Language"
              registration={register('language')}
              error={errors.language?.message}
              maxLength={L.language}
            />
          </div>
          <div className="admin-title-form__row">
            <FormField
              label="Duration (minutes)"
              inputMode="numeric"
              registration={register('duration_minutes')}
              error={errors.duration_minutes?.message}
            />
            <FormField
              label="IMDB rating (0 to 10)"
              inputMode="decimal"
              registration={register('imdb_rating')}
              error={errors.imdb_rating?.message}
            />
            <ContentRatingSelect
              registration={register('content_rating')}
              current={title?.content_rating ?? initial.content_rating}
              error={errors.content_rating?.message}
            />
          </div>
          <div className="admin-title-form__row">
            <div className="mb-3">
              <label htmlFor={ids.trailerType} className="form-label">
                Trailer link
              </label>
              <select id={ids.trailerType} className="form-select" {...register('trailer_type')}>
                {TRAILER_TYPES.map((type) => (
                  <option key={type.value} value={type.value}>
                    {type.label}
                  </option>
                ))}
              </select>
            </div>
            {trailerType !== 'none' ? (
              <FormField
                label="Trailer address"
                type="url"
                placeholder="https://"
                registration={register('trailer_url')}
                error={errors.trailer_url?.message}
                maxLength={L.url}
              />
            ) : null}
          </div>
          <fieldset className="admin-fieldset" aria-describedby={ids.genres}>
            <legend>Genres</legend>
            <p id={ids.genres} className="form-text mt-0">
              Choose up to {L.genres}.
            </p>
            {genres.isPending ? <p className="text-secondary small">Loading genres...</p> : null}
            {genres.isError ? <p className="text-danger small">The genres could not be loaded.</p> : null}
            <div className="admin-genre-choices">
              {genres.data?.map((genre) => (
                <label key={genre.id} className="form-check">
                  <input
                    type="checkbox"
                    className="form-check-input"
                    value={String(genre.id)}
                    {...register('genre_ids')}
                  />
                  <span className="form-check-label">{genre.name}</span>
                </label>
              ))}
            </div>
            {errors.genre_ids ? (
              <div className="invalid-feedback d-block" role="alert">
                {errors.genre_ids.message}
              </div>
            ) : null}
          </fieldset>
          <CastEditor control={control} register={register} errors={errors.cast} />
        </div>
        <div>
          <div className="admin-fieldset">
            <div className="form-check form-switch mb-2">
              <input
                id={`${ids.type}-published`}
                type="checkbox"
                className="form-check-input"
                {...register('is_published')}
              />
              <label htmlFor={`${ids.type}-published`} className="form-check-label">
                Published (members can see it)
              </label>
            </div>
            <div className="form-check form-switch">
              <input
                id={`${ids.type}-free`}
                type="checkbox"
                className="form-check-input"
                {...register('is_free')}
              />
              <label htmlFor={`${ids.type}-free`} className="form-check-label">
                Free (plays in full without a plan)
              </label>
            </div>
          </div>
          <ImagePicker
            label="Poster"
            shape="poster"
            current={title?.poster_image ?? ''}
            file={images.poster}
            onChange={(poster) => setImages((current) => ({ ...current, poster }))}
            hint="Portrait, about 2:3; JPEG, PNG, WebP or GIF up to 10 MB."
          />
          <ImagePicker
            label="Thumbnail"
            shape="thumbnail"
            current={title?.thumbnail_image ?? ''}
            file={images.thumbnail}
            onChange={(thumbnail) => setImages((current) => ({ ...current, thumbnail }))}
            hint="Landscape, 16:9; JPEG, PNG, WebP or GIF up to 10 MB."
          />
        </div>
      </div>
      <div className="admin-title-form__actions">
        <SubmitButton ready={changed} busy={isSubmitting} label={submitLabel} busyLabel={busyLabel} />
        {changed && !isSubmitting ? <span className="text-warning small">Unsaved changes</span> : null}
      </div>
    </form>
  );
}
