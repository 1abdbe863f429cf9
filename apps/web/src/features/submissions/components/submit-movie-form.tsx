import { useId, useRef, useState, type ReactNode } from 'react';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import {
  Messages,
  ServerMessages,
  SUBMISSION_PLATFORMS,
  SUBMISSION_ROLES,
  SubmissionFileLimits,
  type User,
} from '@reeltime/contract';
import { FormField } from '../../../components/form-field';
import { SubmitButton } from '../../../components/submit-button';
import { useToast } from '../../../components/toast/toast-context';
import { errorMessage } from '../../../lib/api-client';
import { applyFieldErrors } from '../../../lib/form-errors';
import { useSubmitMovie } from '../api/submissions-api';
import { CastMemberFields } from './cast-member-fields';
import { ImagePicker } from './image-picker';
import {
  emptyCastMember,
  MAX_CAST_MEMBERS,
  submitMovieResolver,
  type SubmitMovieInput,
} from './submit-movie-schema';
import { UploadProgress } from './upload-progress';

const PLATFORM_LABELS: Record<(typeof SUBMISSION_PLATFORMS)[number], string> = {
  youtube: 'YouTube',
  vimeo: 'Vimeo',
  dailymotion: 'Dailymotion',
  other: 'Other',
};

const TEXT_FIELDS = ['name', 'email', 'role', 'title', 'description', 'type', 'platform', 'link'] as const;

function emptyForm(user: User | null): SubmitMovieInput {
  return {
    name: user ? `${user.first_name} ${user.last_name}`.trim() : '',
    email: user?.email ?? '',
    role: '',
    title: '',
    description: '',
    type: '',
    platform: '',
    link: '',
    thumbnail: null,
    cast: [emptyCastMember()],
  };
}

