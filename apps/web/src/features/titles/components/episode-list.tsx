import { useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import type { Episode, Season } from '@reeltime/contract';
import { PlayIcon } from '../../../components/icons';
import { formatClock } from '../../../lib/clock';
import { formatDuration } from '../../../lib/format';
import { isFinishedAt } from '../../../lib/playback-progress';
import { isResumable, type SavedPosition } from '../playback-plan';
import { paths } from '../../../lib/paths';

interface EpisodeListProps {
  seasons: Season[];
  signedIn: boolean;
  /** The episode in the player. */
  currentEpisodeId: number | null;
  /** The episode in the player has started playing. */
  playing: boolean;
  /** Saved positions by episode id. */
  progress: ReadonlyMap<number, SavedPosition>;
  /** Plays an episode from `from` seconds. */
  onPlay: (episode: Episode, from: number) => void;
}

function seasonOf(seasons: Season[], episodeId: number | null): Season | undefined {
  return seasons.find((season) => season.episodes.some((episode) => episode.id === episodeId));
}

/** Season picker and the chosen season's episodes, each with its own progress. */
export function EpisodeList({
  seasons,
  signedIn,
  currentEpisodeId,
  playing,
  progress,
  onPlay,
}: EpisodeListProps) {
  const selectId = useId();
  // Signing in comes back to this page.
  const { pathname, search } = useLocation();
  const here = `${pathname}${search}`;
  const [seasonId, setSeasonId] = useState(
    () => (seasonOf(seasons, currentEpisodeId) ?? seasons[0])?.id ?? 0,
  );
  const [followed, setFollowed] = useState(currentEpisodeId);
  if (followed !== currentEpisodeId) {
    // The player moved to another episode (next episode, resume): show its season.
    setFollowed(currentEpisodeId);
    const season = seasonOf(seasons, currentEpisodeId);
    if (season) setSeasonId(season.id);
  }
  const season = seasons.find((item) => item.id === seasonId) ?? seasons[0];
  if (!season) return null;

  return (
    <div className="episodes">
      <div className="episodes__picker">
        <label htmlFor={selectId} className="form-label mb-0">
          Season
        </label>
        <select
          id={selectId}
          className="form-select"
          value={season.id}
          onChange={(event) => setSeasonId(Number(event.target.value))}
        >
          {seasons.map((item) => (
            <option key={item.id} value={item.id}>
              {item.name || `Season ${item.season_number}`}
            </option>
          ))}
        </select>
      </div>
      <ol className="episodes__list list-unstyled">
        {season.episodes.map((episode) => {
          const label = `Episode ${episode.episode_number}: ${episode.name}`;
          const current = episode.id === currentEpisodeId;
          const saved = progress.get(episode.id);
          const finished = saved ? isFinishedAt(saved.position, saved.duration) : false;
          const resumable = isResumable(saved);
          const share = saved && saved.duration > 0 ? Math.min(1, saved.position / saved.duration) : 0;
          const from = resumable ? saved.position : 0;
          const action =
            current && playing ? 'Playing' : resumable ? 'Resume' : finished ? 'Play again' : 'Play';
          const accessibleAction = resumable
            ? `Resume ${label} from ${formatClock(saved.position)}`
            : `${action === 'Playing' ? 'Play' : action} ${label}`;
          return (
            <li key={episode.id} className={`episode${current ? ' is-current' : ''}`}>
              <div className="episode__thumb">
                <img
                  src={episode.thumbnail_image}
                  alt=""
                  width={320}
                  height={180}
                  loading="lazy"
                  decoding="async"
                />
                {saved && (
                  <div className="watch-progress" aria-hidden="true">
                    <span style={{ width: `${(finished ? 1 : share) * 100}%` }} />
                  </div>
                )}
              </div>
              <div className="episode__body">
                <h3 className="episode__title">{label}</h3>
                <p className="episode__meta">
                  <span>{formatDuration(episode.duration)}</span>
                  {finished && <span className="episode__watched">Watched</span>}
                  {resumable && (
                    <span>
                      {formatClock(saved.position)} of {formatClock(saved.duration)} watched
                    </span>
                  )}
                </p>
                {episode.description && <p className="episode__description">{episode.description}</p>}
              </div>
              {signedIn ? (
                <button
                  type="button"
                  className="btn btn-outline-light btn-sm episode__play"
                  aria-label={accessibleAction}
                  aria-current={current ? 'true' : undefined}
                  disabled={episode.video_links.length === 0}
                  onClick={() => onPlay(episode, from)}
                >
                  <PlayIcon size={14} />
                  <span>{action}</span>
                </button>
              ) : (
                <Link
                  to={paths.login(here)}
                  className="btn btn-outline-light btn-sm episode__play"
                  aria-label={`Sign in to play ${label}`}
                >
                  <PlayIcon size={14} />
                  <span>Play</span>
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
