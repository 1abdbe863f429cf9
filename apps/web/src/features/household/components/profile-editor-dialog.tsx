import { useId, useState, type ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { PROFILE_AVATARS, type Household, type HouseholdProfile } from '@reeltime/contract';
import { FormField } from '../../../components/form-field';
import { ModalDialog } from '../../../components/modal-dialog';
import { ProfileAvatar } from '../../../components/profile-avatar';
import { SubmitButton } from '../../../components/submit-button';
import { useToast } from '../../../components/toast/toast-context';
import { errorMessage } from '../../../lib/api-client';
import { applyFieldErrors } from '../../../lib/form-errors';
import { ACCEPTED_IMAGES, imageFileProblem } from '../../../lib/image-file';
import { PinField } from './pin-field';
import { AccountPinCancelled } from './use-account-pin-gate';
import { profileFormDefaults, ProfileFormSchema, type ProfileFormValues } from './profile-form';

/** An avatar is shown at most 300 px wide: a larger picture is refused before it is sent. */
const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
const AVATAR_TOO_LARGE = 'A picture may be at most 5 MB.';

interface ProfileEditorDialogProps {
  household: Household;
  /** The profile to edit, or null to add one. */
  profile: HouseholdProfile | null;
  /** Sends the form; resolves once saved (the dialog then closes), rejects with the server's error. */
  onSave: (
    values: ProfileFormValues,
    avatarPicked: boolean,
    file: File | null,
  ) => Promise<string | undefined>;
  onClose: () => void;
}

/** Adds or edits a household profile: name, avatar, kids flag, maturity limit and PIN. */
export function ProfileEditorDialog({ household, profile, onSave, onClose }: ProfileEditorDialogProps) {
  const toast = useToast();
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [fileProblem, setFileProblem] = useState<string | undefined>();
  const unusedAvatar =
    PROFILE_AVATARS.find((key) => !household.profiles.some((other) => other.avatar === key)) ??
    PROFILE_AVATARS[0];
  const {
    register,
    handleSubmit,
    setError,
    trigger,
    watch,
    formState: { errors, isSubmitting, isValid, isDirty, dirtyFields },
  } = useForm({
    resolver: zodResolver(ProfileFormSchema),
    mode: 'onTouched',
    defaultValues: profileFormDefaults(profile, unusedAvatar),
  });
  const isKids = watch('is_kids');
  const removePin = watch('remove_pin');
  const isOwner = profile?.is_owner === true;

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    setFile(chosen);
    setFileProblem(chosen ? await imageFileProblem(chosen, AVATAR_MAX_BYTES, AVATAR_TOO_LARGE) : undefined);
  };

  const submit = handleSubmit(async (values) => {
    try {
      const message = await onSave(values, Boolean(dirtyFields.avatar), file);
      if (message) toast.success(message);
      onClose();
    } catch (error) {
      if (error instanceof AccountPinCancelled) return;
      if (!applyFieldErrors(error, setError, ['name', 'avatar', 'is_kids', 'maturity_limit', 'pin']))
        toast.error(errorMessage(error, 'The profile could not be saved. Try again.'));
    }
  });

  return (
    <ModalDialog
      title={profile ? `Edit ${profile.name}` : 'Add a profile'}
      onClose={onClose}
      busy={isSubmitting}
    >
      <form onSubmit={submit} noValidate className="profile-editor">
        <FormField
          label="Name"
          autoComplete="off"
          maxLength={50}
          registration={register('name')}
          error={errors.name?.message}
        />
        <fieldset className="avatar-choices">
          <legend>Avatar</legend>
          {PROFILE_AVATARS.map((key) => (
            <label key={key} title={key}>
              <input type="radio" value={key} {...register('avatar')} />
              <ProfileAvatar
                profile={{ name: watch('name') || '?', avatar: key, avatar_image: null }}
                size="md"
              />
              <span className="visually-hidden">{key}</span>
            </label>
          ))}
        </fieldset>
        <div className="mb-3">
          <label htmlFor={`${id}-file`} className="form-label">
            Or upload a picture <span className="text-body-secondary">(optional)</span>
          </label>
          <input
            id={`${id}-file`}
            type="file"
            accept={ACCEPTED_IMAGES}
            className={`form-control${fileProblem ? ' is-invalid' : ''}`}
            aria-invalid={fileProblem ? true : undefined}
            aria-describedby={fileProblem ? `${id}-file-error` : undefined}
            onChange={(event) => void onFile(event)}
          />
          {fileProblem && (
            <div id={`${id}-file-error`} className="invalid-feedback d-block" role="alert">
              {fileProblem}
            </div>
          )}
          {profile?.avatar_image && !file && (
            <p className="form-text">A picture is uploaded; choosing an avatar colour replaces it.</p>
          )}
        </div>
        <div className="form-check mb-1">
          <input
            id={`${id}-kids`}
            type="checkbox"
            className="form-check-input"
            disabled={isOwner}
            aria-describedby={`${id}-kids-hint`}
            {...register('is_kids', { onChange: () => void trigger('maturity_limit') })}
          />
          <label htmlFor={`${id}-kids`} className="form-check-label">
            Kids profile
          </label>
        </div>
        <p id={`${id}-kids-hint`} className="form-text mt-0 mb-3">
          {isOwner
            ? "The account owner's profile cannot be a kids profile."
            : 'A simpler, brighter site without account pages; it needs a maturity limit.'}
        </p>
        <div className="mb-3">
          <label htmlFor={`${id}-limit`} className="form-label">
            Maturity limit
          </label>
          <select
            id={`${id}-limit`}
            className={`form-select${errors.maturity_limit ? ' is-invalid' : ''}`}
            aria-invalid={errors.maturity_limit ? true : undefined}
            aria-describedby={errors.maturity_limit ? `${id}-limit-error` : undefined}
            {...register('maturity_limit')}
          >
            <option value="" disabled={isKids}>
              No limit
            </option>
            {household.rating_scale.map((label) => (
              <option key={label} value={label}>
                Up to {label}
              </option>
            ))}
          </select>
          {errors.maturity_limit && (
            <div id={`${id}-limit-error`} className="invalid-feedback d-block" role="alert">
              {errors.maturity_limit.message}
            </div>
          )}
        </div>
        {profile?.has_pin && (
          <div className="form-check mb-2">
            <input
              id={`${id}-remove-pin`}
              type="checkbox"
              className="form-check-input"
              {...register('remove_pin')}
            />
            <label htmlFor={`${id}-remove-pin`} className="form-check-label">
              Remove the PIN
            </label>
          </div>
        )}
        {!removePin && (
          <PinField
            label={profile?.has_pin ? 'New PIN (leave empty to keep the PIN)' : 'PIN (optional, 4 digits)'}
            autoComplete="new-password"
            registration={register('pin')}
            error={errors.pin?.message}
          />
        )}
        <div className="confirm-dialog__actions">
          <button type="button" className="btn btn-outline-light" onClick={onClose} disabled={isSubmitting}>
            Cancel
          </button>
          <SubmitButton
            ready={(isDirty || file !== null) && isValid && !fileProblem}
            busy={isSubmitting}
            label={profile ? 'Save' : 'Add profile'}
            busyLabel="Saving..."
          />
        </div>
      </form>
    </ModalDialog>
  );
}
