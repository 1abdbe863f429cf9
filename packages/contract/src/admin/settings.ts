/** The site settings an admin edits: schemas, messages and endpoints. */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint';

/** What the settings section says, and what sign-up says while it is closed. */
export const AdminSettingsMessages = {
  settingsSaved: 'Settings saved.',
  settingsSaveFailed: 'The settings could not be saved. Try again.',
  siteNameRequired: 'Enter the site name.',
  siteNameTooLong: 'The site name can be at most 60 characters.',
  signupsOpenInvalid: 'Sign-ups must be open (true) or closed (false).',
  adSlotUrlInvalid: 'Enter an https:// address, or leave it empty for the house ad.',
  adSlotUrlTooLong: 'The ad slot address can be at most 2048 characters.',
  supportEmailInvalid: 'Enter an email address such as support@example.com, or leave it empty.',
  supportEmailTooLong: 'The support address can be at most 254 characters.',
  /** `POST /register` while sign-ups are closed (403), and the sign-up page's notice. */
  signupsClosed: 'Sign-ups are closed for now. Please check back later.',
  settingsFailed: 'The settings could not be loaded.',
  ratingScaleInvalid: 'The content-rating scale must be a list of rating labels.',
  ratingScaleEmpty: 'Keep at least one rating on the content-rating scale.',
  ratingScaleTooLong: 'The content-rating scale can hold at most 20 ratings.',
  ratingLabelRequired: 'Enter a label for every rating on the scale.',
  ratingLabelTooLong: 'A rating label can be at most 20 characters.',
  ratingLabelRepeated: (label: string) => `The rating “${label}” is on the scale more than once.`,
} as const;

export const SITE_NAME_MAX = 60;
export const AD_SLOT_URL_MAX = 2048;
export const SUPPORT_EMAIL_MAX = 254;
/** A title's `content_rating` holds at most 20 characters, so a longer label could never match one. */
export const RATING_LABEL_MAX = 20;
export const RATING_SCALE_MAX = 20;

/**
 * The content ratings from the mildest to the strictest, as titles carry them. A profile's
 * maturity limit is one of them; titles rated above it, or with a rating not on the scale, are
 * hidden from that profile. The demo catalog uses these.
 */
export const DEFAULT_CONTENT_RATING_SCALE: readonly string[] = ['U', 'U/A 7+', 'U/A 13+', 'U/A 16+', 'A'];

const SiteNameSchema = z
  .string({ error: AdminSettingsMessages.siteNameRequired })
  .trim()
  .min(1, { error: AdminSettingsMessages.siteNameRequired })
  .max(SITE_NAME_MAX, { error: AdminSettingsMessages.siteNameTooLong });

/** An https address, or empty for "no ad slot" (the web app then shows its house ad). */
const AdSlotUrlSchema = z
  .string({ error: AdminSettingsMessages.adSlotUrlInvalid })
  .trim()
  .max(AD_SLOT_URL_MAX, { error: AdminSettingsMessages.adSlotUrlTooLong })
  .refine(
    (value) => {
      if (value === '') return true;
      try {
        const url = new URL(value);
        return url.protocol === 'https:' && url.hostname !== '' && !url.username && !url.password;
      } catch {
        return false;
      }
    },
    { error: AdminSettingsMessages.adSlotUrlInvalid },
  )
  .meta({
    description: 'An https:// address without credentials, or empty for the house ad.',
    pattern: String.raw`^\s*(https://[^\s/@]+(/\S*)?)?\s*$`,
  });

/** Where members write for help, or empty for none; shown on the site as a mailto link. */
const SupportEmailSchema = z
  .string({ error: AdminSettingsMessages.supportEmailInvalid })
  .trim()
  .max(SUPPORT_EMAIL_MAX, { error: AdminSettingsMessages.supportEmailTooLong })
  .refine((value) => value === '' || z.email().safeParse(value).success, {
    error: AdminSettingsMessages.supportEmailInvalid,
  })
  .meta({ description: 'An email address, or empty for none.' });

