import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useIsSignedIn } from '../lib/session';

/**
 * For a member, gets the watch view ready while they look around (./watch-preload.ts, a chunk of
 * its own loaded after the page). Visitors' Play buttons lead to sign in: nothing is fetched for them.
 */
export function useWatchPreload(): void {
  const signedIn = useIsSignedIn();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!signedIn) return;
    let stop: (() => void) | undefined;
    let active = true;
    import('./watch-preload').then(
      (module) => {
        if (active) stop = module.startWatchPreload(queryClient);
      },
      () => undefined,
    );
    return () => {
      active = false;
      stop?.();
    };
  }, [signedIn, queryClient]);
}
