import './movie-card.scss';
import { Suspense, useRef, useState, type PointerEvent } from 'react';
import { Link } from 'react-router';
import type { MovieCard as MovieCardData } from '@reeltime/contract';
import { formatDuration } from '../lib/format';
import { PlayIcon } from './icons';
import { WatchListButton } from './watch-list-button';
import { paths } from '../lib/paths';
import { LazyCardPreview } from './card-preview/lazy-card-preview';
import { GRID_CARD_SIZES, srcSetOf } from './card-sizes';

interface MovieCardProps {
  movie: MovieCardData;
  /** Heading level of the title inside the card, to keep the page outline in order. */
  headingLevel?: 2 | 3;
  /** Load the poster eagerly (first cards above the fold). */
  eager?: boolean;
  /** Rank badge for top lists. */
  rank?: number;
  /** How wide the card's layout draws it (`<img sizes>`, card-sizes.ts); a grid's by default. */
  imageSizes?: string;
}

export function MovieCard({
  movie,
  headingLevel = 3,
  eager = false,
  rank,
  imageSizes = GRID_CARD_SIZES,
}: MovieCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const image = movie.thumbnail_image || movie.poster_image;
  // Only the copies the API says exist: without them the card shows the image itself.
  const sources = movie.thumbnail_image ? (movie.thumbnail_sources ?? []) : [];
  // When the pointer or focus arrived on the card (0: it is not there), on screens that can hover.
  const [restingSince, setRestingSince] = useState(0);
  // A press on one of the card's links (its title, Watch Now) until the pointer leaves the card.
  const linkPressed = useRef(false);
  const rest = () => {
    // Previews are for a mouse or trackpad: touch screens keep the cards as they are.
    if (linkPressed.current) return;
    if (matchMedia('(hover:hover) and (pointer:fine)').matches) setRestingSince(Date.now);
  };
  const close = () => setRestingSince(0);
  const leave = () => {
    linkPressed.current = false;
    close();
  };
  // Pressing a link leaves the page: the preview closes before it opens (its enlarged card and
  // stylesheet are not fetched), and the focus the press gives the link does not start it again.
  // The open preview's own links are drawn in <body>, outside the card's element.
  const press = (event: PointerEvent<HTMLElement>) => {
    const target = event.target as Element;
    if (!event.currentTarget.contains(target) || !target.closest('a[href]')) return;
    linkPressed.current = true;
    close();
  };
  return (
    <article
      className="movie-card"
      onMouseEnter={rest}
      onFocus={rest}
      onMouseLeave={leave}
      onPointerDown={press}
    >
      <div className="movie-card__poster">
        <img
          src={image}
          srcSet={sources.length > 0 ? srcSetOf(sources) : undefined}
          sizes={sources.length > 0 ? imageSizes : undefined}
          alt={movie.name}
          width={640}
          height={360}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
        />
        {rank !== undefined && (
          <span className="movie-card__rank" aria-label={`Number ${rank}`}>
            {rank}
          </span>
        )}
      </div>
      <div className="movie-card__body">
        <Heading className="movie-card__title">
          {/* The link covers the whole card (see .movie-card__link::after); the actions sit above it. */}
          <Link to={paths.movie(movie.id)} className="movie-card__link">
            {movie.name}
          </Link>
        </Heading>
        <p className="movie-card__meta">
          {movie.content_rating && <span className="badge-rating">{movie.content_rating}</span>}
          <span>{formatDuration(movie.duration)}</span>
          {movie.language && <span className="movie-card__language">{movie.language}</span>}
        </p>
        <div className="movie-card__actions">
          <Link
            to={paths.watch(movie.id)}
            className="btn btn-primary btn-sm movie-card__watch"
            aria-label={`Watch Now: ${movie.name}`}
          >
            <PlayIcon size={14} />
            <span>Watch Now</span>
          </Link>
          <WatchListButton titleId={movie.id} titleName={movie.name} saved={movie.is_watch_list} />
        </div>
      </div>
      {restingSince > 0 && (
        <Suspense>
          <LazyCardPreview movie={movie} since={restingSince} onClose={close} />
        </Suspense>
      )}
    </article>
  );
}
