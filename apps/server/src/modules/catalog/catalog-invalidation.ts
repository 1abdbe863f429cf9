import type { Cache } from '../../adapters/cache/cache';

/**
 * Cache namespaces of what visitors and members read of the catalog; the personal rows
 * (recommendations) are cards of the catalog too.
 */
export const CatalogNamespaces = {
  catalog: 'catalog',
  search: 'search',
  recommendations: 'recommendations',
} as const;

/**
 * Every write to the catalog (titles, episodes, videos, banners, genres, people) calls this, so
 * members see the change on their next load instead of after the cache lifetime.
 */
export async function invalidateCatalog(cache: Cache): Promise<void> {
  await Promise.all(Object.values(CatalogNamespaces).map((namespace) => cache.invalidate(namespace)));
}
