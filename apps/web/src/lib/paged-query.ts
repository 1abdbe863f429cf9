import {
  infiniteQueryOptions,
  type InfiniteData,
  type QueryKey,
  type UseInfiniteQueryResult,
} from '@tanstack/react-query';
import type { MovieCard } from '@reeltime/contract';
import { GRID_PAGE_SIZE } from './paged-query-size';

export { GRID_PAGE_SIZE };

type FetchPage = (page: number, signal: AbortSignal) => Promise<MovieCard[]>;

/** Infinite query over a `page`/`per_page` list; a short page is the last one. */
export function pagedCardsQuery(queryKey: QueryKey, fetchPage: FetchPage, enabled = true) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (lastPage: MovieCard[], _all: MovieCard[][], lastPageParam: number) =>
      lastPage.length < GRID_PAGE_SIZE ? undefined : lastPageParam + 1,
    enabled,
  });
}

/** All loaded pages as one list, without repeats (a title can shift between pages). */
export function flattenPages(data: InfiniteData<MovieCard[]> | undefined): MovieCard[] | undefined {
  if (!data) return undefined;
  const seen = new Set<number>();
  const result: MovieCard[] = [];
  for (const page of data.pages) {
    for (const card of page) {
      if (!seen.has(card.id)) {
        seen.add(card.id);
        result.push(card);
      }
    }
  }
  return result;
}

/** What a movie grid needs from an infinite list query: the cards and the load-more state. */
export function pagedGridProps(list: UseInfiniteQueryResult<InfiniteData<MovieCard[]>>) {
  return {
    movies: flattenPages(list.data),
    isLoading: list.isPending,
    hasMore: list.hasNextPage,
    isLoadingMore: list.isFetchingNextPage,
    onLoadMore: () => void list.fetchNextPage(),
  };
}
