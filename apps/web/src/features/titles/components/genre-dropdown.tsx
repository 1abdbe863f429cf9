import { useEffect, useId, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router';
import { ChevronIcon } from '../../../components/icons';
import { genresQuery } from '../api/titles-api';
import { paths } from '../../../lib/paths';

/** A disclosure listing the genres in three columns; each one is a link to its movie list. */
export function GenreDropdown({ currentId }: { currentId: number | null }) {
  const { data: genres = [] } = useQuery(genresQuery());
  const location = useLocation();
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === location.key;
  const panelId = useId();
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const current = genres.find((genre) => genre.id === currentId);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpenAt(null);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpenAt(null);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  return (
    <div className="genre-dropdown" ref={containerRef}>
      <button
        ref={buttonRef}
        type="button"
        className="btn btn-outline-light genre-dropdown__button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpenAt(open ? null : location.key)}
      >
        <span className="visually-hidden">Genre: </span>
        {current?.name ?? 'Genres'}
        <ChevronIcon direction="down" size={16} />
      </button>
      <nav id={panelId} className="genre-dropdown__panel" aria-label="Genres" hidden={!open}>
        <ul className="genre-dropdown__list">
          {genres.map((genre) => (
            <li key={genre.id}>
              <Link
                to={paths.movies({ id: genre.id, type: 'genre' })}
                aria-current={genre.id === currentId ? 'page' : undefined}
                onClick={() => setOpenAt(null)}
              >
                {genre.name}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
