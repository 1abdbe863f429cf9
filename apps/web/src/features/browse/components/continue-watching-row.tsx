import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { ContinueWatchingItem } from '@reeltime/contract';
import { ChevronIcon, PlayIcon } from '../../../components/icons';
import { useIsSignedIn } from '../../../lib/session';
import { continueWatchingQuery } from '../api/browse-api';
import { paths } from '../../../lib/paths';

const TITLE = 'Continue Watching';

/** `45 min left`, `1 hr 5 min left` */
export function timeLeft(position: number, duration: number): string {
  const minutes = Math.max(1, Math.round(Math.max(0, duration - position) / 60));
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${minutes} min left`;
  return rest === 0 ? `${hours} hr left` : `${hours} hr ${rest} min left`;
}

function ContinueCard({ item }: { item: ContinueWatchingItem }) {
  const share = item.duration_seconds > 0 ? Math.min(1, item.position_seconds / item.duration_seconds) : 0;
  const percent = Math.round(share * 100);
  return (
    <article className="continue-card">
      <div className="continue-card__poster">
        <img
          src={item.thumbnail_image || item.poster_image}
          alt=""
          width={640}
          height={360}
          loading="lazy"
          decoding="async"
        />
        <span className="continue-card__play" aria-hidden="true">
          <PlayIcon size={22} />
        </span>
        <div
          className="watch-progress continue-card__progress"
          role="progressbar"
          aria-label={`${item.name} watched`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={`${percent}%`}
        >
          <span style={{ width: `${percent}%` }} />
        </div>
      </div>
      <div className="continue-card__body">
        <h3 className="continue-card__title">
          {/* The link covers the whole card (see .continue-card__link::after). */}
          <Link to={paths.watch(item.id, item.episode_id)} className="continue-card__link">
            {item.name}
          </Link>
        </h3>
        <p className="continue-card__meta">{timeLeft(item.position_seconds, item.duration_seconds)}</p>
      </div>
    </article>
  );
}

/**
 * The member's unfinished titles, first among the browse rows. Nothing at all for visitors, while
 * loading, or when there is nothing to continue.
 */
export function ContinueWatchingRow() {
  const signedIn = useIsSignedIn();
  const { data } = useQuery(continueWatchingQuery(signedIn));
  const items = signedIn ? (data ?? []) : [];
  const headingId = useId();
  const listRef = useRef<HTMLUListElement>(null);
  const [edges, setEdges] = useState({ start: true, end: true });

  const measure = useCallback(() => {
    const list = listRef.current;
    if (!list) return;
    setEdges({
      start: list.scrollLeft <= 1,
      end: list.scrollLeft + list.clientWidth >= list.scrollWidth - 1,
    });
  }, []);

  useEffect(() => {
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [measure, items.length]);

  if (items.length === 0) return null;

  const slide = (direction: 1 | -1) => {
    const list = listRef.current;
    list?.scrollBy?.({ left: direction * list.clientWidth * 0.9, behavior: 'smooth' });
  };
  const scrollable = !(edges.start && edges.end);

  return (
    <section className="movie-row continue-row" aria-labelledby={headingId}>
      <div className="movie-row__header">
        <h2 id={headingId} className="movie-row__title">
          {TITLE}
        </h2>
        {scrollable && (
          <div className="movie-row__controls">
            <button
              type="button"
              className="icon-button"
              aria-label={`Previous ${TITLE}`}
              disabled={edges.start}
              onClick={() => slide(-1)}
            >
              <ChevronIcon direction="left" />
            </button>
            <button
              type="button"
              className="icon-button"
              aria-label={`Next ${TITLE}`}
              disabled={edges.end}
              onClick={() => slide(1)}
            >
              <ChevronIcon />
            </button>
          </div>
        )}
      </div>
      <ul ref={listRef} className="continue-row__list list-unstyled" onScroll={measure}>
        {items.map((item) => (
          <li key={item.id} className="continue-row__item">
            <ContinueCard item={item} />
          </li>
        ))}
      </ul>
    </section>
  );
}
