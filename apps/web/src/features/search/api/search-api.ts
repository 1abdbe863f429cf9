import { queryOptions } from '@tanstack/react-query';
import { SearchEndpoints } from '@reeltime/contract';
import { callEndpoint } from '../../../lib/api-client';
import { GRID_PAGE_SIZE, pagedCardsQuery } from '../../../lib/paged-query';

/** Suggestions wait this long after the last keystroke. */
export const SUGGESTION_DEBOUNCE_MS = 300;

export function suggestionsQuery(text: string, enabled: boolean) {
  return queryOptions({
    queryKey: ['search', 'suggestions', text],
    queryFn: ({ signal }) => callEndpoint(SearchEndpoints.suggestions, { query: { query: text }, signal }),
    enabled,
    staleTime: 5 * 60_000,
  });
}

export function searchResultsQuery(text: string) {
  return pagedCardsQuery(
    ['search', 'results', text],
    async (page, signal) => {
      const result = await callEndpoint(SearchEndpoints.search, {
        query: { search: text, page, per_page: GRID_PAGE_SIZE },
        signal,
      });
      return result.movieList;
    },
    text.length > 0,
  );
}
