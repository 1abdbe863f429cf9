/**
 * Query keys shared across features. A feature owns its own keys; the ones here are touched by
 * shared components (the watch-list toggle invalidates every watch-list query).
 */
export const watchListKey = ['watch-list'] as const;
