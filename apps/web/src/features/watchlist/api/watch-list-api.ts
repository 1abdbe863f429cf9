import { WatchlistEndpoints } from '@reeltime/contract';
import { callEndpoint, emptyOnFailure } from '../../../lib/api-client';
import { GRID_PAGE_SIZE, pagedCardsQuery } from '../../../lib/paged-query';
import { watchListKey } from '../../../lib/query-keys';

/** The member's watch list, page by page (under the shared key the toggle invalidates). */
export function watchListQuery() {
  return pagedCardsQuery([...watchListKey, 'pages'], (page, signal) =>
    emptyOnFailure('the watch list', signal, () =>
      callEndpoint(WatchlistEndpoints.list, { query: { page, per_page: GRID_PAGE_SIZE }, signal }),
    ),
  );
}
