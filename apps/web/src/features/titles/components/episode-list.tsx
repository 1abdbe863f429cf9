import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { Episode, Season } from '@reeltime/contract';
import { PlayIcon } from '../../../components/icons';
import { formatDuration } from '../../../lib/format';

interface EpisodeListProps {
  seasons: Season[];
  signedIn: boolean;
  currentEpisodeId: number | null;
  onPlay: (episode: Episode) => void;
}

/** Season picker and the chosen season's episodes. */
export function EpisodeList({ seasons, signedIn, currentEpisodeId, onPlay }: EpisodeListProps) {
  const selectId = useId();
  const [seasonId, setSeasonId] = useState(seasons[0]?.id ?? 0);
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
          return (
            <li key={episode.id} className={`episode${current ? ' is-current' : ''}`}>
              <img
                src={episode.thumbnail_image}
                alt=""
                width={320}
                height={180}
                loading="lazy"
                decoding="async"
              />
              <div className="episode__body">
                <h3 className="episode__title">{label}</h3>
                <p className="episode__meta">{formatDuration(episode.duration)}</p>
                {episode.description && <p className="episode__description">{episode.description}</p>}
              </div>
              {signedIn ? (
                <button
                  type="button"
                  className="btn btn-outline-light btn-sm episode__play"
                  aria-label={`Play ${label}`}
                  aria-current={current ? 'true' : undefined}
                  disabled={episode.video_links.length === 0}
                  onClick={() => onPlay(episode)}
                >
                  <PlayIcon size={14} />
                  <span>{current ? 'Playing' : 'Play'}</span>
                </button>
              ) : (
                <Link
                  to="/login"
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
