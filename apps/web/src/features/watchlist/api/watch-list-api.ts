import { ApiPaths, type MovieCard } from '@reeltime/contract';
import { apiGet } from '../../../lib/api-client';
import { GRID_PAGE_SIZE, pagedCardsQuery } from '../../../lib/paged-query';
import { watchListKey } from '../../../lib/query-keys';

/** The member's watch list, page by page (under the shared key the toggle invalidates). */
export function watchListQuery() {
  return pagedCardsQuery([...watchListKey, 'pages'], async (page, signal) => {
    try {
      return await apiGet<MovieCard[]>(ApiPaths.watchList, { page, per_page: GRID_PAGE_SIZE }, signal);
    } catch (error) {
      if (signal.aborted) throw error;
      console.warn('Could not load the watch list', error);
      return [];
    }
  });
}
