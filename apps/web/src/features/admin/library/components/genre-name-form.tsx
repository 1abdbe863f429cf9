import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { GenreBodySchema, type GenreBody } from '@reeltime/contract';
import { FormField } from '../../../../components/form-field';
import { applyFieldErrors } from '../../../../lib/form-errors';

interface GenreNameFormProps {
  initialName?: string;
  label: string;
  submitLabel: string;
  busyLabel: string;
  /** Saves the name; a refusal's field errors show under the input. */
  onSave: (name: string) => Promise<unknown>;
  /** Empties the input after a save (the create form). */
  resetAfterSave?: boolean;
  onCancel?: () => void;
}

/** One genre name, checked as the server checks it. */
export function GenreNameForm({
  initialName = '',
  label,
  submitLabel,
  busyLabel,
  onSave,
  resetAfterSave = false,
  onCancel,
}: GenreNameFormProps) {
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<GenreBody>({
    resolver: zodResolver(GenreBodySchema),
    mode: 'onSubmit',
    defaultValues: { name: initialName },
  });

  const onSubmit = handleSubmit(async ({ name }) => {
    try {
      await onSave(name);
      if (resetAfterSave) reset({ name: '' });
    } catch (error) {
      applyFieldErrors(error, setError, ['name']);
    }
  });

  return (
    <form className="library-inline-form" onSubmit={onSubmit} noValidate>
      <FormField
        label={label}
        registration={register('name')}
        error={errors.name?.message}
        autoComplete="off"
      />
      <div className="d-flex gap-2 pt-4">
        <button
          type="submit"
          className="btn btn-primary"
          disabled={isSubmitting || !isDirty}
          aria-busy={isSubmitting}
        >
          {isSubmitting ? busyLabel : submitLabel}
        </button>
        {onCancel ? (
          <button type="button" className="btn btn-outline-light" onClick={onCancel} disabled={isSubmitting}>
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  );
}
