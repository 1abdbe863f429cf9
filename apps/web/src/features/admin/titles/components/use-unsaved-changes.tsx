import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from '../../../../components/confirm-dialog';

/**
 * Asks before leaving a form with unsaved changes: a dialog for moves inside the app, the
 * browser's own prompt for a reload or a closed tab. `allowNextLeave` lets a save move on.
 */
export function useUnsavedChanges(dirty: boolean) {
  const dirtyRef = useRef(dirty);
  const allowRef = useRef(false);
  useEffect(() => {
    dirtyRef.current = dirty;
    if (dirty) allowRef.current = false;
  }, [dirty]);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirtyRef.current && !allowRef.current && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const dialog =
    blocker.state === 'blocked' ? (
      <ConfirmDialog
        title="Leave without saving?"
        confirmLabel="Leave"
        busyLabel="Leaving..."
        cancelLabel="Stay"
        onConfirm={() => blocker.proceed()}
        onCancel={() => blocker.reset()}
      >
        Your changes to this title have not been saved.
      </ConfirmDialog>
    ) : null;

  return {
    dialog,
    /** Call before navigating away after a save. */
    allowNextLeave: () => {
      allowRef.current = true;
    },
  };
}
