import './movie-grid.scss';
import { useDeferredValue, useEffect, useRef } from 'react';
import type { MovieCard as MovieCardData } from '@reeltime/contract';
import { EmptyResult } from './empty-result';
import { EAGER_GRID_CARDS, GRID_COLUMN_CLASS } from './card-sizes';
import { MovieCard } from './movie-card';
import { ShimmerGrid } from './shimmer';

interface MovieGridProps {
  movies: MovieCardData[] | undefined;
  isLoading: boolean;
  label: string;
  hasMore?: boolean;
  isLoadingMore?: boolean;
  onLoadMore?: () => void;
}

/** A responsive grid of cards (2, 2, 3, 4, 6 columns) with 10 placeholders and infinite loading. */
export function MovieGrid({
  movies,
  isLoading,
  label,
  hasMore = false,
  isLoadingMore = false,
  onLoadMore,
}: MovieGridProps) {
  // Cards that arrive with a query's answer would all render in one task (a query's update is
  // synchronous); deferred, React renders them in a transition it splits into short tasks.
  const shown = useDeferredValue(movies);
  if (isLoading || (movies && !shown)) return <ShimmerGrid label={`Loading ${label}`} />;
  if (!shown || shown.length === 0) return <EmptyResult />;
  return (
    <>
      <ul className="row g-3 g-lg-4 list-unstyled movie-grid" aria-label={label}>
        {shown.map((movie, index) => (
          <li key={movie.id} className={GRID_COLUMN_CLASS}>
            <MovieCard movie={movie} headingLevel={2} eager={index < EAGER_GRID_CARDS} />
          </li>
        ))}
      </ul>
      {hasMore && onLoadMore && <LoadMore busy={isLoadingMore} onLoadMore={onLoadMore} />}
    </>
  );
}

/** Loads the next page when it scrolls near the viewport; also a plain button for keyboards. */
function LoadMore({ busy, onLoadMore }: { busy: boolean; onLoadMore: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const callback = useRef(onLoadMore);
  useEffect(() => {
    callback.current = onLoadMore;
  }, [onLoadMore]);

  useEffect(() => {
    const node = ref.current;
    // Re-observed after every page: a sentinel still in view after loading asks for the next one.
    if (busy || !node || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          callback.current();
        }
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [busy]);

  return (
    <div ref={ref} className="load-more text-center">
      <button type="button" className="btn btn-outline-light" disabled={busy} onClick={onLoadMore}>
        {busy ? 'Loading…' : 'Load more'}
      </button>
    </div>
  );
}
