/** The console's overview, audit log and site settings: paths, schemas, endpoints and messages. */
import { z } from 'zod';
import { AdminPageSchema, type AdminOverviewSchema } from '../admin';
import { DateStringSchema, PageQuerySchema } from '../common';
import type { AdminEndpoint } from './endpoint';

/** What the console says about its overview, audit log and settings, and what sign-up says when closed. */
export const AdminConsoleMessages = {
  settingsSaved: 'Settings saved.',
  settingsSaveFailed: 'The settings could not be saved. Try again.',
  siteNameRequired: 'Enter the site name.',
  siteNameTooLong: 'The site name can be at most 60 characters.',
  signupsOpenInvalid: 'Sign-ups must be open (true) or closed (false).',
  adSlotUrlInvalid: 'Enter an https:// address, or leave it empty for the house ad.',
  adSlotUrlTooLong: 'The ad slot address can be at most 2048 characters.',
  /** `POST /register` while sign-ups are closed (403), and the sign-up page's notice. */
  signupsClosed: 'Sign-ups are closed for now. Please check back later.',
  auditRangeInvalid: 'The start date must be on or before the end date.',
  auditFilterTooLong: 'A filter can be at most 255 characters.',
  overviewFailed: 'The overview could not be loaded.',
  auditFailed: 'The audit log could not be loaded.',
  settingsFailed: 'The settings could not be loaded.',
} as const;

export const SITE_NAME_MAX = 60;
export const AD_SLOT_URL_MAX = 2048;

const SiteNameSchema = z
  .string({ error: AdminConsoleMessages.siteNameRequired })
  .trim()
  .min(1, { error: AdminConsoleMessages.siteNameRequired })
  .max(SITE_NAME_MAX, { error: AdminConsoleMessages.siteNameTooLong });

/** An https address, or empty for "no ad slot" (the web app then shows its house ad). */
const AdSlotUrlSchema = z
  .string({ error: AdminConsoleMessages.adSlotUrlInvalid })
  .trim()
  .max(AD_SLOT_URL_MAX, { error: AdminConsoleMessages.adSlotUrlTooLong })
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
    { error: AdminConsoleMessages.adSlotUrlInvalid },
  );

/** The site settings an admin edits; every field is sent on save. */
export const SiteSettingsBodySchema = z.strictObject({
  site_name: SiteNameSchema,
  signups_open: z.boolean({ error: AdminConsoleMessages.signupsOpenInvalid }),
  ad_slot_url: AdSlotUrlSchema,
});
export type SiteSettingsBody = z.input<typeof SiteSettingsBodySchema>;

/** The stored settings, with the defaults from the server's config where none was saved. */
export const SiteSettingsSchema = z.object({
  site_name: z.string(),
  signups_open: z.boolean(),
  /** Empty when the site has no ad slot. */
  ad_slot_url: z.string(),
  /** ISO 8601 of the last save; null while the config's defaults are in use. */
  updated_at: z.string().nullable(),
});
export type SiteSettings = z.infer<typeof SiteSettingsSchema>;

/** What every visitor's web app needs of the settings (`GET /site-settings`, public). */
export const PublicSiteSettingsSchema = z.object({
  site_name: z.string(),
  signups_open: z.boolean(),
});
export type PublicSiteSettings = z.infer<typeof PublicSiteSettingsSchema>;

const FilterText = z
  .string()
  .trim()
  .max(255, { error: AdminConsoleMessages.auditFilterTooLong })
  .optional()
  .transform((value) => (value === '' ? undefined : value));

/**
 * Filters of the audit log: `actor` is part of an email, `action` an action or its start
 * (`title` finds `title.update`), `entity_type` and `entity_id` exact, `from` and `to` UTC days,
 * both included.
 */
export const AuditQuerySchema = PageQuerySchema.extend({
  actor: FilterText,
  action: FilterText,
  entity_type: FilterText,
  entity_id: FilterText,
  from: DateStringSchema.optional(),
  to: DateStringSchema.optional(),
}).refine((query) => !query.from || !query.to || query.from <= query.to, {
  error: AdminConsoleMessages.auditRangeInvalid,
  path: ['to'],
});
export type AuditQuery = z.input<typeof AuditQuerySchema>;

/** One change made in the console. `before` and `after` are the stored JSON, parsed. */
export const AuditEntrySchema = z.object({
  id: z.number().int(),
  actor_id: z.number().int().nullable(),
  actor_email: z.string(),
  action: z.string(),
  entity_type: z.string(),
  entity_id: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  /** ISO 8601. */
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditPageSchema = AdminPageSchema(AuditEntrySchema);

/** Paths relative to API_BASE. */
export const AdminConsolePaths = {
  overview: '/admin/overview',
  audit: '/admin/audit',
  settings: '/admin/settings',
} as const;

/** Keyed by `"<METHOD> <path>"`; each is an {@link AdminEndpoint}. */
export type AdminConsoleEndpoints = {
  'GET /admin/overview': AdminEndpoint & { response: z.output<typeof AdminOverviewSchema> };
  'GET /admin/audit': AdminEndpoint & {
    query: z.input<typeof AuditQuerySchema>;
    response: z.output<typeof AuditPageSchema>;
  };
  'GET /admin/settings': AdminEndpoint & { response: z.output<typeof SiteSettingsSchema> };
  'PUT /admin/settings': AdminEndpoint & {
    body: z.input<typeof SiteSettingsBodySchema>;
    response: z.output<typeof SiteSettingsSchema>;
  };
};
