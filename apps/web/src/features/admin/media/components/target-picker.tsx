import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import type { MediaTarget } from '@reeltime/contract';
import { errorMessage } from '../../../../lib/api-client';
import { StatusBadge } from '../../shell/components/status-badge';
import { targetsQuery } from '../api/media-api';
import type { UploadTarget } from './use-video-upload';

const SEARCH_DELAY_MS = 250;

interface TargetPickerProps {
  value: UploadTarget | null;
  onChange: (target: UploadTarget) => void;
  disabled?: boolean;
}

const sameTarget = (a: UploadTarget | null, b: UploadTarget) =>
  a !== null && a.titleId === b.titleId && a.episodeId === b.episodeId;

function CurrentVideo({ video }: { video: MediaTarget['video'] }) {
  if (!video) return <span className="text-secondary small">no video yet</span>;
  return (
    <span className="small">
      <StatusBadge status={video.status} /> <span className="text-secondary">an upload replaces it</span>
    </span>
  );
}

/**
 * Chooses what a video is for: a movie, or one episode of a show, found by name. Radio buttons,
 * so the arrow keys move within the list and Tab leaves it.
 */
export function TargetPicker({ value, onChange, disabled = false }: TargetPickerProps) {
  const searchId = useId();
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQ(text.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const targets = useQuery(targetsQuery(q));
  const name = `${searchId}-target`;

  const option = (target: UploadTarget, label: React.ReactNode, video: MediaTarget['video'], key: string) => (
    <div className="form-check media-target" key={key}>
      <input
        className="form-check-input"
        type="radio"
        name={name}
        id={`${name}-${key}`}
        checked={sameTarget(value, target)}
        onChange={() => onChange(target)}
        disabled={disabled}
      />
      <label className="form-check-label" htmlFor={`${name}-${key}`}>
        {label} <CurrentVideo video={video} />
      </label>
    </div>
  );

  let list: React.ReactNode;
  if (targets.isError) {
    list = (
      <div className="alert alert-danger py-2" role="alert">
        {errorMessage(targets.error, 'The titles could not be loaded.')}{' '}
        <button type="button" className="btn btn-sm btn-outline-light" onClick={() => void targets.refetch()}>
          Try again
        </button>
      </div>
    );
  } else if (!targets.data) {
    list = <p className="text-secondary">Loading titles…</p>;
  } else if (targets.data.length === 0) {
    list = <p className="text-secondary">No title matches “{q}”.</p>;
  } else {
    list = targets.data.map((title) =>
      title.type === 'movie' ? (
        option(
          { titleId: title.title_id, label: title.name },
          <span className="fw-semibold">{title.name}</span>,
          title.video,
          `t${title.title_id}`,
        )
      ) : (
        <fieldset key={`s${title.title_id}`} className="media-target-show">
          <legend className="fs-6 fw-semibold mb-1">
            {title.name} <span className="text-secondary small fw-normal">TV show</span>
          </legend>
          {title.episodes.length === 0 ? (
            <p className="text-secondary small mb-1">No episodes yet: add them in Titles.</p>
          ) : (
            title.episodes.map((episode) =>
              option(
                {
                  titleId: title.title_id,
                  episodeId: episode.episode_id,
                  label: `${title.name} · ${episode.label}`,
                },
                episode.label,
                episode.video,
                `e${episode.episode_id}`,
              ),
            )
          )}
        </fieldset>
      ),
    );
  }

  return (
    <div className="media-target-picker">
      <label htmlFor={searchId} className="form-label">
        Find the title
      </label>
      <input
        id={searchId}
        type="search"
        className="form-control mb-2"
        placeholder="Title name"
        value={text}
        onChange={(event) => setText(event.target.value)}
        disabled={disabled}
        autoComplete="off"
      />
      <div
        className="media-target-list"
        role="group"
        aria-label="Titles and episodes"
        aria-busy={targets.isFetching}
      >
        {list}
      </div>
    </div>
  );
}
