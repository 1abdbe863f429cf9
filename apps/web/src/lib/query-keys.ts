import type { QueryClient } from '@tanstack/react-query';

/**
 * Query keys shared across features. A feature owns its own keys; the ones here are touched by
 * shared components (the watch-list toggle invalidates every watch-list query) or by another feature.
 */
export const watchListKey = ['watch-list'] as const;

/** The member's Continue Watching row; saved playback progress marks it stale. */
export const continueWatchingKey = ['playback', 'continue-watching'] as const;

/** The profile's personal browse rows; a play changes what they leave out and what they are about. */
export const recommendationsKey = ['browse', 'recommendations'] as const;

/** Every title's details: their video links and `needs_plan` follow the member's plan. */
export const titleDetailsRootKey = ['titles', 'details'] as const;

/** One title's details; saved playback progress marks them stale. */
export const titleDetailsKey = (id: number) => [...titleDetailsRootKey, id] as const;

/** Plans, the member's subscription and payment details (a credit depends on the current plan). */
export const plansRootKey = ['plans'] as const;

/** The member's payments and receipts. */
export const billingRootKey = ['billing'] as const;

/** A bought (or changed) plan changes what these answer: mark them stale and refetch those on screen. */
export function invalidatePlanDependentQueries(queryClient: QueryClient): Promise<void> {
  return Promise.all(
    [plansRootKey, billingRootKey, titleDetailsRootKey].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  ).then(() => undefined);
}
