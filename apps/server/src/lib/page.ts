import type { PageQuery } from '@reeltime/contract';

/** One page of a list, as SQL sees it. */
export interface Page {
  limit: number;
  offset: number;
}

export function toPage(query: PageQuery): Page {
  return { limit: query.per_page, offset: (query.page - 1) * query.per_page };
}
