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
} as const;

export const SITE_NAME_MAX = 60;
export const AD_SLOT_URL_MAX = 2048;
export const SUPPORT_EMAIL_MAX = 254;

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

/**
 * The site settings an admin edits. The console sends every field; `support_email` came later, so
 * a body without it keeps the saved address.
 */
export const SiteSettingsBodySchema = z.strictObject({
  site_name: SiteNameSchema,
  signups_open: z.boolean({ error: AdminSettingsMessages.signupsOpenInvalid }),
  ad_slot_url: AdSlotUrlSchema,
  support_email: SupportEmailSchema.optional(),
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
});
export type PublicSiteSettings = z.infer<typeof PublicSiteSettingsSchema>;

const tags = ['admin'];

/** The site settings: name, sign-ups, the ad slot and the support address. */
export const AdminSettingsEndpoints = {
  current: defineEndpoint({
    method: 'GET',
    path: '/admin/settings',
    access: 'admin',
    tags,
    description:
      'The site settings: name, whether sign-ups are open, the ad slot address and the support address.',
    success: { status: 200, data: SiteSettingsSchema },
  }),
  save: defineEndpoint({
    method: 'PUT',
    path: '/admin/settings',
    access: 'admin',
    tags,
    description:
      'Saves every site setting (audited as `settings.update`). The site name and ad slot reach the web app ' +
      'and its frame policy on the next page load; closed sign-ups refuse POST /register.',
    body: SiteSettingsBodySchema,
    success: { status: 200, data: SiteSettingsSchema },
  }),
};
