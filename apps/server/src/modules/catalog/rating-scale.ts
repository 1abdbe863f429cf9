import type { AppContext } from '../../context';
import { createSiteSettingsRepository } from '../site-settings/site-settings.repository';
import { SETTINGS_CACHE_NAMESPACE } from '../site-settings/site-settings.service';

/** The site setting holding the content-rating scale: its labels, from the lowest to the highest. */
export const RATING_SCALE_SETTING = 'content_rating_scale';
/** The scale until the operator saves one (the demo catalog's labels). */
export const DEFAULT_RATING_SCALE: readonly string[] = ['U', 'U/A 7+', 'U/A 13+', 'U/A 16+', 'A'];

/** Kept as long as the other settings; a save of the settings forgets it with them. */
const CACHE_SECONDS = 30;

const isScale = (value: unknown): value is string[] =>
  Array.isArray(value) &&
  value.length > 0 &&
  value.every((label) => typeof label === 'string' && label.trim() !== '') &&
  new Set(value).size === value.length;

/** The content-rating scale in its order: the saved setting, or the default while none is saved. */
export function readRatingScale(ctx: Pick<AppContext, 'db' | 'cache'>): Promise<string[]> {
  return ctx.cache.getOrLoad(
    `${SETTINGS_CACHE_NAMESPACE}:${RATING_SCALE_SETTING}`,
    CACHE_SECONDS,
    async () => {
      const stored = await createSiteSettingsRepository(ctx.db).readAll([RATING_SCALE_SETTING]);
      const value = stored[RATING_SCALE_SETTING]?.value;
      return isScale(value) ? value : [...DEFAULT_RATING_SCALE];
    },
  );
}

/** Whether `label` is one of the scale's labels (exactly, as titles carry them). */
export const isOnRatingScale = (label: string, scale: readonly string[]): boolean => scale.includes(label);
