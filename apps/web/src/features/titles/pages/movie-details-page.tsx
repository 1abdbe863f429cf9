import { useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { Messages, type Episode, type MovieDetail } from '@reeltime/contract';
import { PlayIcon, StarIcon } from '../../../components/icons';
import { MovieCard } from '../../../components/movie-card';
import { ShimmerGrid } from '../../../components/shimmer';
import { VideoPlayer, type PlayerSource } from '../../../components/player/video-player';
import { WatchListButton } from '../../../components/watch-list-button';
import { formatDuration, formatRating } from '../../../lib/format';
import { useIsSignedIn } from '../../../lib/session';
import { movieDetailsQuery } from '../api/titles-api';
import { CastGrid } from '../components/cast-grid';
import { EpisodeList } from '../components/episode-list';

export function MovieDetailsPage() {
  const params = useParams();
  const id = Number(params.id);
  const query = useQuery(movieDetailsQuery(id));

  if (query.isPending && query.fetchStatus !== 'idle') {
    return (
      <div className="container-xxl page-section" role="status" aria-busy="true">
        <span className="visually-hidden">Loading title</span>
        <div className="player player--loading shimmer" aria-hidden="true" />
        <div className="mt-4">
          <ShimmerGrid count={10} />
        </div>
      </div>
    );
  }
  if (!query.data) {
    return (
      <section className="container-xxl page-section error-page">
        <h1 className="page-title">{Messages.noMovieDetails}</h1>
        <Link to="/browse" className="btn btn-primary">
          Go to Browse
        </Link>
      </section>
    );
  }
  return <MovieDetails key={query.data.id} movie={query.data} />;
}

/** The trailer for visitors; for members the first video link (or the trailer when there is none). */
function mainSource(movie: MovieDetail, signedIn: boolean): PlayerSource {
  const trailer: PlayerSource = { type: movie.trailer_url_type, url: movie.trailer_url };
  if (!signedIn) return trailer;
  const first = movie.video_links[0];
  return first ? { type: first.type, url: first.url } : trailer;
}

function MovieDetails({ movie }: { movie: MovieDetail }) {
  const signedIn = useIsSignedIn();
  const [episode, setEpisode] = useState<Episode | null>(null);
  const playerRef = useRef<HTMLDivElement>(null);
  const episodeLink = episode?.video_links[0];
  const source = episodeLink ? { type: episodeLink.type, url: episodeLink.url } : mainSource(movie, signedIn);
  const isTrailer = !signedIn || (!episodeLink && movie.video_links.length === 0);

  const playEpisode = (next: Episode) => {
    setEpisode(next);
    playerRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  const seasons = movie.type === 'tvshow' ? (movie.seasons ?? []) : [];

  return (
    <article className="details">
      <div className="details__stage" ref={playerRef}>
        <div className="container-xxl">
          <VideoPlayer
            key={`${source.type}:${source.url}`}
            source={source}
            poster={movie.thumbnail_image || movie.poster_image}
            title={episode ? `${movie.name}, ${episode.name}` : movie.name}
            autoPlay={episode !== null}
          />
          {isTrailer && source.url && <p className="details__trailer-note">Trailer</p>}
        </div>
      </div>

      <div className="container-xxl details__info">
        <div className="details__summary">
          <h1 className="details__title">{movie.name}</h1>
          <p className="details__meta">
            {movie.release_year !== null && <span>{movie.release_year}</span>}
            {movie.content_rating && <span className="badge-rating">{movie.content_rating}</span>}
            {movie.language && <span>{movie.language}</span>}
            <span>{formatDuration(movie.duration)}</span>
            <span className="details__rating">
              <StarIcon />
              <span>
                <span className="visually-hidden">IMDB rating </span>
                {formatRating(movie.imdb_rating)}
              </span>
            </span>
          </p>
          {movie.genres.length > 0 && (
            <ul className="details__genres list-unstyled" aria-label="Genres">
              {movie.genres.map((genre) => (
                <li key={genre.id}>
                  <Link to={`/movies/${genre.id}?type=genre`} className="genre-chip">
                    {genre.name}
                  </Link>
                </li>
              ))}
            </ul>
          )}
          <p className="details__description">{movie.description}</p>
          <div className="details__actions">
            {!signedIn && (
              <Link to="/login" className="btn btn-primary btn-lg">
                <PlayIcon />
                <span>Watch Now</span>
              </Link>
            )}
            <WatchListButton
              titleId={movie.id}
              titleName={movie.name}
              saved={movie.is_watch_list}
              variant="full"
            />
          </div>
        </div>
      </div>

      {seasons.length > 0 && (
        <section className="container-xxl page-section" aria-labelledby="episodes-heading">
          <h2 id="episodes-heading" className="section-title">
            Episodes
          </h2>
          <EpisodeList
            seasons={seasons}
            signedIn={signedIn}
            currentEpisodeId={episode?.id ?? null}
            onPlay={playEpisode}
          />
        </section>
      )}

      {movie.more_items.length > 0 && (
        <section className="container-xxl page-section" aria-labelledby="more-heading">
          <h2 id="more-heading" className="section-title">
            More Like This
          </h2>
          <ul className="row g-3 g-lg-4 list-unstyled">
            {movie.more_items.map((item) => (
              <li key={item.id} className="col-6 col-sm-6 col-md-4 col-lg-3 col-xl-2">
                <MovieCard movie={item} />
              </li>
            ))}
          </ul>
        </section>
      )}

      {movie.casts.length > 0 && (
        <section className="container-xxl page-section" aria-labelledby="cast-heading">
          <h2 id="cast-heading" className="section-title">
            Cast and Crew
          </h2>
          <CastGrid casts={movie.casts} />
        </section>
      )}
    </article>
  );
}
