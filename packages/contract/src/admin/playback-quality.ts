/** The console's Playback section: how members' plays went, from the reports their players send. */
import { z } from 'zod';
import { CountSchema } from '../admin';
import { defineEndpoint } from '../endpoint';
import { DEVICE_CLASSES } from '../playback-quality';

/** The periods the section can show, in days, today included. */
export const PLAYBACK_QUALITY_PERIODS = ['7', '30', '90'] as const;
/** Titles in the worst-titles and failures-by-title lists. */
export const PLAYBACK_QUALITY_TITLES = 10;

export const AdminPlaybackQualityQuerySchema = z.object({
  days: z
    .enum(PLAYBACK_QUALITY_PERIODS, { error: `days must be one of ${PLAYBACK_QUALITY_PERIODS.join(', ')}` })
    .default('30')
    .transform(Number),
});
export type AdminPlaybackQualityQuery = z.input<typeof AdminPlaybackQualityQuerySchema>;

/** Start times in ms of the plays that started; null when none did. */
const StartTimesSchema = z.object({
  start_p50_ms: z.number().int().nullable(),
  start_p75_ms: z.number().int().nullable(),
  start_p95_ms: z.number().int().nullable(),
});

/** Plays, failures and stalls of a set of reports. */
const PlayFiguresSchema = z.object({
  plays: CountSchema,
  /** Plays that never started. */
  failures: CountSchema,
  /** Stalled time over stalled plus played time, 0 to 1; null without playing time. */
  rebuffer_ratio: z.number().nullable(),
});

export const PlaybackQualityDaySchema = z
  .object({ day: z.string() })
  .extend(PlayFiguresSchema.shape)
  .extend(StartTimesSchema.shape);

export const PlaybackQualityDeviceSchema = z
  .object({ device_class: z.enum(DEVICE_CLASSES) })
  .extend(PlayFiguresSchema.shape)
  .extend(StartTimesSchema.shape);

export const PlaybackQualityTitleSchema = z
  .object({
    title_id: z.number().int(),
    title_name: z.string(),
    /** Failures over plays, 0 to 1. */
    failure_rate: z.number(),
    /** The most frequent failure codes, most frequent first. */
    top_failures: z.array(z.object({ failure: z.string(), plays: CountSchema })).max(3),
  })
  .extend(PlayFiguresSchema.shape)
  .extend(StartTimesSchema.shape);

export const AdminPlaybackQualitySchema = z.object({
  days: z.number().int(),
  target_start_ms: z.number().int(),
  /** Every day of the period, oldest first, today (UTC) last; a day without plays has 0 plays and nulls. */
  per_day: z.array(PlaybackQualityDaySchema),
  /** The whole period. */
  total: PlayFiguresSchema.extend(StartTimesSchema.shape),
  /** Each device class that played, most plays first. */
  by_device: z.array(PlaybackQualityDeviceSchema),
  /** Titles with start failures, most failures first. */
  failures_by_title: z.array(PlaybackQualityTitleSchema).max(PLAYBACK_QUALITY_TITLES),
  /** Titles whose plays went worst: failure rate, then rebuffer ratio, then slow starts. */
  worst_titles: z.array(PlaybackQualityTitleSchema).max(PLAYBACK_QUALITY_TITLES),
});
export type AdminPlaybackQuality = z.infer<typeof AdminPlaybackQualitySchema>;
export type PlaybackQualityTitle = z.infer<typeof PlaybackQualityTitleSchema>;

export const AdminPlaybackQualityEndpoints = {
  figures: defineEndpoint({
    method: 'GET',
    path: '/admin/playback-quality',
    access: 'admin',
    tags: ['admin'],
    description:
      'How members’ plays went over the last 7, 30 or 90 days (UTC), from their players’ reports: start time percentiles per day against the target, rebuffer ratio, start failures by title and by device class, and the worst titles.',
    query: AdminPlaybackQualityQuerySchema,
    success: { status: 200, data: AdminPlaybackQualitySchema },
  }),
};
