import { z } from 'zod';
import { defineEndpoint } from './endpoint';

/**
 * What a profile wants from the player: its audio and subtitle languages, tried first on every
 * video that has them, and how subtitles look. Each profile of a household has its own.
 */

export const SUBTITLE_SIZES = ['small', 'medium', 'large'] as const;
export const SUBTITLE_COLORS = ['white', 'yellow', 'cyan', 'green'] as const;
export const SUBTITLE_BACKGROUNDS = ['none', 'translucent', 'opaque'] as const;
export type SubtitleSize = (typeof SUBTITLE_SIZES)[number];
export type SubtitleColor = (typeof SUBTITLE_COLORS)[number];
export type SubtitleBackground = (typeof SUBTITLE_BACKGROUNDS)[number];

export const PlaybackPreferencesMessages = {
  language: 'A language must be a BCP 47 tag such as en, pt-BR or zh-Hant, or null for none.',
  size: `Subtitle size must be one of ${SUBTITLE_SIZES.join(', ')}`,
  color: `Subtitle colour must be one of ${SUBTITLE_COLORS.join(', ')}`,
  background: `Subtitle background must be one of ${SUBTITLE_BACKGROUNDS.join(', ')}`,
  nothingToChange: 'Send at least one preference to change.',
  saved: 'Playback preferences saved.',
} as const;

const M = PlaybackPreferencesMessages;

/** A BCP 47 tag in its short form (`en`, `pt-BR`, `zh-Hant`), kept as sent. */
const LanguageTagSchema = z
  .string({ error: M.language })
  .trim()
  .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})?$/, { error: M.language });

export const SubtitleStyleSchema = z.object({
  size: z.enum(SUBTITLE_SIZES, { error: M.size }),
  color: z.enum(SUBTITLE_COLORS, { error: M.color }),
  background: z.enum(SUBTITLE_BACKGROUNDS, { error: M.background }),
});
export type SubtitleStyle = z.infer<typeof SubtitleStyleSchema>;

export const DEFAULT_SUBTITLE_STYLE: SubtitleStyle = {
  size: 'medium',
  color: 'white',
  background: 'translucent',
};

export const PlaybackPreferencesSchema = z.object({
  /** The audio language to play when a video has it; null plays each video's default track. */
  audio_language: z.string().nullable(),
  /** The subtitles to show when a video has them; null shows none. */
  subtitle_language: z.string().nullable(),
  subtitle_style: SubtitleStyleSchema,
});
export type PlaybackPreferences = z.infer<typeof PlaybackPreferencesSchema>;

/** A change: any of the fields, the style's parts each on their own. */
export const PlaybackPreferencesChangeSchema = z
  .strictObject({
    audio_language: LanguageTagSchema.nullable().optional(),
    subtitle_language: LanguageTagSchema.nullable().optional(),
    subtitle_style: z
      .strictObject({
        size: SubtitleStyleSchema.shape.size.optional(),
        color: SubtitleStyleSchema.shape.color.optional(),
        background: SubtitleStyleSchema.shape.background.optional(),
      })
      .optional(),
  })
  .refine(
    (change) =>
      change.audio_language !== undefined ||
      change.subtitle_language !== undefined ||
      Object.values(change.subtitle_style ?? {}).some((value) => value !== undefined),
    { error: M.nothingToChange },
  );
export type PlaybackPreferencesChange = z.infer<typeof PlaybackPreferencesChangeSchema>;

export const PlaybackPreferencesEndpoints = {
  get: defineEndpoint({
    method: 'GET',
    path: '/user/playback-preferences',
    access: 'member',
    tags: ['playback'],
    description:
      "The player preferences of the profile the token acts as: its audio and subtitle languages (null when none is chosen) and its subtitle style. A profile that never chose any gets each video's default audio, no subtitles, and medium white subtitles on a translucent background.",
    success: { status: 200, data: PlaybackPreferencesSchema },
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/user/playback-preferences',
    access: 'member',
    tags: ['playback'],
    description:
      'Changes the fields sent, for the profile the token acts as, and answers all of them. Languages are BCP 47 tags (`en`, `pt-BR`); null clears one. Kids profiles may change their own.',
    body: PlaybackPreferencesChangeSchema,
    success: { status: 200, data: PlaybackPreferencesSchema },
    errors: { 422: `${M.language} (and the other fields' messages)` },
  }),
};
