import { useQuery } from '@tanstack/react-query';
import { MovieCarousel } from '../../../components/movie-carousel';
import { rowQuery, type RowDefinition } from '../api/browse-api';

export function BrowseRow({ row }: { row: RowDefinition }) {
  const { data, isPending } = useQuery(rowQuery(row.row));
  const movies = row.top && data ? data.slice(0, row.top) : data;
  return (
    <MovieCarousel title={row.title} movies={movies} isLoading={isPending} ranked={row.top !== undefined} />
  );
}
