import '../titles.scss';
import { useCallback, useDeferredValue, useId, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useParams } from 'react-router';
import { Messages, type Episode, type MovieDetail, type Progress } from '@reeltime/contract';
import { PlayIcon, StarIcon } from '../../../components/icons';
import { GRID_COLUMN_CLASS } from '../../../components/card-sizes';
import { MovieCard } from '../../../components/movie-card';
import { ShimmerGrid } from '../../../components/shimmer';
import {
  VideoPlayer,
  type PlayerSource,
  type VideoPlayerHandle,
} from '../../../components/player/video-player';
import { WatchListButton } from '../../../components/watch-list-button';
import { formatClock } from '../../../lib/clock';
import { formatDuration, formatRating } from '../../../lib/format';
import { rememberReturnTo } from '../../../lib/return-to';
import {
  usePlaybackProgress,
  type PlaybackUpdate,
  type ProgressPayload,
} from '../../../lib/playback-progress';
import { usePlayerPreferences } from '../../../lib/playback-preferences';
import { useIsSignedIn } from '../../../lib/session';
import { movieDetailsQuery } from '../api/titles-api';
import { CastGrid } from '../components/cast-grid';
import { EpisodeList } from '../components/episode-list';
import { LikeButton } from '../components/like-button';
import { NextEpisodePrompt } from '../components/next-episode-prompt';
import {
  episodeCode,
  episodePositions,
  findEpisode,
  isResumable,
  nextEpisode,
  resumeOfferFor,
  sourceOf,
  type EpisodeEntry,
  type ResumeOffer,
} from '../playback-plan';
import { paths } from '../../../lib/paths';

export function MovieDetailsPage() {
  const params = useParams();
  const id = Number(params.id);
  const query = useQuery(movieDetailsQuery(id));
  // The details arrive in a synchronous update; deferred, the page renders in a transition that
  // React splits into short tasks instead of one long one.
  const movie = useDeferredValue(query.data);

  if ((query.isPending && query.fetchStatus !== 'idle') || (query.data && !movie)) {
    return (
      // The player's placeholder sits where the player will (its stage), so a picture drawn into
      // it early (first-load/early-requests.ts) does not move when the page comes.
      <div className="details__stage" role="status" aria-busy="true">
        <div className="container-xxl">
          <span className="visually-hidden">Loading title</span>
          <div className="player player--loading shimmer" aria-hidden="true" />
          <div className="mt-4">
            <ShimmerGrid />
          </div>
        </div>
      </div>
    );
  }
  if (!movie) {
    return (
      <section className="container-xxl page-section error-page">
        <h1 className="page-title">{Messages.noMovieDetails}</h1>
        <Link to={paths.browse()} className="btn btn-primary">
          Go to Browse
        </Link>
      </section>
    );
  }
  return <MovieDetails key={movie.id} movie={movie} />;
}

/** What the player holds: the title itself or one episode, where to start, and whether to play at once. */
interface Selection {
  episodeId: number | null;
  startAt: number;
  autoPlay: boolean;
  /** Changes on every explicit choice, so choosing the same episode again starts it afresh. */
  nonce: number;
}

/** A movie's offer holds no episode, so its selection is the title itself. */
function initialSelection(offer: ResumeOffer): Selection {
  const entry = offer.kind === 'finished' ? (offer.next ?? offer.episode) : offer.episode;
  return {
    episodeId: entry?.episode.id ?? null,
    startAt: offer.kind === 'resume' ? offer.position : 0,
    autoPlay: false,
    nonce: 0,
  };
}

