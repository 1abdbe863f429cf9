import { z } from 'zod';
import { IdSchema, strictNumber } from './common';
import { ABOVE_LIMIT_LEFT_OUT, ABOVE_LIMIT_NOT_FOUND, MovieCardSchema, ProgressSchema } from './catalog';
import { defineEndpoint } from './endpoint';
import { EntertainmentBodySchema } from './watchlist';

/** A title watched past this share of its length counts as finished. */
export const FINISHED_SHARE = 0.95;
/** Playback must pass this many seconds before a view is counted. */
export const VIEW_AFTER_SECONDS = 30;

const ONE_DAY_SECONDS = 60 * 60 * 24;
const seconds = (range: { minimum: number; exclusiveMinimum?: boolean }) =>
  strictNumber('Must be a number of seconds', { ...range, maximum: ONE_DAY_SECONDS }).pipe(
    z
      .number()
      .min(0, { error: 'Must not be negative' })
      .max(ONE_DAY_SECONDS, { error: 'Must be at most one day' }),
  );

export const PlaybackProgressBodySchema = z
  .object({
    entertainment_id: IdSchema,
    episode_id: IdSchema.optional(),
    position_seconds: seconds({ minimum: 0 }),
    duration_seconds: seconds({ minimum: 0, exclusiveMinimum: true }).refine((value) => value > 0, {
      error: 'Must be more than zero',
    }),
  })
  .refine((body) => body.position_seconds <= body.duration_seconds + 1, {
    error: 'Position must not be past the end',
    path: ['position_seconds'],
  });
export type PlaybackProgressBody = z.input<typeof PlaybackProgressBodySchema>;

export const PlaybackProgressResultSchema = z.object({
  position_seconds: z.number(),
  finished: z.boolean(),
});
export type PlaybackProgressResult = z.infer<typeof PlaybackProgressResultSchema>;

export const ContinueWatchingItemSchema = MovieCardSchema.extend(ProgressSchema.shape);
export type ContinueWatchingItem = z.infer<typeof ContinueWatchingItemSchema>;

export const LikeResultSchema = z.object({ is_liked: z.boolean(), likes: z.number() });
export type LikeResult = z.infer<typeof LikeResultSchema>;

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

const tags = ['playback'];

/** Playback progress, screen leases, Continue Watching and likes: member scope. */
export const PlaybackEndpoints = {
  saveProgress: defineEndpoint({
    method: 'POST',
    path: '/user/playback-progress',
    access: 'member',
    tags,
    description: `Saves where the member is in a title (or one of its episodes): \`finished\` once past ${FINISHED_SHARE * 100}% of \`duration_seconds\`, and a view counts once a day past ${VIEW_AFTER_SECONDS} s. \`position_seconds\` may not be more than one second past \`duration_seconds\` (a 422 on \`position_seconds\`).`,
    body: PlaybackProgressBodySchema,
    success: { status: 200, data: PlaybackProgressResultSchema },
    errors: {
      404: `No published title has this id, or the episode is not one of its episodes. ${ABOVE_LIMIT_NOT_FOUND}`,
    },
  }),
  continueWatching: defineEndpoint({
    method: 'GET',
    path: '/user/continue-watching',
    access: 'member',
    tags,
    description: `Titles the member started and has not finished, most recent first (at most 20). ${ABOVE_LIMIT_LEFT_OUT}`,
    success: { status: 200, data: z.array(ContinueWatchingItemSchema) },
  }),
  like: defineEndpoint({
    method: 'POST',
    path: '/user/like',
    access: 'member',
    tags,
    description: 'Likes the title, or takes the like back; the answer has the new like count.',
    body: EntertainmentBodySchema,
    success: { status: 200, data: LikeResultSchema },
    errors: { 404: `No published title has this id. ${ABOVE_LIMIT_NOT_FOUND}` },
  }),
  startLease: defineEndpoint({
    method: 'POST',
    path: '/user/playback-lease',
    access: 'member',
    tags,
    description:
      "Starts or renews the lease a player holds while it plays (renew before `expires_in_seconds`); a lease that has expired or is not the member's is replaced by a new one.",
    body: PlaybackLeaseBodySchema,
    success: { status: 200, data: PlaybackLeaseSchema },
    errors: {
      403: 'The member has no plan and the title is not free.',
      404: `No published title has this id, or the episode is not one of its episodes. ${ABOVE_LIMIT_NOT_FOUND}`,
      409: 'The member already plays on as many screens as the plan allows.',
    },
  }),
  endLease: defineEndpoint({
    method: 'POST',
    path: '/user/playback-lease/end',
    access: 'member',
    tags,
    description:
      'Releases a lease when playback stops, freeing its screen at once; a lease already gone is no error.',
    body: EndPlaybackLeaseBodySchema,
    success: { status: 200, data: z.null() },
  }),
};
