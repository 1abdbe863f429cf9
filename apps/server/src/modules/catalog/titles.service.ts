import type { AppContext } from '../../context';
import { createCatalogRepository } from '../titles/catalog.repository';
import type { RatingFilter } from '../titles/rating-filter';

/**
 * What other modules ask the catalog about a title before they record a member's state for it.
 * Kept apart from the catalog service, which lays that state over its reads, so the modules
 * owning the state can use this one without an import cycle.
 */
export function createTitlesService(ctx: Pick<AppContext, 'db' | 'dialect'>) {
  const repo = createCatalogRepository(ctx.db, ctx.dialect);
  return {
    /** Published, and within the reader's ratings (null: any rating). */
    isPublished: (titleId: number, rating: RatingFilter) => repo.isPublished(titleId, rating),
    /**
     * Whether a published title plays in full without a plan; undefined for an unknown or
     * unpublished one, or one rated above the reader's filter.
     */
    async isFree(titleId: number, rating: RatingFilter): Promise<boolean | undefined> {
      const title = await repo.findPublishedTitle(titleId, rating);
      return title ? title.is_free === 1 : undefined;
    },
    /** True when the episode belongs to a season of this title. */
    isEpisodeOf: (episodeId: number, titleId: number) => repo.episodeOfTitle(episodeId, titleId),
  };
}
export type TitlesService = ReturnType<typeof createTitlesService>;
