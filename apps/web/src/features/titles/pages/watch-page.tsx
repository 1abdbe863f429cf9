import '../titles.scss';
import '../watch.scss';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { Messages, type MovieDetail } from '@reeltime/contract';
import { ChevronIcon } from '../../../components/icons';
import { preloadHls } from '../../../components/player/media-engine';
import { VideoPlayer } from '../../../components/player/video-player';
import { paths } from '../../../lib/paths';
import { usePlayerPreferences } from '../../../lib/playback-preferences';
import {
  usePlaybackProgress,
  type PlaybackUpdate,
  type ProgressPayload,
} from '../../../lib/playback-progress';
import { rememberReturnTo } from '../../../lib/return-to';
import { watchDetailsQuery } from '../api/titles-api';
import { EpisodeList } from '../components/episode-list';
import { NextEpisodePrompt } from '../components/next-episode-prompt';
import {
  creditsStartOf,
  episodeCode,
  episodePositions,
  findEpisode,
  nextEpisode,
  startOf,
  watchSeasonsOf,
  watchSourceOf,
  watchStartOf,
  type EpisodeEntry,
  type WatchStart,
} from '../playback-plan';

/** `/watch/:id`: a title full screen, playing at once (a member's page; visitors sign in first). */
export function WatchPage() {
  const id = Number(useParams().id);
  const [search] = useSearchParams();
  const query = useQuery(watchDetailsQuery(id));
  const episodeParam = Number(search.get('episode'));
  // The player's hls.js loads while the title's details do, not after them.
  useEffect(preloadHls, []);

  if (query.isPending && query.fetchStatus !== 'idle') {
    return (
      <div className="watch-view watch-view--message" role="status" aria-busy="true">
        <span className="visually-hidden">Loading title</span>
      </div>
    );
  }
  if (!query.data) {
    return (
      <section className="watch-view watch-view--message">
        <h1 className="page-title">{Messages.noMovieDetails}</h1>
        <Link to={paths.browse()} className="btn btn-primary">
          Go to Browse
        </Link>
      </section>
    );
  }
  return (
    <WatchView
      key={query.data.id}
      movie={query.data}
      episodeId={Number.isInteger(episodeParam) && episodeParam > 0 ? episodeParam : null}
    />
  );
}

/** What the player holds: the title itself or one episode, where to start. */
interface Selection extends WatchStart {
  /** Changes on every explicit choice, so choosing the same episode again starts it afresh. */
  nonce: number;
}

function initialSelection(movie: MovieDetail, episodeId: number | null): Selection {
  return { ...watchStartOf(movie, episodeId), nonce: 0 };
}

