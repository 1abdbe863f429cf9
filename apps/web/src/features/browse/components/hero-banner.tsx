import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { Banner } from '@reeltime/contract';
import { PlayIcon, StarIcon, VolumeGlyph } from '../../../components/icons';
import { HlsVideo } from '../../../components/player/hls-video';
import { formatDuration, formatRating, yearOf } from '../../../lib/format';
import { bannersQuery } from '../api/browse-api';
import { AdSlot } from './ad-slot';
import { pickBanner } from '../../../first-load/handoff';
import { takeBannerSeed } from '../../../lib/first-load';
import { paths } from '../../../lib/paths';

/** Resolves once the page has loaded (its load event has fired), at once if it already has. */
function afterPageLoad(run: () => void): () => void {
  if (document.readyState === 'complete') {
    run();
    return () => {};
  }
  window.addEventListener('load', run, { once: true });
  return () => window.removeEventListener('load', run);
}

function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/** One banner picked at random; nothing at all when banners fail to load or there are none. */
export function HeroBanner() {
  const { data, isPending, isError } = useQuery(bannersQuery());
  const [seed] = useState(takeBannerSeed);

  useEffect(() => {
    if (isError) console.warn('Could not load banners');
  }, [isError]);

  if (isPending) return <div className="hero hero--loading shimmer" aria-hidden="true" />;
  if (isError || !data || data.length === 0) return null;
  const banner = pickBanner(data, seed);
  return banner ? <HeroContent banner={banner} /> : null;
}

function HeroContent({ banner }: { banner: Banner }) {
  const headingId = useId();
  const { data: title } = banner;
  const playsInline =
    title.trailer_url !== '' && (title.trailer_url_type === 'url' || title.trailer_url_type === 'hls');
  const [paused, setPaused] = useState(prefersReducedMotion);
  const [muted, setMuted] = useState(true);
  const videoRef = useRef<HTMLVideoElement>(null);
  // The poster is the page's largest paint: it is drawn as an image first, and the trailer (a
  // download many times its size) joins over it, on the same frame, once the poster has loaded and
  // the page's load event has passed, so it never competes with the first view for the network.
  const [posterReady, setPosterReady] = useState(false);
  const [videoMounted, setVideoMounted] = useState(false);
  const posterRef = useCallback((image: HTMLImageElement | null) => {
    // An image from the cache may have loaded before React attached its listener.
    if (image?.complete) setPosterReady(true);
  }, []);

  useEffect(() => {
    if (!playsInline || !posterReady) return;
    return afterPageLoad(() => setVideoMounted(true));
  }, [playsInline, posterReady]);

  // React sets `muted` only on the first render; the element's property follows the button.
  useEffect(() => {
    if (videoRef.current) videoRef.current.muted = muted;
  }, [muted, videoMounted]);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    if (paused) video.pause();
    else void video.play()?.catch(() => setPaused(true));
  }, [paused, videoMounted]);

  const year = yearOf(title.release_date);
  return (
    <section className="hero" aria-labelledby={headingId}>
      <div className="hero__media">
        <img
          ref={posterRef}
          src={banner.poster_url}
          alt=""
          width={1920}
          height={1080}
          fetchPriority="high"
          onLoad={() => setPosterReady(true)}
          onError={() => setPosterReady(true)}
        />
        {videoMounted && (
          <HlsVideo
            ref={videoRef}
            src={title.trailer_url}
            hls={title.trailer_url_type === 'hls'}
            poster={banner.poster_url}
            muted
            loop
            playsInline
            autoPlay={!paused}
            preload="auto"
            aria-hidden="true"
            tabIndex={-1}
          />
        )}
      </div>
      <div className="hero__scrim" aria-hidden="true" />
      <div className="container-xxl hero__content">
        {title.genres.length > 0 && (
          <p className="hero__genres">
            {title.genres.map((genre) => (
              <span key={genre.id}>{genre.name}</span>
            ))}
          </p>
        )}
        <h2 id={headingId} className="hero__title">
          <Link to={paths.movie(title.id)} className="hero__title-link">
            {title.name}
          </Link>
        </h2>
        <p className="hero__meta">
          {year && <span>{year}</span>}
          {title.language && <span>{title.language}</span>}
          <span>{formatDuration(title.duration)}</span>
          <span className="hero__rating">
            <StarIcon />
            <span>
              <span className="visually-hidden">IMDB rating </span>
              {formatRating(title.imdb_rating)}
            </span>
          </span>
        </p>
        <p className="hero__description">{title.description}</p>
        <div className="hero__actions">
          <Link to={paths.watch(title.id)} className="btn btn-primary btn-lg">
            <PlayIcon />
            <span>Play Now</span>
          </Link>
          {playsInline && (
            <button
              type="button"
              className="btn btn-glass btn-lg"
              onClick={() => setPaused((value) => !value)}
            >
              {paused ? 'Play trailer' : 'Pause trailer'}
            </button>
          )}
          {playsInline && (
            <button
              type="button"
              className="btn btn-glass btn-lg hero__sound"
              aria-label="Unmute trailer"
              aria-pressed={!muted}
              onClick={() => setMuted((value) => !value)}
            >
              <VolumeGlyph level={muted ? 'off' : 'high'} />
            </button>
          )}
        </div>
      </div>
      <AdSlot />
    </section>
  );
}
