import '../titles.scss';
import { useInfiniteQuery } from '@tanstack/react-query';
import { MovieGrid } from '../../../components/movie-grid';
import { pagedGridProps } from '../../../lib/paged-query';
import { tvShowsQuery } from '../api/titles-api';

export function TvShowsPage() {
  const list = useInfiniteQuery(tvShowsQuery());
  return (
    <section className="container-xxl page-section">
      <div className="page-header">
        <h1 className="page-title">TV Shows</h1>
      </div>
      <MovieGrid label="TV Shows" {...pagedGridProps(list)} />
    </section>
  );
}
