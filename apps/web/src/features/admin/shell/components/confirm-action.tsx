import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from '../../../../components/confirm-dialog';

interface ConfirmActionProps {
  /** The button's text, such as "Delete". */
  label: ReactNode;
  /** The dialog's heading, such as "Delete “Night Train”?". */
  title: string;
  /** What will happen, in a sentence or two. */
  children: ReactNode;
  confirmLabel: string;
  busyLabel: string;
  /** Runs on confirm; the dialog stays open (busy) until it settles, then closes. */
  onConfirm: () => Promise<unknown> | void;
  className?: string;
  disabled?: boolean;
  /** An accessible name when `label` alone is ambiguous in a table row. */
  ariaLabel?: string;
}

/** A button for a destructive or far-reaching action that asks before doing it. */
export function ConfirmAction({
  label,
  title,
  children,
  confirmLabel,
  busyLabel,
  onConfirm,
  className = 'btn btn-sm btn-outline-danger',
  disabled = false,
  ariaLabel,
}: ConfirmActionProps) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } catch {
      // The action reports its own failure (useAdminMutation toasts it); the dialog just closes.
    } finally {
      setBusy(false);
      setOpen(false);
    }
  };

  return (
    <>
      <button
        type="button"
        className={className}
        disabled={disabled}
        aria-label={ariaLabel}
        onClick={() => setOpen(true)}
      >
        {label}
      </button>
      {open ? (
        <ConfirmDialog
          title={title}
          confirmLabel={confirmLabel}
          busyLabel={busyLabel}
          busy={busy}
          onConfirm={() => void confirm()}
          onCancel={() => setOpen(false)}
        >
          {children}
        </ConfirmDialog>
      ) : null}
    </>
  );
}
