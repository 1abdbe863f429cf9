import { z } from 'zod';
import { IdSchema } from '../common';
import { defineEndpoint } from '../endpoint';

/**
 * Intro suggestions: a background job listens to the start of a season's episodes and finds the
 * audio they share (docs/decisions/0043-skip-markers.md, "Suggested intros"). Nothing is saved as
 * a marker; the console's markers editor is pre-filled for an operator to review.
 */
export const IntroSuggestionMessages = {
  seasonNotFound: 'That season does not exist.',
  tooFewEpisodes:
    'Intro suggestions compare episodes: at least two episodes of this season need a ready video of their own stream.',
  started: 'Listening to the episodes…',
  nothingShared: 'No audio of 3 seconds or more is shared by two episodes of this season.',
} as const;

/** One episode's suggestion: null when it shares nothing with another episode. */
export const EpisodeIntroSuggestionSchema = z.object({
  episode_id: z.number().int(),
  /** The episode's video the times are in. */
  video_id: z.number().int(),
  suggestion: z
    .object({
      type: z.literal('intro'),
      /** Seconds, rounded to 0.1 s. */
      start: z.number(),
      end: z.number(),
      /** 0–1. */
      confidence: z.number(),
    })
    .nullable(),
});
export type EpisodeIntroSuggestion = z.infer<typeof EpisodeIntroSuggestionSchema>;

/** The latest run for a season, or `none` when there has been none. */
export const IntroSuggestionsSchema = z.object({
  season_id: z.number().int(),
  state: z.enum(['none', 'pending', 'running', 'done', 'failed']),
  job_id: z.number().int().nullable(),
  /** Episodes with a ready video being compared. */
  episode_count: z.number().int(),
  /** 0–100 while running. */
  progress: z.number(),
  /** By episode, once done. */
  episodes: z.array(EpisodeIntroSuggestionSchema),
  /** Why the run failed. */
  error: z.string().nullable(),
  updated_at: z.number().int().nullable(),
});
export type IntroSuggestions = z.infer<typeof IntroSuggestionsSchema>;

export const SeasonParamsSchema = z.object({ id: IdSchema });

const tags = ['admin'];

export const AdminIntroSuggestionEndpoints = {
  start: defineEndpoint({
    method: 'POST',
    path: '/admin/seasons/:id/intro-suggestions',
    access: 'admin',
    tags,
    description:
      "Starts a job that listens to the first minutes of the season's episode videos and suggests an intro for each from the audio they share. A run already queued or running is answered instead of a new one. Poll the GET for its result.",
    params: SeasonParamsSchema,
    success: { status: 202, data: IntroSuggestionsSchema },
    errors: { 404: IntroSuggestionMessages.seasonNotFound, 409: IntroSuggestionMessages.tooFewEpisodes },
  }),
  latest: defineEndpoint({
    method: 'GET',
    path: '/admin/seasons/:id/intro-suggestions',
    access: 'admin',
    tags,
    description:
      "The season's latest intro suggestion run: pending, running (with progress), done (a suggestion or null per episode) or failed (with why); `none` before the first.",
    params: SeasonParamsSchema,
    success: { status: 200, data: IntroSuggestionsSchema },
    errors: { 404: IntroSuggestionMessages.seasonNotFound },
  }),
};
