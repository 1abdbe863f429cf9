import './search-page.scss';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { MovieGrid } from '../../../components/movie-grid';
import { pagedGridProps } from '../../../lib/paged-query';
import { searchResultsQuery } from '../api/search-api';
import { SearchBox } from '../components/search-box';

export function SearchPage() {
  const [params] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const results = useInfiniteQuery(searchResultsQuery(q));

  return (
    <section className="container-xxl page-section">
      <h1 className="page-title search-page__title">{q ? <>Results for “{q}”</> : 'Search'}</h1>
      <div className="search-page__box">
        <SearchBox key={q} initialText={q} />
      </div>
      {q ? (
        <MovieGrid label={`Results for ${q}`} {...pagedGridProps(results)} />
      ) : (
        <p className="text-body-secondary">Search movies and TV shows by title.</p>
      )}
    </section>
  );
}
