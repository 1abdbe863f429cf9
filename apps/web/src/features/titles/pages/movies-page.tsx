import '../titles.scss';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useLocation, useParams, useSearchParams } from 'react-router';
import { MovieGrid } from '../../../components/movie-grid';
import { pagedGridProps } from '../../../lib/paged-query';
import { genresQuery, movieListQuery, type MovieFilter } from '../api/titles-api';
import { GenreDropdown } from '../components/genre-dropdown';

function castNameFrom(state: unknown): string | null {
  if (state && typeof state === 'object' && 'castName' in state && typeof state.castName === 'string') {
    return state.castName;
  }
  return null;
}

/** All movies, or those of one genre (`?type=genre`) or one cast member (`?type=cast`). */
export function MoviesPage() {
  const params = useParams();
  const [search] = useSearchParams();
  const location = useLocation();
  const id = Number(params.id);
  const hasId = Number.isInteger(id) && id > 0;
  const byCast = hasId && search.get('type') === 'cast';
  const filter: MovieFilter = !hasId ? {} : byCast ? { actor_id: id } : { genre_id: id };
  const list = useInfiniteQuery(movieListQuery(filter));
  const { data: genres } = useQuery({ ...genresQuery(), enabled: !byCast });
  const genreName = !byCast && hasId ? genres?.find((genre) => genre.id === id)?.name : undefined;
  const castName = byCast ? castNameFrom(location.state) : null;
  const subtitle = castName ? `With ${castName}` : genreName;

  return (
    <section className="container-xxl page-section">
      <div className="page-header">
        <h1 className="page-title">
          Movies
          {subtitle && <span className="page-title__sub"> · {subtitle}</span>}
        </h1>
        {!byCast && <GenreDropdown currentId={hasId ? id : null} />}
      </div>
      <MovieGrid label={subtitle ? `Movies: ${subtitle}` : 'Movies'} {...pagedGridProps(list)} />
    </section>
  );
}
