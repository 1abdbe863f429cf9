import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { AccountPinBodySchema, PinSchema } from '@reeltime/contract';
import { FormField } from '../../../components/form-field';
import { ModalDialog } from '../../../components/modal-dialog';
import { SubmitButton } from '../../../components/submit-button';
import { useToast } from '../../../components/toast/toast-context';
import { errorMessage } from '../../../lib/api-client';
import { applyFieldErrors } from '../../../lib/form-errors';
import { useSetAccountPin } from '../api/household-api';
import { PinField } from './pin-field';

const SetSchema = z.object({ password: AccountPinBodySchema.shape.password, pin: PinSchema });
const RemoveSchema = z.object({ password: AccountPinBodySchema.shape.password, pin: z.literal('') });

/** Sets, changes (`set`) or removes the account PIN; the account password is asked each time. */
export function AccountPinDialog({
  mode,
  onClose,
}: {
  mode: 'set' | 'change' | 'remove';
  onClose: () => void;
}) {
  const toast = useToast();
  const save = useSetAccountPin();
  const removing = mode === 'remove';
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, isValid },
  } = useForm({
    resolver: zodResolver(removing ? RemoveSchema : SetSchema),
    mode: 'onTouched',
    defaultValues: { password: '', pin: '' },
  });

  const submit = handleSubmit(async ({ password, pin }) => {
    try {
      const envelope = await save.mutateAsync({ password, pin: removing ? null : pin });
      if (envelope.message) toast.success(envelope.message);
      onClose();
    } catch (error) {
      if (!applyFieldErrors(error, setError, ['password', 'pin']))
        toast.error(errorMessage(error, 'The account PIN could not be saved. Try again.'));
    }
  });

  const title = {
    set: 'Set an account PIN',
    change: 'Change the account PIN',
    remove: 'Remove the account PIN',
  }[mode];
  return (
    <ModalDialog title={title} onClose={onClose} busy={isSubmitting}>
      <form onSubmit={submit} noValidate>
        <p className="text-body-secondary">
          {removing
            ? 'Without an account PIN, any grown-up profile can add, change and delete profiles.'
            : 'The account PIN is asked before profiles are added, changed or deleted.'}
        </p>
        <FormField
          label="Account password"
          type="password"
          autoComplete="current-password"
          registration={register('password')}
          error={errors.password?.message}
        />
        {!removing && (
          <PinField
            label="New account PIN (4 digits)"
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
            ready={isValid}
            busy={isSubmitting}
            label={removing ? 'Remove PIN' : 'Save PIN'}
            busyLabel="Saving..."
          />
        </div>
      </form>
    </ModalDialog>
  );
}
