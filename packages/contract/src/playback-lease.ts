import { z } from 'zod';
import { IdSchema } from './common';

/**
 * Simultaneous screens: a player holds a lease while it plays and renews it before it expires.
 * A member may hold as many live leases as their plan has screens.
 */

/** The opaque token of a lease, as the server hands it out. */
export const LeaseIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{16,64}$/, { error: 'Must be a lease id given by the server' });

export const PlaybackLeaseBodySchema = z.object({
  /** The lease to renew; without it (or when it has expired) a new one is started. */
  lease_id: LeaseIdSchema.optional(),
  entertainment_id: IdSchema,
  episode_id: IdSchema.optional(),
});
export type PlaybackLeaseBody = z.input<typeof PlaybackLeaseBodySchema>;

export const PlaybackLeaseSchema = z.object({
  lease_id: z.string(),
  /** The lease ends this many seconds from now unless renewed. */
  expires_in_seconds: z.number(),
  /** When the player should renew it. */
  renew_in_seconds: z.number(),
});
export type PlaybackLease = z.infer<typeof PlaybackLeaseSchema>;

export const EndPlaybackLeaseBodySchema = z.object({ lease_id: LeaseIdSchema });
export type EndPlaybackLeaseBody = z.input<typeof EndPlaybackLeaseBodySchema>;
