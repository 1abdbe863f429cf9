import { useInfiniteQuery } from '@tanstack/react-query';
import { MovieGrid } from '../../../components/movie-grid';
import { pagedGridProps } from '../../../lib/paged-query';
import { watchListQuery } from '../api/watch-list-api';

/** Serves /my-watch-list and /mylist: both show the member's real list. */
export function WatchListPage() {
  const list = useInfiniteQuery(watchListQuery());
  return (
    <section className="container-xxl page-section">
      <div className="page-header">
        <h1 className="page-title">My WatchList</h1>
      </div>
      <MovieGrid label="My WatchList" {...pagedGridProps(list)} />
    </section>
  );
}
