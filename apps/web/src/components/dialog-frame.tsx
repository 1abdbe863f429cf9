import './dialog-frame.scss';
import { useId, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { useFocusTrap } from './use-focus-trap';

interface DialogFrameProps {
  /** `alertdialog` for a confirmation that interrupts, `dialog` otherwise. */
  role: 'dialog' | 'alertdialog';
  title: string;
  /** The id of the element that describes the dialog, when there is one. */
  describedBy?: string;
  /** Escape closes the dialog unless it is busy. */
  onClose: () => void;
  busy?: boolean;
  /** Takes focus when the dialog opens; else its first focusable element does. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  children: ReactNode;
}

/**
 * The frame every modal dialog shares (WAI-ARIA dialog pattern): a backdrop over the page, the
 * titled dialog box, and its focus kept inside while it is open.
 */
export function DialogFrame({
  role,
  title,
  describedBy,
  onClose,
  busy = false,
  initialFocusRef,
  children,
}: DialogFrameProps) {
  const titleId = useId();
  const { containerRef, onKeyDown } = useFocusTrap<HTMLDivElement>({
    initialFocusRef,
    onEscape: () => {
      if (!busy) onClose();
    },
  });

  return createPortal(
    <div className="confirm-dialog__backdrop">
      <div
        ref={containerRef}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        className="confirm-dialog"
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId} className="confirm-dialog__title">
          {title}
        </h2>
        {children}
      </div>
    </div>,
    document.body,
  );
}
