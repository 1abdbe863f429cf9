import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import type { RatingFilter } from '../titles/rating-filter';
import { createSiteSettingsService } from '../site-settings/site-settings.service';

/** The content-rating scale, mildest first, as the operator keeps it (cached with the site settings). */
export async function readRatingScale(ctx: Pick<AppContext, 'db' | 'cache' | 'config'>): Promise<string[]> {
  return (await createSiteSettingsService(ctx).current()).content_rating_scale;
}

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
 * The rating filter of the request's profile: every read that can reveal a title applies it.
 * A visitor, and a token without a profile or with an unlimited one, see every title.
 */
export async function ratingFilterFor(request: FastifyRequest): Promise<RatingFilter> {
  const limit = request.user?.profile?.maturityLimit;
  if (limit === null || limit === undefined) return null;
  return ratingFilter(await readRatingScale(request.server.ctx), limit);
}
