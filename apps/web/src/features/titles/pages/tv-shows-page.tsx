import { useInfiniteQuery } from '@tanstack/react-query';
import { MovieGrid } from '../../../components/movie-grid';
import { flattenPages } from '../../../lib/paged-query';
import { tvShowsQuery } from '../api/titles-api';

export function TvShowsPage() {
  const list = useInfiniteQuery(tvShowsQuery());
  return (
    <section className="container-xxl page-section">
      <div className="page-header">
        <h1 className="page-title">TV Shows</h1>
      </div>
      <MovieGrid
        label="TV Shows"
        movies={flattenPages(list.data)}
        isLoading={list.isPending}
        hasMore={list.hasNextPage}
        isLoadingMore={list.isFetchingNextPage}
        onLoadMore={() => void list.fetchNextPage()}
      />
    </section>
  );
}
