import { useEffect, useRef, type KeyboardEvent, type RefObject } from 'react';

const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]), textarea:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface FocusTrapOptions {
  /** Takes focus when the container mounts; else the container's first focusable element does. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** Called on Escape (which goes no further up the page). */
  onEscape: () => void;
}

/**
 * Focus handling of a modal: focus moves into the container when it mounts, Tab and Shift+Tab
 * cycle inside it, Escape calls `onEscape`, and on unmount focus goes back to the element that had
 * it before, unless something outside the container has taken it since.
 */
export function useFocusTrap<Element extends HTMLElement>({ initialFocusRef, onEscape }: FocusTrapOptions) {
  const containerRef = useRef<Element>(null);

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const container = containerRef.current;
    (initialFocusRef?.current ?? container?.querySelector<HTMLElement>(FOCUSABLE))?.focus();
    return () => {
      const focusLeftWithContainer =
        document.activeElement === document.body || Boolean(container?.contains(document.activeElement));
      if (opener?.isConnected && focusLeftWithContainer) opener.focus();
    };
  }, [initialFocusRef]);

  const onKeyDown = (event: KeyboardEvent<Element>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onEscape();
      return;
    }
    if (event.key !== 'Tab' || !containerRef.current) return;
    const focusable = Array.from(containerRef.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    const first = focusable[0];
    const last = focusable.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return { containerRef, onKeyDown };
}
