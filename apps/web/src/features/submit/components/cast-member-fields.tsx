import { Controller, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { FormField } from '../../../components/form-field';
import { ImagePicker } from './image-picker';
import type { SubmitMovieInput, SubmitMovieValues } from './submit-movie-schema';

interface CastMemberFieldsProps {
  index: number;
  control: Control<SubmitMovieInput, unknown, SubmitMovieValues>;
  register: UseFormRegister<SubmitMovieInput>;
  errors: FieldErrors<SubmitMovieInput>['cast'];
  onRemove: () => void;
}

/** One cast or crew member: name, job title, optional email and a profile picture. */
export function CastMemberFields({ index, control, register, errors, onRemove }: CastMemberFieldsProps) {
  const number = index + 1;
  const memberErrors = Array.isArray(errors) ? errors[index] : undefined;
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
          <FormField
            label="Name"
            registration={register(`cast.${index}.name`)}
            error={memberErrors?.name?.message}
          />
        </div>
        <div className="col-12 col-md-6">
          <FormField
            label="Job title"
            registration={register(`cast.${index}.jobTitle`)}
            error={memberErrors?.jobTitle?.message}
          />
        </div>
        <div className="col-12 col-md-6">
          <FormField
            label="Email (optional)"
            type="email"
            registration={register(`cast.${index}.email`)}
            error={memberErrors?.email?.message}
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
                error={fieldState.error?.message}
                recommendSize
                hint="JPEG, PNG, WebP or GIF, up to 2 MB."
              />
            )}
          />
        </div>
      </div>
    </fieldset>
  );
}
