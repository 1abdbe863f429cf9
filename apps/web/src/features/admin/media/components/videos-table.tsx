import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdminVideo } from '@reeltime/contract';
import { errorMessage } from '../../../../lib/api-client';
import { ConfirmAction } from '../../shell/components/confirm-action';
import { DataTable, type Column } from '../../shell/components/data-table';
import { EmptyState } from '../../shell/components/empty-state';
import { Pagination } from '../../shell/components/pagination';
import { StatusBadge } from '../../shell/components/status-badge';
import { pageNumber, useUrlState } from '../../shell/components/use-url-state';
import { isTranscoding, videosQuery } from '../api/media-api';
import { useCancelTranscode, useDeleteVideo, useRetryTranscode } from '../api/video-mutations';
import { AudioDialog } from './audio-dialog';
import { CaptionsDialog } from './captions-dialog';
import { MarkersDialog } from './markers-dialog';
import { displayStatus, Renditions, TranscodeBar } from './transcode-progress';
import { formatBytes } from './upload-rate';

const PER_PAGE = 20;
const STATUSES = ['pending', 'processing', 'ready', 'failed'] as const;

const formatClock = (seconds: number | null) => {
  if (seconds === null) return '—';
  const whole = Math.round(seconds);
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = whole % 60;
  const pad = (value: number) => String(value).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
};

/** A video playing another's stream (the demo shares streams) is transcoded, retried and captioned with that one. */
const ownsStream = (video: AdminVideo) =>
  video.stream_owner_id === null || video.stream_owner_id === video.id;

const targetName = (video: AdminVideo) =>
  video.target.episode_label
    ? `${video.target.title_name} · ${video.target.episode_label}`
    : video.target.title_name;

