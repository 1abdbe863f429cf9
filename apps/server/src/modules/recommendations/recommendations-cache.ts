import { randomBytes } from 'node:crypto';
import type { Cache } from '../../adapters/cache/cache';
import { CatalogNamespaces } from '../catalog/catalog-invalidation';
import { ratingKey, type RatingFilter } from '../titles/rating-filter';

/**
 * Cache keys of the personal rows (decision 0045). They live in the recommendations namespace,
 * which a catalog write forgets with the catalog's (invalidateCatalog) and the job forgets after
 * each run. A profile's rows are keyed by a stamp of the profile's own: forgetting the stamp
 * forgets the rows under every rating filter at once, and rows loaded from reads made before a
 * play are stored under the old stamp, where no later request looks.
 */
const namespace = CatalogNamespaces.recommendations;

export const recommendationKeys = {
  /** Shared by every profile with this filter. */
  trending: (rating: RatingFilter) => `${namespace}:trending${ratingKey(rating)}`,
  newest: (rating: RatingFilter) => `${namespace}:newest${ratingKey(rating)}`,
  stamp: (profileId: number) => `${namespace}:profile:${profileId}:stamp`,
  rows: (profileId: number, stamp: string, rating: RatingFilter) =>
    `${namespace}:profile:${profileId}:${stamp}:rows${ratingKey(rating)}`,
};

/** A fresh stamp for a profile whose rows are not cached (or were forgotten). */
export const newStamp = (): string => randomBytes(6).toString('base64url');

/**
 * Forgets the profile's cached rows (every rating filter), in every process sharing the cache.
 * Called after each write to what the rows leave out: progress, counted views and likes.
 */
export async function forgetProfileRows(cache: Cache, profileId: number): Promise<void> {
  await cache.delete(recommendationKeys.stamp(profileId));
}

/** Forgets every profile's rows and the shared trending and newest lists (the job's new lists). */
export async function forgetAllRows(cache: Cache): Promise<void> {
  await cache.invalidate(namespace);
}