function MovieDetails({ movie }: { movie: MovieDetail }) {
  const location = useLocation();
  const signedIn = useIsSignedIn();
  // Signing in comes back to this page.
  const here = `${location.pathname}${location.search}`;
  const isShow = movie.type === 'tvshow';
  const seasons = isShow ? (movie.seasons ?? []) : [];
  const stageRef = useRef<HTMLDivElement>(null);
  const playerRef = useRef<VideoPlayerHandle>(null);
  const resumeNoteId = useId();

  const [progress, setProgress] = useState<Progress | null>(movie.progress ?? null);
  const [episodeProgress, setEpisodeProgress] = useState(() => episodePositions(seasons));
  const offer = resumeOfferFor(movie, progress);
  const [selection, setSelection] = useState<Selection>(() =>
    initialSelection(resumeOfferFor(movie, movie.progress)),
  );
  const [started, setStarted] = useState(false);
  const [upNext, setUpNext] = useState<EpisodeEntry | null>(null);

  const current = signedIn ? findEpisode(seasons, selection.episodeId) : null;
  const trailer: PlayerSource = { type: movie.trailer_url_type, url: movie.trailer_url };
  const fullSource = signedIn ? sourceOf(current ? current.episode.video_links : movie.video_links) : null;
  const source = fullSource ?? trailer;
  const isTrailer = fullSource === null;
  const preferences = usePlayerPreferences(!isTrailer);

  const onSaved = useCallback((body: ProgressPayload) => {
    setProgress({
      position_seconds: body.position_seconds,
      duration_seconds: body.duration_seconds,
      ...(body.episode_id !== undefined ? { episode_id: body.episode_id } : {}),
    });
    if (body.episode_id !== undefined) {
      const episodeId = body.episode_id;
      setEpisodeProgress((map) =>
        new Map(map).set(episodeId, { position: body.position_seconds, duration: body.duration_seconds }),
      );
    }
  }, []);

  const reportProgress = usePlaybackProgress({
    titleId: movie.id,
    episodeId: current?.episode.id ?? null,
    enabled: signedIn && !isTrailer,
    onSaved,
  });

  /** Plays the title (or an episode) from `from` seconds, in the player already there when it can. */
  const playAt = (episodeId: number | null, from: number) => {
    setUpNext(null);
    stageRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    if (episodeId === selection.episodeId && playerRef.current) {
      playerRef.current.play(from);
      return;
    }
    setStarted(false);
    setSelection((value) => ({ episodeId, startAt: from, autoPlay: true, nonce: value.nonce + 1 }));
  };

  const startFor = (episodeId: number) => {
    const saved = episodeProgress.get(episodeId);
    return isResumable(saved) ? saved.position : 0;
  };

  const onPlaybackUpdate = (update: PlaybackUpdate) => {
    reportProgress(update);
    if (update.kind === 'play') {
      setStarted(true);
      setUpNext(null);
    }
    if (update.kind === 'ended' && current) setUpNext(nextEpisode(seasons, current.episode.id));
  };

  const playerTitle = current
    ? `${movie.name}, ${episodeCode(current)}: ${current.episode.name}`
    : movie.name;
  const poster = current?.episode.thumbnail_image || movie.thumbnail_image || movie.poster_image;

  return (
    <article className="details">
      <div className="details__stage" ref={stageRef}>
        <div className="container-xxl">
          <VideoPlayer
            key={`${selection.episodeId ?? 'title'}:${selection.nonce}:${source.type}:${source.url}`}
            ref={playerRef}
            source={source}
            poster={poster}
            title={playerTitle}
            autoPlay={selection.autoPlay}
            startAt={isTrailer ? 0 : selection.startAt}
            onPlaybackUpdate={isTrailer ? undefined : onPlaybackUpdate}
            lease={
              signedIn && !isTrailer
                ? { titleId: movie.id, episodeId: current?.episode.id ?? null }
                : undefined
            }
            preferences={isTrailer ? undefined : preferences}
            overlay={
              upNext ? (
                <NextEpisodePrompt
                  label={`${episodeCode(upNext)}: ${upNext.episode.name}`}
                  onPlay={() => playAt(upNext.episode.id, startFor(upNext.episode.id))}
                  onCancel={() => setUpNext(null)}
                />
              ) : undefined
            }
          />
          {isTrailer && source.url && <p className="details__trailer-note">Trailer</p>}
          {current && !isTrailer && (
            <p className="details__trailer-note">
              Now showing {episodeCode(current)}: {current.episode.name}
            </p>
          )}
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
                  <Link to={paths.movies({ id: genre.id, type: 'genre' })} className="genre-chip">
                    {genre.name}
                  </Link>
                </li>
              ))}
            </ul>
          )}
          <p className="details__description">{movie.description}</p>
          <div className="details__actions">
            {!signedIn && (
              <Link to={paths.login(here)} className="btn btn-primary btn-lg">
                <PlayIcon />
                <span>Watch Now</span>
              </Link>
            )}
            {signedIn && movie.needs_plan && (
              <Link
                to={paths.plans()}
                className="btn btn-primary btn-lg"
                onClick={() =>
                  rememberReturnTo({
                    path: `${location.pathname}${location.search}`,
                    label: movie.name,
                  })
                }
              >
                <PlayIcon />
                <span>{Messages.choosePlanToWatch}</span>
              </Link>
            )}
            {signedIn && !isTrailer && (
              <PlayActions offer={offer} isShow={isShow} noteId={resumeNoteId} onPlay={playAt} />
            )}
            <LikeButton
              titleId={movie.id}
              titleName={movie.name}
              liked={movie.is_liked}
              likes={movie.likes}
            />
            <WatchListButton
              titleId={movie.id}
              titleName={movie.name}
              saved={movie.is_watch_list}
              variant="full"
            />
          </div>
          {signedIn && !isTrailer && <ResumeNote id={resumeNoteId} offer={offer} isShow={isShow} />}
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
            currentEpisodeId={signedIn ? selection.episodeId : null}
            playing={started}
            progress={episodeProgress}
            onPlay={(episode: Episode, from: number) => playAt(episode.id, from)}
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
              <li key={item.id} className={GRID_COLUMN_CLASS}>
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

