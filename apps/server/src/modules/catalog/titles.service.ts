import type { AppContext } from '../../context';
import { createCatalogRepository } from '../titles/catalog.repository';

/**
 * What other modules ask the catalog about a title before they record a member's state for it.
 * Kept apart from the catalog service, which lays that state over its reads, so the modules
 * owning the state can use this one without an import cycle.
 */
export function createTitlesService(ctx: Pick<AppContext, 'db' | 'dialect'>) {
  const repo = createCatalogRepository(ctx.db, ctx.dialect);
  return {
    isPublished: (titleId: number) => repo.isPublished(titleId),
    /** Whether a published title plays in full without a plan; undefined for an unknown or unpublished one. */
    async isFree(titleId: number): Promise<boolean | undefined> {
      const title = await repo.findPublishedTitle(titleId);
      return title ? title.is_free === 1 : undefined;
    },
    /** True when the episode belongs to a season of this title. */
    isEpisodeOf: (episodeId: number, titleId: number) => repo.episodeOfTitle(episodeId, titleId),
  };
}
export type TitlesService = ReturnType<typeof createTitlesService>;
