import { useId, useRef, useState, type FormEvent } from 'react';
import { Messages, type Cast } from '@reeltime/contract';
import { ModalDialog } from '../../../components/modal-dialog';
import { useToast } from '../../../components/toast/toast-context';
import { errorMessage } from '../../../lib/api-client';
import { useSendMailToCast } from '../api/titles-api';

export const MAX_MESSAGE_LENGTH = 2000;

interface SendEmailDialogProps {
  cast: Pick<Cast, 'id' | 'name'>;
  onClose: () => void;
}

/** Writes a message to a cast member; the server mails it without showing their address. */
export function SendEmailDialog({ cast, onClose }: SendEmailDialogProps) {
  const toast = useToast();
  const send = useSendMailToCast();
  const messageId = useId();
  const counterId = useId();
  const messageRef = useRef<HTMLTextAreaElement>(null);
  const [message, setMessage] = useState('');
  const busy = send.isPending;
  const canSend = message.trim().length > 0 && message.length <= MAX_MESSAGE_LENGTH && !busy;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canSend) return;
    try {
      const envelope = await send.mutateAsync({ cast_id: cast.id, message: message.trim() });
      toast.success(envelope.message ?? `Your message was sent to ${cast.name}.`);
      onClose();
    } catch (error) {
      toast.error(errorMessage(error, Messages.somethingWentWrong));
    }
  };

  return (
    <ModalDialog
      title={`Send Email to ${cast.name}`}
      onClose={onClose}
      busy={busy}
      initialFocusRef={messageRef}
    >
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <label htmlFor={messageId} className="form-label">
          Message
        </label>
        <textarea
          ref={messageRef}
          id={messageId}
          className="form-control"
          rows={6}
          maxLength={MAX_MESSAGE_LENGTH}
          aria-describedby={counterId}
          value={message}
          onChange={(event) => setMessage(event.target.value)}
        />
        <p id={counterId} className="form-text text-end mb-0">
          {message.length} / {MAX_MESSAGE_LENGTH} characters
        </p>
        <div className="confirm-dialog__actions">
          <button type="button" className="btn btn-outline-light" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={!canSend} aria-busy={busy}>
            {busy ? 'Sending...' : 'Send'}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