const RatingLabelSchema = z
  .string({ error: AdminSettingsMessages.ratingLabelRequired })
  .trim()
  .min(1, { error: AdminSettingsMessages.ratingLabelRequired })
  .max(RATING_LABEL_MAX, { error: AdminSettingsMessages.ratingLabelTooLong });

/** The content-rating scale, mildest first: 1 to 20 distinct labels (letter case aside). */
export const ContentRatingScaleSchema = z
  .array(RatingLabelSchema, { error: AdminSettingsMessages.ratingScaleInvalid })
  .min(1, { error: AdminSettingsMessages.ratingScaleEmpty })
  .max(RATING_SCALE_MAX, { error: AdminSettingsMessages.ratingScaleTooLong })
  .superRefine((labels, ctx) => {
    const seen = new Set<string>();
    for (const label of labels) {
      const folded = label.toLowerCase();
      if (seen.has(folded)) {
        ctx.addIssue({ code: 'custom', message: AdminSettingsMessages.ratingLabelRepeated(label) });
        return;
      }
      seen.add(folded);
    }
  })
  .meta({ description: 'Rating labels from the mildest to the strictest, each at most 20 characters.' });

/**
 * The site settings an admin edits. The console sends every field; `support_email` and
 * `content_rating_scale` came later, so a body without them keeps the saved values.
 */
export const SiteSettingsBodySchema = z.strictObject({
  site_name: SiteNameSchema,
  signups_open: z.boolean({ error: AdminSettingsMessages.signupsOpenInvalid }),
  ad_slot_url: AdSlotUrlSchema,
  support_email: SupportEmailSchema.optional(),
  content_rating_scale: ContentRatingScaleSchema.optional(),
});
export type SiteSettingsBody = z.input<typeof SiteSettingsBodySchema>;

/** The stored settings, with the defaults from the server's config where none was saved. */
export const SiteSettingsSchema = z.object({
  site_name: z.string(),
  signups_open: z.boolean(),
  /** Empty when the site has no ad slot. */
  ad_slot_url: z.string(),
  /** Empty when no support address is set. */
  support_email: z.string(),
  /** Rating labels from the mildest to the strictest. */
  content_rating_scale: z.array(z.string()),
  /** ISO 8601 of the last save; null while the config's defaults are in use. */
  updated_at: z.string().nullable(),
});
export type SiteSettings = z.infer<typeof SiteSettingsSchema>;

/** What every visitor's web app needs of the settings (`GET /site-settings`, public). */
export const PublicSiteSettingsSchema = z.object({
  site_name: z.string(),
  signups_open: z.boolean(),
  /** Where members write for help; empty when the operator set none. */
  support_email: z.string(),
  /** Rating labels from the mildest to the strictest: the choices of a profile's maturity limit. */
  content_rating_scale: z.array(z.string()),
  /** The largest file a form takes, in MB (MAX_UPLOAD_MB), such as a member's picture. */
  max_upload_mb: z.number(),
});
export type PublicSiteSettings = z.infer<typeof PublicSiteSettingsSchema>;

const tags = ['admin'];

/** The site settings: name, sign-ups, the ad slot, the support address and the content-rating scale. */
export const AdminSettingsEndpoints = {
  current: defineEndpoint({
    method: 'GET',
    path: '/admin/settings',
    access: 'admin',
    tags,
    description:
      'The site settings: name, whether sign-ups are open, the ad slot address, the support address and the content-rating scale.',
    success: { status: 200, data: SiteSettingsSchema },
  }),
  save: defineEndpoint({
    method: 'PUT',
    path: '/admin/settings',
    access: 'admin',
    tags,
    description:
      'Saves every site setting (audited as `settings.update`). The site name and ad slot reach the web app ' +
      'and its frame policy on the next page load; closed sign-ups refuse POST /register. The content-rating ' +
      "scale's order decides what a profile with a maturity limit can see, from its next request.",
    body: SiteSettingsBodySchema,
    success: { status: 200, data: SiteSettingsSchema },
  }),
};
