import { z } from 'zod';
import { IdSchema, strictNumber } from './common';
import { MovieCardSchema, ProgressSchema } from './catalog';

/** A title watched past this share of its length counts as finished. */
export const FINISHED_SHARE = 0.95;
/** Playback must pass this many seconds before a view is counted. */
export const VIEW_AFTER_SECONDS = 30;

const seconds = strictNumber('Must be a number of seconds').pipe(
  z
    .number()
    .min(0, { error: 'Must not be negative' })
    .max(60 * 60 * 24, { error: 'Must be at most one day' }),
);

export const PlaybackProgressBodySchema = z
  .object({
    entertainment_id: IdSchema,
    episode_id: IdSchema.optional(),
    position_seconds: seconds,
    duration_seconds: seconds.refine((value) => value > 0, { error: 'Must be more than zero' }),
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
