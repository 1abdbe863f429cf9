import type { ReactNode, RefObject } from 'react';
import { DialogFrame } from './dialog-frame';

interface ModalDialogProps {
  title: string;
  children: ReactNode;
  /** Escape closes the dialog unless it is busy. */
  onClose: () => void;
  busy?: boolean;
  /** Takes focus when the dialog opens; else its first focusable element does. */
  initialFocusRef?: RefObject<HTMLElement | null>;
}

/**
 * A modal dialog (WAI-ARIA dialog pattern): focus moves in and stays inside while Tab cycles,
 * Escape closes, and focus goes back to the element that opened it.
 */
export function ModalDialog({ title, children, onClose, busy = false, initialFocusRef }: ModalDialogProps) {
  return (
    <DialogFrame role="dialog" title={title} onClose={onClose} busy={busy} initialFocusRef={initialFocusRef}>
      {children}
    </DialogFrame>
  );
}