interface PlayActionsProps {
  offer: ResumeOffer;
  isShow: boolean;
  noteId: string;
  onPlay: (episodeId: number | null, from: number) => void;
}

/** "Resume from mm:ss" next to "Play from start", or a single play button. */
function PlayActions({ offer, isShow, noteId, onPlay }: PlayActionsProps) {
  if (offer.kind === 'resume') {
    const episodeId = offer.episode?.episode.id ?? null;
    return (
      <>
        <button
          type="button"
          className="btn btn-primary btn-lg"
          aria-describedby={isShow ? noteId : undefined}
          onClick={() => onPlay(episodeId, offer.position)}
        >
          <PlayIcon />
          <span>Resume from {formatClock(offer.position)}</span>
        </button>
        <button type="button" className="btn btn-glass btn-lg" onClick={() => onPlay(episodeId, 0)}>
          Play from start
        </button>
      </>
    );
  }
  if (offer.kind === 'finished' && offer.next) {
    const next = offer.next;
    return (
      <button type="button" className="btn btn-primary btn-lg" onClick={() => onPlay(next.episode.id, 0)}>
        <PlayIcon />
        <span>Play {episodeCode(next)}</span>
      </button>
    );
  }
  const entry = offer.episode;
  if (isShow && !entry) return null;
  return (
    <button
      type="button"
      className="btn btn-primary btn-lg"
      onClick={() => onPlay(entry?.episode.id ?? null, 0)}
    >
      <PlayIcon />
      <span>
        {offer.kind === 'finished' ? 'Play from start' : entry ? `Play ${episodeCode(entry)}` : 'Watch Now'}
      </span>
    </button>
  );
}

/** Where the member stands: a progress bar to resume, or "Watched". */
function ResumeNote({ id, offer, isShow }: { id: string; offer: ResumeOffer; isShow: boolean }) {
  if (offer.kind === 'resume') {
    const share = offer.duration > 0 ? Math.min(1, offer.position / offer.duration) : 0;
    return (
      <div className="resume-note">
        <div className="watch-progress watch-progress--wide" aria-hidden="true">
          <span style={{ width: `${share * 100}%` }} />
        </div>
        <p id={id} className="resume-note__text">
          {isShow && offer.episode ? `${episodeCode(offer.episode)}: ${offer.episode.episode.name} · ` : ''}
          {formatClock(offer.position)} of {formatClock(offer.duration)} watched
        </p>
      </div>
    );
  }
  if (offer.kind === 'finished') {
    return (
      <p id={id} className="resume-note__text resume-note__text--done">
        {isShow && offer.episode
          ? `Watched ${episodeCode(offer.episode)}: ${offer.episode.episode.name}`
          : 'Watched'}
      </p>
    );
  }
  return null;
}
