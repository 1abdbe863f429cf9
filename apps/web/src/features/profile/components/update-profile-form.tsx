import { useEffect, useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Messages,
  ServerMessages,
  UpdateProfileBodySchema,
  type UpdateProfileBody,
  type User,
} from '@reeltime/contract';
import { FormField } from '../../../components/form-field';
import { SubmitButton } from '../../../components/submit-button';
import { useToast } from '../../../components/toast/toast-context';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { applyFieldErrors } from '../../../lib/form-errors';
import { initials } from '../../../lib/format';
import { maxUploadMb } from '../../../lib/env';
import { ACCEPTED_IMAGES, imageFileProblem } from '../../../lib/image-file';
import { useUpdateProfileMutation } from '../api/profile-api';

function formValues(user: User | null): UpdateProfileBody {
  return {
    first_name: user?.first_name ?? '',
    last_name: user?.last_name ?? '',
    email: user?.email ?? '',
    mobile: user?.mobile ?? '',
    gender: user?.gender ?? '',
    date_of_birth: user?.date_of_birth?.slice(0, 10) ?? '',
  };
}

export function UpdateProfileForm({ user }: { user: User | null }) {
  const toast = useToast();
  const update = useUpdateProfileMutation();
  const fileInputId = useId();
  const genderId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const {
    register,
    handleSubmit,
    reset,
    setError,
    trigger,
    formState: { errors, isDirty, isValid, isSubmitting },
  } = useForm({
    resolver: zodResolver(UpdateProfileBodySchema),
    mode: 'onTouched',
    defaultValues: formValues(user),
  });

  const busy = isSubmitting || update.isPending;
  const changed = isDirty || file !== null;

  const onSubmit = handleSubmit(async (values) => {
    const form = new FormData();
    form.set('first_name', values.first_name);
    form.set('last_name', values.last_name);
    form.set('email', values.email);
    form.set('mobile', values.mobile ?? '');
    form.set('gender', values.gender ?? '');
    form.set('date_of_birth', values.date_of_birth ?? '');
    if (file) form.set('file_url', file);
    try {
      const envelope = await update.mutateAsync(form);
      reset(formValues(envelope.data));
      setFile(null);
      if (envelope.message) toast.success(envelope.message);
    } catch (error) {
      const applied = applyFieldErrors(error, setError, [
        'first_name',
        'last_name',
        'email',
        'mobile',
        'gender',
        'date_of_birth',
      ]);
      const fileMessage = error instanceof ApiError ? error.errors?.file_url?.[0] : undefined;
      if (!applied && fileMessage) setFileError(fileMessage);
      toast.error(errorMessage(error, Messages.updateFailed));
    }
  });

  const picture = preview ?? user?.profile_image ?? null;

  return (
    <form onSubmit={onSubmit} noValidate className="profile-form">
      <div className="avatar-picker">
        {picture ? (
          <img
            className="avatar-picker__image"
            src={picture}
            alt="Profile picture"
            width={150}
            height={150}
          />
        ) : (
          <span
            className="avatar-picker__image avatar-picker__image--empty"
            role="img"
            aria-label="No profile picture"
          >
            {initials(user?.first_name, user?.last_name)}
          </span>
        )}
        <div>
          <input
            id={fileInputId}
            type="file"
            accept={ACCEPTED_IMAGES}
            className="visually-hidden-focusable avatar-picker__input"
            aria-describedby={fileError ? `${fileInputId}-error` : undefined}
            onChange={(event) => {
              const input = event.currentTarget;
              const chosen = input.files?.[0] ?? null;
              if (!chosen) return;
              const limitMb = maxUploadMb();
              const tooLarge = ServerMessages.fileTooLarge('picture', limitMb);
              void imageFileProblem(chosen, limitMb * 1024 * 1024, tooLarge).then((problem) => {
                setFileError(problem ?? null);
                if (problem) input.value = '';
                setFile(problem ? null : chosen);
              });
            }}
          />
          <label htmlFor={fileInputId} className="btn btn-outline-light">
            Choose picture
          </label>
          <p className="form-text mb-0">JPEG, PNG, WebP or GIF, up to {maxUploadMb()} MB.</p>
          {fileError && (
            <p id={`${fileInputId}-error`} className="invalid-feedback d-block" role="alert">
              {fileError}
            </p>
          )}
        </div>
      </div>

      <FormField
        label="Email"
        type="email"
        readOnly
        registration={register('email')}
        error={errors.email?.message}
      />
      <div className="row gx-3">
        <div className="col-12 col-md-6">
          <FormField
            label="First name"
            autoComplete="given-name"
            registration={register('first_name')}
            error={errors.first_name?.message}
          />
        </div>
        <div className="col-12 col-md-6">
          <FormField
            label="Last name"
            autoComplete="family-name"
            registration={register('last_name')}
            error={errors.last_name?.message}
          />
        </div>
        <div className="col-12 col-md-6">
          <FormField
            label="Mobile"
            type="tel"
            autoComplete="tel"
            registration={register('mobile')}
            error={errors.mobile?.message}
          />
        </div>
        <div className="col-12 col-md-6">
          <div className="mb-3">
            <label htmlFor={genderId} className="form-label">
              Gender
            </label>
            <select
              id={genderId}
              className={`form-select${errors.gender ? ' is-invalid' : ''}`}
              aria-invalid={errors.gender ? true : undefined}
              {...register('gender')}
            >
              <option value="">Prefer not to say</option>
              <option value="male">Male</option>
              <option value="female">Female</option>
              <option value="other">Other</option>
            </select>
            {errors.gender && (
              <div className="invalid-feedback d-block" role="alert">
                {errors.gender.message}
              </div>
            )}
          </div>
        </div>
        <div className="col-12 col-md-6">
          <FormField
            label="Date of birth"
            type="date"
            autoComplete="bday"
            // A date is picked, not typed: say what is wrong with it at once, not when the field is left.
            registration={register('date_of_birth', { onChange: () => void trigger('date_of_birth') })}
            error={errors.date_of_birth?.message}
          />
        </div>
      </div>
      <SubmitButton ready={changed && isValid} busy={busy} label="Update Profile" busyLabel="Saving..." />
    </form>
  );
}
