import type { FileStore } from './file-store';

export interface StoreReachability {
  /** Whether the store's service answered its last check; checks at most once per `cacheMs`. */
  isUp(): Promise<boolean>;
}

/**
 * The readiness check of a store with a remote service (undefined for the local store): a cheap
 * request with a short timeout, its answer kept a few seconds so frequent probes cost the service
 * little, and concurrent probes share one request.
 */
export function watchStoreReachability(
  files: FileStore,
  { cacheMs = 5_000, timeoutMs = 2_000, now = Date.now } = {},
): StoreReachability | undefined {
  const check = files.checkReachable?.bind(files);
  if (!check) return undefined;
  let last: { at: number; up: Promise<boolean> } | undefined;
  return {
    isUp() {
      const at = now();
      if (!last || at - last.at >= cacheMs) {
        last = {
          at,
          up: check(timeoutMs).then(
            () => true,
            () => false,
          ),
        };
      }
      return last.up;
    },
  };
}