function WatchView({ movie, episodeId }: { movie: MovieDetail; episodeId: number | null }) {
  const navigate = useNavigate();
  const location = useLocation();
  const panelId = useId();
  const seasons = watchSeasonsOf(movie);
  const [selection, setSelection] = useState(() => initialSelection(movie, episodeId));
  const [episodeProgress, setEpisodeProgress] = useState(() => episodePositions(seasons));
  const [started, setStarted] = useState(false);
  const [upNext, setUpNext] = useState<EpisodeEntry | null>(null);
  const [episodesOpen, setEpisodesOpen] = useState(false);

  const current = findEpisode(seasons, selection.episodeId);
  const source = watchSourceOf(movie, selection.episodeId);
  const preferences = usePlayerPreferences();
  const creditsStart = creditsStartOf(source);
  // The next-episode offer the credits made: not yet, shown, or turned down (until the member seeks back before them).
  const creditsOffer = useRef<'armed' | 'shown' | 'dismissed'>('armed');

  const onSaved = useCallback((body: ProgressPayload) => {
    if (body.episode_id === undefined) return;
    const saved = { position: body.position_seconds, duration: body.duration_seconds };
    const id = body.episode_id;
    setEpisodeProgress((map) => new Map(map).set(id, saved));
  }, []);

  const reportProgress = usePlaybackProgress({
    titleId: movie.id,
    episodeId: current?.episode.id ?? null,
    enabled: source !== null,
    onSaved,
  });

  const playEpisode = (id: number) => {
    setUpNext(null);
    creditsOffer.current = 'armed';
    setStarted(false);
    setEpisodesOpen(false);
    setSelection((value) => ({
      episodeId: id,
      startAt: startOf(episodeProgress.get(id)),
      nonce: value.nonce + 1,
    }));
    // The address follows the episode, so a reload carries on with it.
    void navigate(paths.watch(movie.id, id), { replace: true, state: location.state });
  };

  const onPlaybackUpdate = (update: PlaybackUpdate) => {
    reportProgress(update);
    if (update.kind === 'play') {
      setStarted(true);
      if (creditsOffer.current !== 'shown') setUpNext(null);
    }
    if (update.kind === 'tick' && current && creditsStart !== null) {
      const inCredits = update.position >= creditsStart;
      if (inCredits && creditsOffer.current === 'armed') {
        creditsOffer.current = 'shown';
        setUpNext(nextEpisode(seasons, current.episode.id));
      } else if (!inCredits && creditsOffer.current !== 'armed') {
        creditsOffer.current = 'armed';
        setUpNext(null);
      }
    }
    if (update.kind === 'ended' && current) setUpNext(nextEpisode(seasons, current.episode.id));
  };

  // Back where the member came from inside the site; opened from outside, to the title's page.
  const goBack = () => {
    if (location.key !== 'default') void navigate(-1);
    else void navigate(paths.movie(movie.id), { replace: true });
  };

  const episodeLabel = current ? `${episodeCode(current)}: ${current.episode.name}` : null;
  const poster = current?.episode.thumbnail_image || movie.poster_image || movie.thumbnail_image;

  return (
    <div className={`watch-view${episodesOpen ? ' has-panel' : ''}`}>
      <div className="watch-view__top">
        <button type="button" className="watch-view__back" aria-label="Back" onClick={goBack}>
          <ChevronIcon direction="left" />
        </button>
        <div className="watch-view__heading">
          <h1 className="watch-view__title">{movie.name}</h1>
          {episodeLabel && <p className="watch-view__episode">{episodeLabel}</p>}
        </div>
        {seasons.length > 0 && (
          <button
            type="button"
            className="btn btn-glass btn-sm watch-view__episodes-toggle"
            aria-expanded={episodesOpen}
            aria-controls={panelId}
            onClick={() => setEpisodesOpen((open) => !open)}
          >
            Episodes
          </button>
        )}
      </div>

      <div className="watch-view__stage">
        {movie.needs_plan ? (
          <PlanNeeded movie={movie} />
        ) : (
          <VideoPlayer
            key={`${selection.episodeId ?? 'title'}:${selection.nonce}`}
            source={source}
            poster={poster}
            title={episodeLabel ? `${movie.name}, ${episodeLabel}` : movie.name}
            autoPlay
            startAt={selection.startAt}
            onPlaybackUpdate={onPlaybackUpdate}
            lease={{ titleId: movie.id, episodeId: current?.episode.id ?? null }}
            preferences={preferences}
            overlay={
              upNext ? (
                <NextEpisodePrompt
                  label={`${episodeCode(upNext)}: ${upNext.episode.name}`}
                  onPlay={() => playEpisode(upNext.episode.id)}
                  onCancel={() => {
                    if (creditsOffer.current === 'shown') creditsOffer.current = 'dismissed';
                    setUpNext(null);
                  }}
                />
              ) : undefined
            }
          />
        )}
      </div>

      {seasons.length > 0 && (
        <aside id={panelId} className="watch-view__panel" aria-label="Episodes" hidden={!episodesOpen}>
          <EpisodeList
            seasons={seasons}
            signedIn
            currentEpisodeId={selection.episodeId}
            playing={started}
            progress={episodeProgress}
            onPlay={(episode) => playEpisode(episode.id)}
          />
        </aside>
      )}
    </div>
  );
}

/** A member without a plan (and the title is not free): what to do instead of a player. */
function PlanNeeded({ movie }: { movie: MovieDetail }) {
  const location = useLocation();
  return (
    <div className="watch-view__notice">
      <p>{Messages.choosePlanToWatch}</p>
      <Link
        to={paths.plans()}
        className="btn btn-primary"
        onClick={() =>
          rememberReturnTo({ path: `${location.pathname}${location.search}`, label: movie.name })
        }
      >
        See plans
      </Link>
    </div>
  );
}
