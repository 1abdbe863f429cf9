import { z } from 'zod';
import { IdSchema } from './common';
import { defineEndpoint } from './endpoint';

/**
 * Quality of experience: how each play went, as the member's player measured it. A report holds
 * the member (from the token) and the title, and nothing else that could identify anyone.
 */

/** The device classes a report may name, from the player's screen and pointer. */
export const DEVICE_CLASSES = ['phone', 'tablet', 'desktop', 'tv'] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];

/** Reports one batch may carry. */
export const QUALITY_REPORTS_PER_BATCH = 20;
/** Batches a member may send per minute; a player sends one a minute at most, and on leaving. */
export const QUALITY_BATCHES_PER_MINUTE = 12;
/** Members should see moving pictures within this many milliseconds of pressing Play. */
export const START_TIME_TARGET_MS = 2000;
/** A start slower than this is not a start time but a player left waiting: it is refused. */
export const MAX_START_MS = 120_000;
const ONE_DAY_MS = 24 * 60 * 60 * 1000;

export const PlaybackQualityMessages = {
  reportsSaved: 'Thank you: the playback report is saved.',
  startOrFailure: 'A report gives either the start time or the start failure, not both and not neither.',
  stallsWithoutTime: 'Stalls must have a length, and a length must have stalls.',
  unknownTitle: (index: number) => `Report ${index + 1} names a title or episode that does not exist.`,
} as const;

const wholeMs = (max: number) =>
  z
    .number({ error: 'Must be a number of milliseconds' })
    .int({ error: 'Must be a whole number of milliseconds' })
    .min(0, { error: 'Must not be negative' })
    .max(max, { error: `Must be at most ${max} ms` });

/** One play as the player measured it, from the press on Play until the player closed or the page was left. */
export const PlayQualityReportSchema = z
  .strictObject({
    /** Random id the player gives the play, so that a report sent twice counts once. */
    play_id: z
      .string()
      .regex(/^[A-Za-z0-9_-]{16,64}$/, { error: 'Must be 16 to 64 letters, digits, - or _' }),
    entertainment_id: IdSchema,
    episode_id: IdSchema.optional(),
    device_class: z.enum(DEVICE_CLASSES, { error: `Must be one of ${DEVICE_CLASSES.join(', ')}` }),
    /** From the press on Play to the first moving frame; null when it never started. */
    start_ms: wholeMs(MAX_START_MS).nullable(),
    /** Why it never started (the player's error code); null when it started. */
    failure: z
      .string()
      .regex(/^[A-Za-z0-9_.:-]{1,64}$/, {
        error: 'Must be an error code of 1 to 64 letters, digits, _ . : or -',
      })
      .nullable(),
    /** Time spent playing, stalls left out. */
    played_ms: wholeMs(ONE_DAY_MS),
    /** Times playback stopped to wait for data after it had started (seeks left out). */
    stall_count: z
      .number({ error: 'Must be a whole number' })
      .int({ error: 'Must be a whole number' })
      .min(0, { error: 'Must not be negative' })
      .max(10_000, { error: 'Must be at most 10000' }),
    /** Their total length. */
    stall_ms: wholeMs(ONE_DAY_MS),
    /** The bitrate of the renditions played, weighted by how long each played; null when unknown. */
    average_bitrate_kbps: z
      .number({ error: 'Must be a number of kbit/s' })
      .int({ error: 'Must be a whole number of kbit/s' })
      .min(1, { error: 'Must be at least 1' })
      .max(200_000, { error: 'Must be at most 200000' })
      .nullable(),
    /** The heights of the renditions played, in the order first played. */
    renditions: z
      .array(z.number().int().min(1).max(4320), { error: 'Must be a list of heights in pixels' })
      .max(16, { error: 'Must list at most 16 renditions' }),
  })
  .refine((report) => (report.start_ms === null) !== (report.failure === null), {
    error: PlaybackQualityMessages.startOrFailure,
    path: ['failure'],
  })
  .refine((report) => (report.stall_count === 0) === (report.stall_ms === 0), {
    error: PlaybackQualityMessages.stallsWithoutTime,
    path: ['stall_ms'],
  });
export type PlayQualityReport = z.input<typeof PlayQualityReportSchema>;

export const PlayQualityBatchSchema = z.strictObject({
  reports: z
    .array(PlayQualityReportSchema)
    .min(1, { error: 'Must hold at least one report' })
    .max(QUALITY_REPORTS_PER_BATCH, { error: `Must hold at most ${QUALITY_REPORTS_PER_BATCH} reports` }),
});
export type PlayQualityBatch = z.input<typeof PlayQualityBatchSchema>;

export const PlayQualityBatchResultSchema = z.object({
  /** Reports stored now; a report whose play was already reported is not counted again. */
  saved: z.number().int(),
});

export const PlaybackQualityEndpoints = {
  report: defineEndpoint({
    method: 'POST',
    path: '/user/playback-quality',
    access: 'member',
    tags: ['playback'],
    description: `How plays went, in batches of up to ${QUALITY_REPORTS_PER_BATCH}: start time or start failure, stalls, bitrate, renditions and the device class. The player sends them with \`keepalive\` when the page is hidden or left, so they arrive after the page is gone. A batch is stored whole or not at all; a report of a play already reported (same \`play_id\`) is ignored. At most ${QUALITY_BATCHES_PER_MINUTE} batches a minute per account.`,
    body: PlayQualityBatchSchema,
    success: { status: 200, data: PlayQualityBatchResultSchema },
    errors: {
      422: `A report is malformed, or names a title or episode that does not exist or that the profile may not see (${PlaybackQualityMessages.unknownTitle(0)})`,
      429: 'Too many batches from this account in the last minute.',
    },
  }),
};
