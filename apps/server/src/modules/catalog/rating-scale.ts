import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import type { RatingFilter } from '../titles/rating-filter';
import { createSiteSettingsService } from '../site-settings/site-settings.service';

/**
 * The content-rating scale, mildest first, as the operator keeps it in the site settings (the
 * default scale while none is saved). Cached with the settings, so a save forgets it with them.
 */
export async function readRatingScale(ctx: Pick<AppContext, 'db' | 'cache' | 'config'>): Promise<string[]> {
  return (await createSiteSettingsService(ctx).current()).content_rating_scale;
}

/** Whether `label` is one of the scale's labels (exactly, as titles carry them). */
export const isOnRatingScale = (label: string, scale: readonly string[]): boolean => scale.includes(label);

/**
 * The ratings a profile with this maturity limit may see. Null (nothing hidden) without a limit
 * or when the limit is the top of the scale; otherwise the labels up to and including the limit,
 * so titles rated above it, unrated or rated off the scale are hidden. A limit that is no longer
 * on the scale (the operator renamed or removed it) sees the mildest rating only, never more.
 */
export function ratingFilter(scale: readonly string[], limit: string | null | undefined): RatingFilter {
  if (limit === null || limit === undefined || scale.length === 0) return null;
  const index = scale.indexOf(limit);
  if (index === scale.length - 1) return null;
  return scale.slice(0, Math.max(index, 0) + 1);
}

/**
 * The rating filter of the profile a request acts as: every read that can reveal a title applies
 * it. A visitor, and a profile without a limit, see every title.
 */
export async function ratingFilterFor(request: FastifyRequest): Promise<RatingFilter> {
  const limit = request.user?.profile.maturityLimit ?? null;
  if (limit === null) return null;
  return ratingFilter(await readRatingScale(request.server.ctx), limit);
}