/** The Submit Your Movie form (spec section 5): details, a thumbnail and a repeatable cast block. */
export function SubmitMovieForm({ user }: { user: User | null }) {
  const toast = useToast();
  const roleId = useId();
  const typeId = useId();
  const platformId = useId();
  const descriptionId = useId();
  const castHeadingId = useId();
  const addButtonRef = useRef<HTMLButtonElement>(null);
  const [percent, setPercent] = useState<number | null>(null);
  // File inputs cannot be cleared by value; a new generation mounts fresh ones after a reset.
  const [generation, setGeneration] = useState(0);
  const submit = useSubmitMovie(setPercent);

  const {
    control,
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isValid, isSubmitting },
  } = useForm<SubmitMovieInput, unknown, Parameters<typeof submit.mutateAsync>[0]>({
    resolver: submitMovieResolver,
    mode: 'onTouched',
    defaultValues: emptyForm(user),
  });
  const cast = useFieldArray({ control, name: 'cast' });
  const busy = isSubmitting || submit.isPending;

  const onSubmit = handleSubmit(async (values) => {
    setPercent(0);
    try {
      const envelope = await submit.mutateAsync(values);
      reset(emptyForm(user));
      setGeneration((value) => value + 1);
      toast.success(envelope.message ?? 'Your submission was sent for review.');
    } catch (error) {
      // A message shown beside its field is not repeated in a toast over the form.
      if (!applyFieldErrors(error, setError, TEXT_FIELDS))
        toast.error(errorMessage(error, Messages.somethingWentWrong));
    } finally {
      setPercent(null);
    }
  });

  const removeMember = (index: number) => {
    cast.remove(index);
    addButtonRef.current?.focus();
  };

  return (
    <form key={generation} onSubmit={onSubmit} noValidate className="submit-form" aria-busy={busy}>
      <section className="submit-form__section" aria-labelledby={`${castHeadingId}-you`}>
        <h2 id={`${castHeadingId}-you`} className="submit-form__heading">
          About you
        </h2>
        <div className="row gx-3">
          <div className="col-12 col-md-6">
            <FormField
              label="Your name"
              autoComplete="name"
              registration={register('name')}
              error={errors.name?.message}
            />
          </div>
          <div className="col-12 col-md-6">
            <FormField
              label="Email"
              type="email"
              autoComplete="email"
              registration={register('email')}
              error={errors.email?.message}
            />
          </div>
          <div className="col-12 col-md-6">
            <SelectField id={roleId} label="Role" error={errors.role?.message}>
              <select
                id={roleId}
                className={`form-select${errors.role ? ' is-invalid' : ''}`}
                aria-invalid={errors.role ? true : undefined}
                aria-describedby={errors.role ? `${roleId}-error` : undefined}
                {...register('role')}
              >
                <option value="">Choose your role</option>
                {SUBMISSION_ROLES.map((role) => (
                  <option key={role} value={role}>
                    {role}
                  </option>
                ))}
              </select>
            </SelectField>
          </div>
        </div>
      </section>

      <section className="submit-form__section" aria-labelledby={`${castHeadingId}-title`}>
        <h2 id={`${castHeadingId}-title`} className="submit-form__heading">
          Your movie or show
        </h2>
        <FormField label="Title" registration={register('title')} error={errors.title?.message} />
        <div className="mb-3">
          <label htmlFor={descriptionId} className="form-label">
            Description (optional)
          </label>
          <textarea
            id={descriptionId}
            className={`form-control${errors.description ? ' is-invalid' : ''}`}
            rows={4}
            {...register('description')}
          />
        </div>
        <div className="row gx-3">
          <div className="col-12 col-md-6">
            <SelectField id={typeId} label="Type (optional)" error={errors.type?.message}>
              <select id={typeId} className="form-select" {...register('type')}>
                <option value="">Not specified</option>
                <option value="Movie">Movie</option>
                <option value="TV show">TV show</option>
              </select>
            </SelectField>
          </div>
          <div className="col-12 col-md-6">
            <SelectField id={platformId} label="Platform (optional)" error={errors.platform?.message}>
              <select id={platformId} className="form-select" {...register('platform')}>
                <option value="">Not specified</option>
                {SUBMISSION_PLATFORMS.map((platform) => (
                  <option key={platform} value={platform}>
                    {PLATFORM_LABELS[platform]}
                  </option>
                ))}
              </select>
            </SelectField>
          </div>
        </div>
        <FormField
          label="Link"
          type="url"
          inputMode="url"
          placeholder="https://"
          registration={register('link')}
          error={errors.link?.message}
        />
        <Controller
          control={control}
          name="thumbnail"
          render={({ field, fieldState }) => (
            <ImagePicker
              label="Thumbnail"
              hint="JPEG, PNG, WebP or GIF, up to 5 MB."
              maxBytes={SubmissionFileLimits.thumbnailBytes}
              tooLargeMessage={ServerMessages.thumbnailTooLarge}
              file={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              error={fieldState.error?.message}
            />
          )}
        />
      </section>

      <section className="submit-form__section" aria-labelledby={castHeadingId}>
        <h2 id={castHeadingId} className="submit-form__heading">
          Cast and crew
        </h2>
        {cast.fields.map((member, index) => (
          <CastMemberFields
            key={member.id}
            index={index}
            control={control}
            register={register}
            onRemove={() => removeMember(index)}
          />
        ))}
        {cast.fields.length === 0 && (
          <p className="invalid-feedback d-block" role="alert">
            {Messages.castRequired}
          </p>
        )}
        <button
          ref={addButtonRef}
          type="button"
          className="btn btn-outline-light"
          onClick={() => cast.append(emptyCastMember())}
          disabled={cast.fields.length >= MAX_CAST_MEMBERS}
        >
          Add cast member
        </button>
        <p className="form-text">Up to {MAX_CAST_MEMBERS} members.</p>
      </section>

      {busy && percent !== null && <UploadProgress percent={percent} />}
      <SubmitButton ready={isValid} busy={busy} label="Send" busyLabel="Sending..." />
    </form>
  );
}

interface SelectFieldProps {
  id: string;
  label: string;
  error?: string | undefined;
  children: ReactNode;
}

/** A label, a select passed in as a child, and its announced error. */
function SelectField({ id, label, error, children }: SelectFieldProps) {
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      {children}
      {error && (
        <div id={`${id}-error`} className="invalid-feedback d-block" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}
