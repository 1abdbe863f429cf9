import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { AdminLibraryMessages, PersonBodySchema, type AdminPerson } from '@reeltime/contract';
import { FormField } from '../../../../components/form-field';
import { ModalDialog } from '../../../../components/modal-dialog';
import { ApiError } from '../../../../lib/api-client';
import { applyFieldErrors } from '../../../../lib/form-errors';
import { ImageInput } from './image-input';

/** As the inputs hold them; the schema reads an empty address as none. */
interface PersonFields {
  name: string;
  email?: string | null | undefined;
}

/** The person's text fields as the server checks them. */
const PersonFieldsSchema = PersonBodySchema.pick({ name: true, email: true });

interface PersonDialogProps {
  /** The person to edit; none to add one. */
  person: AdminPerson | null;
  /** Sends the form; its refusal's field errors show on the fields. */
  onSave: (form: FormData) => Promise<unknown>;
  onClose: () => void;
}

/** Adds or edits a person: name, private address and photo with a preview. */
export function PersonDialog({ person, onSave, onClose }: PersonDialogProps) {
  const [photo, setPhoto] = useState<File | null>(null);
  const [photoError, setPhotoError] = useState<string | undefined>();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PersonFields, unknown, { name: string; email?: string | null | undefined }>({
    resolver: zodResolver(PersonFieldsSchema),
    mode: 'onTouched',
    defaultValues: { name: person?.name ?? '', email: person?.email ?? '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    const form = new FormData();
    form.set('name', values.name);
    form.set('email', values.email ?? '');
    if (photo) form.set('photo', photo);
    if (!person && !photo) {
      setPhotoError(AdminLibraryMessages.personPhotoRequired);
      return;
    }
    setPhotoError(undefined);
    try {
      await onSave(form);
    } catch (error) {
      applyFieldErrors(error, setError, ['name', 'email']);
      if (error instanceof ApiError && (error.status === 415 || error.status === 413))
        setPhotoError(error.message);
    }
  });

  return (
    <ModalDialog title={person ? `Edit ${person.name}` : 'New person'} onClose={onClose} busy={isSubmitting}>
      <form className="library-dialog-form" onSubmit={onSubmit} noValidate>
        <FormField
          label="Name"
          registration={register('name')}
          error={errors.name?.message}
          autoComplete="off"
        />
        <FormField
          label="Email (private)"
          type="email"
          registration={register('email')}
          error={errors.email?.message}
          autoComplete="off"
          aria-describedby="person-email-note"
        />
        <p id="person-email-note" className="form-text mt-n2 mb-3">
          Never shown to members: they only see that a message can be sent.
        </p>
        <ImageInput
          label="Photo"
          currentUrl={person?.profile_image ?? ''}
          file={photo}
          onChange={(file) => {
            setPhoto(file);
            setPhotoError(undefined);
          }}
          hint={
            person
              ? "Choose a file only to replace the photo. Shown at 400x400 on the title's page."
              : "Shown at 400x400 on the title's page."
          }
          error={photoError}
        />
        <div className="d-flex justify-content-end gap-2">
          <button type="button" className="btn btn-outline-light" onClick={onClose} disabled={isSubmitting}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={isSubmitting} aria-busy={isSubmitting}>
            {isSubmitting ? 'Saving…' : person ? 'Save' : 'Add person'}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
