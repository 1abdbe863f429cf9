import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { AdminVideo } from '@reeltime/contract';
import { errorMessage } from '../../../../lib/api-client';
import { StatusBadge } from '../../shell/components/status-badge';
import { isTranscoding, mediaKeys, videoQuery } from '../api/media-api';

/** The state the console shows for a video: its row's status, unless its transcode was cancelled. */
export function displayStatus(video: AdminVideo): string {
  if (video.job?.state === 'cancelled' && video.status !== 'ready') return 'cancelled';
  if (video.job?.state === 'queued' && video.status === 'pending') return 'queued';
  return video.status;
}

/** Renditions as chips: ready ones stand out, the one being made is marked. */
export function Renditions({ video }: { video: AdminVideo }) {
  if (video.renditions.length === 0) return <span className="text-secondary">—</span>;
  return (
    <ul className="media-renditions" aria-label="Renditions">
      {video.renditions.map((rendition) => (
        <li
          key={rendition.name}
          className={`media-rendition${rendition.ready ? ' media-rendition--ready' : ''}`}
          title={rendition.ready ? `${rendition.name} is playable` : `${rendition.name} is not made yet`}
        >
          {rendition.name}
          <span className="visually-hidden">{rendition.ready ? ' ready' : ' waiting'}</span>
        </li>
      ))}
    </ul>
  );
}

export function TranscodeBar({ video }: { video: AdminVideo }) {
  const progress = video.job?.state === 'done' ? 100 : (video.job?.progress ?? 0);
  return (
    <div
      className="media-progress media-transcode-bar"
      role="progressbar"
      aria-label={`Transcode of video ${video.id}`}
      aria-valuenow={progress}
      aria-valuemin={0}
      aria-valuemax={100}
    >
      <div
        className={`media-progress__bar media-progress__bar--${video.job?.state === 'running' ? 'active' : video.job?.state === 'failed' ? 'failed' : 'done'}`}
        style={{ width: `${progress}%` }}
      >
        {Math.round(progress)}%
      </div>
    </div>
  );
}

/** A video's transcode followed live (polled every second) until it ends. */
export function TranscodeProgress({ videoId }: { videoId: number }) {
  const video = useQuery(videoQuery(videoId));
  const queryClient = useQueryClient();
  const ended = video.data !== undefined && !isTranscoding(video.data);
  useEffect(() => {
    // The videos table and the title picker show the new state too.
    if (!ended) return;
    void queryClient.invalidateQueries({ queryKey: mediaKeys.videos });
    void queryClient.invalidateQueries({ queryKey: ['admin', 'media', 'targets'] });
  }, [ended, queryClient]);
  if (video.isError)
    return (
      <p className="text-danger" role="alert">
        {errorMessage(video.error, 'The transcode progress could not be loaded.')}
      </p>
    );
  if (!video.data) return <p className="text-secondary">Loading the transcode…</p>;
  const data = video.data;
  const readyCount = data.renditions.filter((rendition) => rendition.ready).length;
  return (
    <section className="media-transcode" aria-label="Transcode progress">
      <div className="d-flex align-items-center gap-2 mb-2">
        <h3 className="h6 mb-0">Transcode</h3>
        <span aria-live="polite">
          <StatusBadge status={displayStatus(data)} />
        </span>
        {data.target.title_name ? (
          <span className="text-secondary small">
            {data.target.title_name}
            {data.target.episode_label ? ` · ${data.target.episode_label}` : ''}
          </span>
        ) : null}
      </div>
      <TranscodeBar video={data} />
      <div className="d-flex flex-wrap align-items-center gap-3 mt-2 small">
        <Renditions video={data} />
        <span className="text-secondary" aria-live="polite">
          {readyCount} of {data.renditions.length} renditions playable
          {data.status === 'ready' ? ' — playable now' : ''}
        </span>
      </div>
      {data.last_error ? (
        <p className="text-danger small mt-2 mb-0 text-break">Last error: {data.last_error}</p>
      ) : null}
    </section>
  );
}