/** Every full video: state, live transcode progress, renditions, size, duration; retry, cancel, delete, captions, audio. */
export function VideosTable() {
  const url = useUrlState({ status: '', q: '', page: '1' });
  const status = (STATUSES as readonly string[]).includes(url.values.status)
    ? (url.values.status as AdminVideo['status'])
    : undefined;
  const page = pageNumber(url.values.page);
  const videos = useQuery(
    videosQuery({
      page,
      per_page: PER_PAGE,
      ...(status ? { status } : {}),
      ...(url.values.q ? { q: url.values.q } : {}),
    }),
  );
  const [captionsOf, setCaptionsOf] = useState<AdminVideo | null>(null);
  const [audioOf, setAudioOf] = useState<AdminVideo | null>(null);
  const [markersOf, setMarkersOf] = useState<AdminVideo | null>(null);

  const retry = useRetryTranscode();
  const cancel = useCancelTranscode();
  const remove = useDeleteVideo();

  const columns: Column<AdminVideo>[] = [
    {
      key: 'target',
      header: 'Title',
      cell: (video) => (
        <div>
          <span className="fw-semibold">{video.target.title_name}</span>{' '}
          <span className="text-secondary small">#{video.id}</span>
          {video.target.episode_label ? <div className="small">{video.target.episode_label}</div> : null}
          {video.source ? (
            <div className="text-secondary small text-truncate media-source" title={video.source.filename}>
              {video.source.filename} · {video.source.width}×{video.source.height}
            </div>
          ) : null}
        </div>
      ),
    },
    {
      key: 'status',
      header: 'State',
      width: '10.5rem',
      cell: (video) => (
        <div>
          <StatusBadge status={displayStatus(video)} />
          {isTranscoding(video) ? <TranscodeBar video={video} /> : null}
          {video.last_error && video.status === 'failed' ? (
            <div className="text-danger small text-break media-error" title={video.last_error}>
              {video.last_error}
            </div>
          ) : null}
          <div className="mt-1">
            <Renditions video={video} />
          </div>
        </div>
      ),
    },
    {
      key: 'size',
      header: 'Size',
      width: '7rem',
      align: 'end',
      cell: (video) => (
        <div className="small">
          <div>{formatClock(video.duration_seconds)}</div>
          {!ownsStream(video) ? (
            <span className="text-secondary" title={`Plays the stream of video ${video.stream_owner_id}`}>
              shared
            </span>
          ) : (
            <span className="text-secondary">{formatBytes(video.size_bytes)}</span>
          )}
        </div>
      ),
    },
    {
      key: 'captions',
      header: 'Captions',
      width: '5.5rem',
      cell: (video) => (
        <button
          type="button"
          className="btn btn-sm btn-outline-light text-nowrap"
          aria-label={`Captions of ${targetName(video)} (${video.captions.length})`}
          onClick={() => setCaptionsOf(video)}
          disabled={!ownsStream(video)}
        >
          {video.captions.length > 0 ? video.captions.map((caption) => caption.language).join(', ') : 'Add'}
        </button>
      ),
    },
    {
      key: 'audio',
      header: 'Audio',
      width: '5.5rem',
      cell: (video) => (
        <button
          type="button"
          className="btn btn-sm btn-outline-light text-nowrap"
          aria-label={`Audio of ${targetName(video)} (${video.audio.tracks.length === 0 ? '1 language' : `${video.audio.tracks.length + 1} languages`})`}
          onClick={() => setAudioOf(video)}
          disabled={!ownsStream(video)}
        >
          {[video.audio.language, ...video.audio.tracks.map((track) => track.language)].join(', ')}
        </button>
      ),
    },
    {
      key: 'actions',
      header: <span className="visually-hidden">Actions</span>,
      width: '9rem',
      align: 'end',
      cell: (video) => (
        <div className="d-flex flex-wrap justify-content-end gap-1">
          {video.status === 'ready' && video.duration_seconds !== null ? (
            <button
              type="button"
              className="btn btn-sm btn-outline-light"
              aria-label={`Markers of ${targetName(video)}`}
              onClick={() => setMarkersOf(video)}
            >
              Markers
            </button>
          ) : null}
          {ownsStream(video) && (video.job?.state === 'failed' || video.job?.state === 'cancelled') ? (
            <button
              type="button"
              className="btn btn-sm btn-outline-warning"
              aria-label={`Retry the transcode of ${targetName(video)}`}
              onClick={() => retry.mutate(video.id)}
              disabled={retry.isPending}
            >
              Retry
            </button>
          ) : null}
          {ownsStream(video) && isTranscoding(video) ? (
            <ConfirmAction
              label="Cancel"
              ariaLabel={`Cancel the transcode of ${targetName(video)}`}
              title={`Cancel the transcode of “${targetName(video)}”?`}
              confirmLabel="Cancel transcode"
              busyLabel="Cancelling…"
              className="btn btn-sm btn-outline-warning"
              onConfirm={() => cancel.mutateAsync(video.id)}
            >
              Renditions already made stay playable; you can retry the transcode later.
            </ConfirmAction>
          ) : null}
          <ConfirmAction
            label="Delete"
            ariaLabel={`Delete the video of ${targetName(video)}`}
            title={`Delete the video of “${targetName(video)}”?`}
            confirmLabel="Delete video"
            busyLabel="Deleting…"
            onConfirm={() => remove.mutateAsync(video.id)}
          >
            Members can no longer play it, and its stream
            {video.size_bytes > 0 ? ` (${formatBytes(video.size_bytes)})` : ''} and uploaded file are deleted
            from storage. This cannot be undone.
          </ConfirmAction>
        </div>
      ),
    },
  ];

  return (
    <section className="admin-panel" aria-labelledby="media-videos-heading">
      <div className="d-flex flex-wrap align-items-end justify-content-between gap-2 mb-2">
        <h2 id="media-videos-heading" className="h5 mb-0">
          Videos
        </h2>
        <form
          className="d-flex align-items-center gap-2"
          role="search"
          onSubmit={(event) => {
            event.preventDefault();
            const q = new FormData(event.currentTarget).get('q');
            url.set({ q: typeof q === 'string' ? q.trim() : '' });
          }}
        >
          <label className="visually-hidden" htmlFor="media-videos-q">
            Search videos by title
          </label>
          <input
            id="media-videos-q"
            name="q"
            type="search"
            className="form-control form-control-sm"
            placeholder="Title name"
            defaultValue={url.values.q}
            key={url.values.q}
          />
          <label className="visually-hidden" htmlFor="media-videos-status">
            State
          </label>
          <select
            id="media-videos-status"
            className="form-select form-select-sm"
            value={url.values.status}
            onChange={(event) => url.set({ status: event.target.value })}
          >
            <option value="">Every state</option>
            {STATUSES.map((value) => (
              <option key={value} value={value}>
                {value.charAt(0).toUpperCase() + value.slice(1)}
              </option>
            ))}
          </select>
          <button type="submit" className="btn btn-sm btn-outline-light text-nowrap">
            Search
          </button>
        </form>
      </div>
      <DataTable
        caption="Videos with their transcode state, renditions, duration and storage"
        columns={columns}
        rows={videos.data?.items}
        rowKey={(video) => video.id}
        isLoading={videos.isPending}
        error={
          videos.isError
            ? {
                message: errorMessage(videos.error, 'The videos could not be loaded.'),
                onRetry: () => void videos.refetch(),
              }
            : null
        }
        empty={
          status || url.values.q ? (
            <EmptyState
              title="No video matches."
              action={
                <button type="button" className="btn btn-sm btn-outline-light" onClick={url.reset}>
                  Clear the filters
                </button>
              }
            />
          ) : (
            <EmptyState
              title="No videos yet."
              hint="Upload one above: choose a title or an episode, then its file."
            />
          )
        }
      />
      <Pagination
        page={page}
        perPage={PER_PAGE}
        total={videos.data?.total ?? 0}
        onPageChange={(next) => url.set({ page: String(next) })}
        label="Videos pages"
      />
      {captionsOf ? <CaptionsDialog video={captionsOf} onClose={() => setCaptionsOf(null)} /> : null}
      {audioOf ? <AudioDialog video={audioOf} onClose={() => setAudioOf(null)} /> : null}
      {markersOf ? <MarkersDialog video={markersOf} onClose={() => setMarkersOf(null)} /> : null}
    </section>
  );
}
