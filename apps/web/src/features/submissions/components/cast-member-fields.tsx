import { ServerMessages, SubmissionFileLimits } from '@reeltime/contract';
import { Controller, useFormState, type Control, type UseFormRegister } from 'react-hook-form';
import { FormField } from '../../../components/form-field';
import { ImagePicker } from './image-picker';
import type { SubmitMovieInput, SubmitMovieValues } from './submit-movie-schema';

interface CastMemberFieldsProps {
  index: number;
  control: Control<SubmitMovieInput, unknown, SubmitMovieValues>;
  register: UseFormRegister<SubmitMovieInput>;
  onRemove: () => void;
}

/** One cast or crew member: name, job title, optional email and a profile picture. */
export function CastMemberFields({ index, control, register, onRemove }: CastMemberFieldsProps) {
  const number = index + 1;
  const { errors, touchedFields, isSubmitted } = useFormState({ control, name: `cast.${index}` });
  const memberErrors = errors.cast?.[index];
  const touched = touchedFields.cast?.[index] as Partial<Record<string, unknown>> | undefined;
  // Adding or removing a member validates the whole list; a field's message waits until it was left.
  const shownError = (field: 'name' | 'jobTitle' | 'email' | 'image') =>
    touched?.[field] || isSubmitted ? memberErrors?.[field]?.message : undefined;
  return (
    <fieldset className="cast-member">
      <legend className="cast-member__legend">Cast member {number}</legend>
      <button
        type="button"
        className="btn btn-outline-light btn-sm cast-member__remove"
        aria-label={`Remove cast member ${number}`}
        onClick={onRemove}
      >
        Remove
      </button>
      <div className="row gx-3">
        <div className="col-12 col-md-6">
          <FormField label="Name" registration={register(`cast.${index}.name`)} error={shownError('name')} />
        </div>
        <div className="col-12 col-md-6">
          <FormField
            label="Job title"
            registration={register(`cast.${index}.jobTitle`)}
            error={shownError('jobTitle')}
          />
        </div>
        <div className="col-12 col-md-6">
          <FormField
            label="Email (optional)"
            type="email"
            registration={register(`cast.${index}.email`)}
            error={shownError('email')}
          />
        </div>
        <div className="col-12 col-md-6">
          <Controller
            control={control}
            name={`cast.${index}.image`}
            render={({ field, fieldState }) => (
              <ImagePicker
                label="Profile image"
                file={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
                error={fieldState.isTouched || isSubmitted ? fieldState.error?.message : undefined}
                recommendSize
                maxBytes={SubmissionFileLimits.castImageBytes}
                tooLargeMessage={ServerMessages.castImageTooLarge}
                hint="JPEG, PNG, WebP or GIF, up to 2 MB."
              />
            )}
          />
        </div>
      </div>
    </fieldset>
  );
}
