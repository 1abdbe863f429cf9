/** Subscriptions that give access until they end: active, or cancelled with time left. */
export const CURRENT_STATUSES = ['active', 'cancelled'] as const;
