import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { PinSchema } from '@reeltime/contract';
import { ModalDialog } from '../../../components/modal-dialog';
import { SubmitButton } from '../../../components/submit-button';
import { errorMessage } from '../../../lib/api-client';
import { PinField } from './pin-field';

const PinFormSchema = z.object({ pin: PinSchema });

interface PinDialogProps {
  title: string;
  /** What the PIN is for, read out with the dialog. */
  description: string;
  label?: string;
  submitLabel: string;
  busyLabel: string;
  /** Sends the PIN; a rejection's message (wrong PIN with the tries left, or the lock) is shown. */
  onSubmit: (pin: string) => Promise<unknown>;
  onClose: () => void;
}

/** Asks for a 4-digit PIN (a numeric keypad on phones) and shows the server's answer to a wrong one. */
export function PinDialog({
  title,
  description,
  label = 'PIN',
  submitLabel,
  busyLabel,
  onSubmit,
  onClose,
}: PinDialogProps) {
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting, isValid },
  } = useForm({ resolver: zodResolver(PinFormSchema), mode: 'onChange', defaultValues: { pin: '' } });

  const submit = handleSubmit(async ({ pin }) => {
    try {
      await onSubmit(pin);
    } catch (error) {
      setError('pin', {
        type: 'server',
        message: errorMessage(error, 'The PIN could not be checked. Try again.'),
      });
      setFocus('pin', { shouldSelect: true });
    }
  });

  return (
    <ModalDialog title={title} onClose={onClose} busy={isSubmitting}>
      <form onSubmit={submit} noValidate className="pin-dialog">
        <p className="pin-dialog__description">{description}</p>
        <PinField
          label={label}
          autoComplete="off"
          registration={register('pin')}
          error={errors.pin?.message}
          className="pin-dialog__field"
        />
        <div className="confirm-dialog__actions">
          <button type="button" className="btn btn-outline-light" onClick={onClose} disabled={isSubmitting}>
            Cancel
          </button>
          <SubmitButton ready={isValid} busy={isSubmitting} label={submitLabel} busyLabel={busyLabel} />
        </div>
      </form>
    </ModalDialog>
  );
}
