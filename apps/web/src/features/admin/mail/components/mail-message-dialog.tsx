import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../../../lib/api-client';
import { ModalDialog } from '../../../../components/modal-dialog';
import { StatusBadge } from '../../shell/components/status-badge';
import { formatDateTime } from '../../shell/components/format-time';
import { mailMessageQuery } from '../api/mail-api';

/**
 * Put before a message's HTML in its frame: nothing outside the message loads (no tracking
 * pixels, no remote fonts), on top of the sandbox that already stops scripts.
 */
const FRAME_POLICY =
  '<meta http-equiv="Content-Security-Policy" content="default-src \'none\'; style-src \'unsafe-inline\'; img-src data:">' +
  '<style>body{font-family:system-ui,sans-serif;color:#111;background:#fff;margin:1rem}</style>';

interface MailMessageDialogProps {
  id: number;
  onClose: () => void;
  onRetry?: (id: number) => void;
  retrying?: boolean;
}

/** One message of the outbox: its headers, its text, and its HTML in a sandboxed frame. */
export function MailMessageDialog({ id, onClose, onRetry, retrying = false }: MailMessageDialogProps) {
  const message = useQuery(mailMessageQuery(id));
  const title = message.data ? message.data.subject : 'Message';

  return (
    <ModalDialog title={title} onClose={onClose}>
      {message.isPending ? <p role="status">Loading the message…</p> : null}
      {message.isError ? (
        <p role="alert" className="text-danger">
          {errorMessage(message.error, 'The message could not be loaded.')}
        </p>
      ) : null}
      {message.data ? (
        <div className="mail-message">
          <dl className="admin-facts">
            <dt>To</dt>
            <dd>{message.data.to}</dd>
            {message.data.reply_to ? (
              <>
                <dt>Reply to</dt>
                <dd>{message.data.reply_to}</dd>
              </>
            ) : null}
            <dt>Status</dt>
            <dd>
              <StatusBadge status={message.data.status} /> after {message.data.attempts}{' '}
              {message.data.attempts === 1 ? 'attempt' : 'attempts'}
            </dd>
            <dt>Queued</dt>
            <dd>{formatDateTime(message.data.created_at)}</dd>
            <dt>Sent</dt>
            <dd>{formatDateTime(message.data.sent_at)}</dd>
            {message.data.last_error ? (
              <>
                <dt>Last error</dt>
                <dd className="text-danger text-break">{message.data.last_error}</dd>
              </>
            ) : null}
          </dl>
          {message.data.html ? (
            <iframe
              title="The message as HTML"
              className="mail-message__frame"
              sandbox=""
              referrerPolicy="no-referrer"
              srcDoc={FRAME_POLICY + message.data.html}
            />
          ) : null}
          <details open={!message.data.html}>
            <summary>Plain text</summary>
            <pre className="mail-message__text">{message.data.text}</pre>
          </details>
        </div>
      ) : null}
      <div className="d-flex justify-content-end gap-2 mt-3">
        {message.data?.status === 'failed' && onRetry ? (
          <button
            type="button"
            className="btn btn-sm btn-warning"
            disabled={retrying}
            onClick={() => onRetry(id)}
          >
            {retrying ? 'Queuing…' : 'Send again'}
          </button>
        ) : null}
        <button type="button" className="btn btn-sm btn-outline-light" onClick={onClose}>
          Close
        </button>
      </div>
    </ModalDialog>
  );
}
