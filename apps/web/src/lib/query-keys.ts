/**
 * Query keys shared across features. A feature owns its own keys; the ones here are touched by
 * shared components (the watch-list toggle invalidates every watch-list query).
 */
export const watchListKey = ['watch-list'] as const;

/** The member's Continue Watching row; saved playback progress marks it stale. */
export const continueWatchingKey = ['playback', 'continue-watching'] as const;
