import { AdminSettingsMessages, DEFAULT_CONTENT_RATING_SCALE, type SiteSettings } from '@reeltime/contract';
import type { AppContext } from '../../context';
import type { Db } from '../../db/connection';
import { Forbidden } from '../../lib/errors';
import { auditActor, recordAudit } from '../audit/audit';
import { createSiteSettingsRepository, type StoredSettings } from './site-settings.repository';

const KEYS = ['site_name', 'signups_open', 'ad_slot_url', 'support_email', 'content_rating_scale'] as const;

/** Cache namespace of the settings; every save forgets it. */
export const SETTINGS_CACHE_NAMESPACE = 'site-settings';
const CACHE_KEY = `${SETTINGS_CACHE_NAMESPACE}:current`;
/**
 * A save forgets the cached copy at once in this process (and in every process with a shared
 * cache); with per-process memory caches another process sees it within this many seconds.
 */
const CACHE_SECONDS = 30;

/** What a save writes; a setting left out keeps its saved value. */
type Saved = { [Key in (typeof KEYS)[number]]?: SiteSettings[Key] | undefined };

function pick<T>(
  stored: StoredSettings,
  key: string,
  isValid: (value: unknown) => value is T,
  fallback: T,
): T {
  const value = stored[key]?.value;
  return isValid(value) ? value : fallback;
}
const isString = (value: unknown): value is string => typeof value === 'string';
const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';
const isLabelList = (value: unknown): value is string[] =>
  Array.isArray(value) &&
  value.length > 0 &&
  value.every((label) => typeof label === 'string' && label !== '');

/**
 * The operator's site settings: stored in the `settings` table, with the server's config
 * (APP_NAME, AD_SLOT_URL) as the default of a setting never saved. Reads are cached.
 */
export function createSiteSettingsService(ctx: Pick<AppContext, 'db' | 'cache' | 'config'>) {
  const loadFrom = async (db: Db): Promise<SiteSettings> => {
    const stored = await createSiteSettingsRepository(db).readAll(KEYS);
    const times = Object.values(stored).map((entry) => entry.updatedAt);
    return {
      site_name: pick(stored, 'site_name', isString, ctx.config.appName),
      signups_open: pick(stored, 'signups_open', isBoolean, true),
      ad_slot_url: pick(stored, 'ad_slot_url', isString, ctx.config.adSlotUrl ?? ''),
      support_email: pick(stored, 'support_email', isString, ''),
      content_rating_scale: pick(stored, 'content_rating_scale', isLabelList, [
        ...DEFAULT_CONTENT_RATING_SCALE,
      ]),
      updated_at: times.length > 0 ? new Date(Math.max(...times)).toISOString() : null,
    };
  };

  const current = (): Promise<SiteSettings> =>
    ctx.cache.getOrLoad(CACHE_KEY, CACHE_SECONDS, () => loadFrom(ctx.db));

  return {
    current,

    /** Refuses a sign-up while the operator has closed them. */
    async assertSignupsOpen(): Promise<void> {
      if (!(await current()).signups_open) throw new Forbidden(AdminSettingsMessages.signupsClosed);
    },

    /** Saves every setting and its audit entry in one transaction. */
    async update(adminId: number, body: Saved, now = Date.now()): Promise<SiteSettings> {
      await ctx.db.transaction().execute(async (trx) => {
        const { updated_at: _savedAt, ...before } = await loadFrom(trx);
        await createSiteSettingsRepository(trx).writeAll(body, now);
        await recordAudit(
          trx,
          {
            actor: await auditActor(trx, adminId),
            action: 'settings.update',
            entityType: 'settings',
            entityId: null,
            before,
            after: body,
          },
          now,
        );
      });
      await ctx.cache.invalidate(SETTINGS_CACHE_NAMESPACE);
      return loadFrom(ctx.db);
    },
  };
}
export type SiteSettingsService = ReturnType<typeof createSiteSettingsService>;

/**
 * The site as mails, receipts and the checkout page name it: the operator's site name, the
 * configured address and currency. Inside a transaction pass it as `db` (SQLite has one
 * connection, so a read outside it would wait for the transaction forever).
 */
export async function siteIdentity(
  ctx: Pick<AppContext, 'db' | 'cache' | 'config'>,
  db: Db = ctx.db,
): Promise<Pick<AppContext['config'], 'appName' | 'publicUrl' | 'currency'>> {
  const settings = await createSiteSettingsService({ ...ctx, db }).current();
  return { appName: settings.site_name, publicUrl: ctx.config.publicUrl, currency: ctx.config.currency };
}
