import { useId, useRef, type ReactNode } from 'react';
import { DialogFrame } from './dialog-frame';

interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** Shown on the confirm button while the action runs. */
  busyLabel: string;
  cancelLabel?: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * A modal confirmation (WAI-ARIA alertdialog): the safe choice takes focus, Tab stays inside,
 * Escape cancels, and focus goes back to where it was unless the caller has moved it on.
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  busyLabel,
  cancelLabel = 'Cancel',
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const bodyId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);

  return (
    <DialogFrame
      role="alertdialog"
      title={title}
      describedBy={bodyId}
      onClose={onCancel}
      busy={busy}
      initialFocusRef={cancelRef}
    >
      <div id={bodyId} className="confirm-dialog__body">
        {children}
      </div>
      <div className="confirm-dialog__actions">
        <button
          ref={cancelRef}
          type="button"
          className="btn btn-outline-light"
          onClick={onCancel}
          disabled={busy}
        >
          {cancelLabel}
        </button>
        <button type="button" className="btn btn-danger" onClick={onConfirm} disabled={busy} aria-busy={busy}>
          {busy ? busyLabel : confirmLabel}
        </button>
      </div>
    </DialogFrame>
  );
}
