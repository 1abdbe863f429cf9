import './card-preview.scss';
import { useCallback, useState, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { LinkType, MovieCard } from '@reeltime/contract';
import { formatDuration } from '../../lib/format';
import { paths } from '../../lib/paths';
import { titleDetailsQuery } from '../../lib/title-details-query';
import { PlayIcon } from '../icons';
import { attachSource } from '../player/media-engine';
import { WatchListButton } from '../watch-list-button';
import { previewBox } from './preview-box';

/** Trailers a <video> can play: HLS playlists and files. YouTube, Vimeo and Dailymotion show the still. */
export function videoTrailer(url: string, type: LinkType): { src: string; hls: boolean } | null {
  if (!url || (type !== 'hls' && type !== 'url')) return null;
  return { src: url, hls: type === 'hls' };
}

function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/** Stops a trailer for good: no sound, no more segments, the decoder freed. */
function stopVideo(video: HTMLVideoElement): void {
  video.pause();
  video.removeAttribute('src');
  video.load();
}

/**
 * The enlarged card over a row: the title's trailer, muted (its still where the trailer is an
 * embed or the member prefers less motion), the title, Watch Now, the watch list and details.
 * Drawn into <body> so that the row's overflow neither clips it nor reflows. A child of the card
 * in React's tree, so the pointer moving from the card onto it is not a mouse leave of the card.
 */
export function EnlargedCard({
  movie,
  anchor,
  ref,
}: {
  movie: MovieCard;
  anchor: DOMRect;
  ref: RefObject<HTMLDivElement | null>;
}) {
  const { data: details, isPending } = useQuery(titleDetailsQuery(movie.id));
  const trailer = details ? videoTrailer(details.trailer_url, details.trailer_url_type) : null;
  const [playing, setPlaying] = useState(() => !prefersReducedMotion());
  // The trailer attaches (hls.js loaded on demand, as the banner's HlsVideo does) once the <video>
  // is in the page, and stops for good when it leaves it: paused, its source unloaded.
  const trackVideo = useCallback(
    (element: HTMLVideoElement | null) => {
      if (!element || !trailer) return;
      element.muted = true;
      const engine = attachSource(element, { ...trailer, autoPlay: true });
      return () => {
        engine.destroy();
        stopVideo(element);
      };
    },
    // A new object per render; the source is what matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [trailer?.src, trailer?.hls],
  );

  const box = previewBox(anchor, {
    width: document.documentElement.clientWidth || window.innerWidth,
    scrollX: window.scrollX,
    scrollY: window.scrollY,
  });
  const image = movie.thumbnail_image || movie.poster_image;

  return createPortal(
    <div
      ref={ref}
      className="card-preview"
      role="group"
      aria-label={`Preview: ${movie.name}`}
      style={{ left: box.left, top: box.top, width: box.width }}
    >
      <div className="card-preview__media">
        {trailer && playing ? (
          <video
            ref={trackVideo}
            poster={image}
            muted
            autoPlay
            loop
            playsInline
            preload="auto"
            aria-hidden="true"
            tabIndex={-1}
            data-testid="card-preview-trailer"
          />
        ) : (
          <img src={image} alt="" width={640} height={360} />
        )}
        {isPending && (
          <span className="card-preview__loading" role="status">
            <span className="visually-hidden">Loading the trailer of {movie.name}</span>
          </span>
        )}
        {trailer && !playing && (
          <button
            type="button"
            className="btn btn-glass btn-sm card-preview__play-trailer"
            onClick={() => setPlaying(true)}
          >
            Play trailer
          </button>
        )}
      </div>
      <div className="card-preview__body">
        <p className="card-preview__title">{movie.name}</p>
        <p className="card-preview__meta">
          {movie.content_rating && <span className="badge-rating">{movie.content_rating}</span>}
          <span>{formatDuration(movie.duration)}</span>
          {movie.language && <span>{movie.language}</span>}
        </p>
        <div className="card-preview__actions">
          <Link
            to={paths.watch(movie.id)}
            className="btn btn-primary btn-sm card-preview__watch"
            aria-label={`Watch Now: ${movie.name}`}
          >
            <PlayIcon size={14} />
            <span>Watch Now</span>
          </Link>
          <WatchListButton titleId={movie.id} titleName={movie.name} saved={movie.is_watch_list} />
          <Link
            to={paths.movie(movie.id)}
            className="btn btn-outline-light btn-sm"
            aria-label={`Details: ${movie.name}`}
          >
            Details
          </Link>
        </div>
      </div>
    </div>,
    document.body,
  );
}
