import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import type { PreviousUpload } from 'tus-js-client';
import { useToast } from '../../../../components/toast/toast-context';
import { ConfirmAction } from '../../shell/components/confirm-action';
import { mediaKeys } from '../api/media-api';
import { TargetPicker } from './target-picker';
import { TranscodeProgress } from './transcode-progress';
import { formatBytes } from './upload-rate';
import { UploadProgress } from './upload-progress';
import { discardUpload, unfinishedUploads, useVideoUpload, type UploadTarget } from './use-video-upload';

/** Unfinished uploads of this browser: pick the same file again to go on where it stopped. */
function UnfinishedUploads({
  onResume,
  phase,
}: {
  onResume: (target: UploadTarget) => void;
  /** The current upload's phase: the list is read again whenever it changes, and hidden while it runs. */
  phase: string;
}) {
  const [uploads, setUploads] = useState<PreviousUpload[]>([]);
  useEffect(() => {
    let current = true;
    void unfinishedUploads().then((found) => {
      if (current) setUploads(found);
    });
    return () => {
      current = false;
    };
  }, [phase]);
  if (uploads.length === 0 || (phase !== 'idle' && phase !== 'failed')) return null;
  return (
    <div className="alert alert-info media-unfinished" role="status">
      <p className="fw-semibold mb-2">Unfinished uploads</p>
      <ul className="list-unstyled mb-0">
        {uploads.map((upload) => {
          const titleId = Number(upload.metadata.title_id) || undefined;
          const episodeId = Number(upload.metadata.episode_id) || undefined;
          const label = upload.metadata.target_label ?? 'its title';
          return (
            <li key={upload.urlStorageKey} className="d-flex flex-wrap align-items-center gap-2 mb-1">
              <span>
                <strong>{upload.metadata.filename ?? 'A file'}</strong>
                {upload.size ? ` (${formatBytes(upload.size)})` : ''} for {label}
              </span>
              <button
                type="button"
                className="btn btn-sm btn-primary"
                onClick={() =>
                  onResume({
                    label,
                    ...(titleId !== undefined ? { titleId } : {}),
                    ...(episodeId !== undefined ? { episodeId } : {}),
                  })
                }
              >
                Resume: choose the file again
              </button>
              <button
                type="button"
                className="btn btn-sm btn-outline-light"
                onClick={() =>
                  void discardUpload(upload).then(() =>
                    setUploads((current) => current.filter((item) => item !== upload)),
                  )
                }
              >
                Discard
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/**
 * Upload a video: choose its title or episode, then its file. The upload resumes after a dropped
 * connection or a reload, and once the server has checked the file its transcode is followed live.
 */
export function UploadPanel() {
  const fileId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [target, setTarget] = useState<UploadTarget | null>(null);
  const { state, start, pause, resume, cancel, reset } = useVideoUpload();
  const queryClient = useQueryClient();
  const toast = useToast();
  const busy = state.phase !== 'idle' && state.phase !== 'done' && state.phase !== 'failed';

  useEffect(() => {
    if (state.phase === 'done') {
      toast.success('Upload complete: the video is checked and its transcode is queued.');
      void queryClient.invalidateQueries({ queryKey: mediaKeys.all });
    } else if (state.phase === 'failed' && state.error) {
      toast.error(state.error);
    }
  }, [state.phase, state.error, toast, queryClient]);

  const onFile = (file: File | undefined) => {
    if (!file || !target) return;
    void start(file, target);
    if (fileInput.current) fileInput.current.value = '';
  };

  return (
    <section className="admin-panel media-upload mb-4" aria-labelledby={`${fileId}-heading`}>
      <h2 id={`${fileId}-heading`} className="h5">
        Upload a video
      </h2>
      <UnfinishedUploads
        phase={state.phase}
        onResume={(previous) => {
          setTarget(previous);
          fileInput.current?.focus();
        }}
      />
      <div className="media-upload__grid">
        <TargetPicker value={target} onChange={setTarget} disabled={busy} />
        <div>
          <p className="mb-2">
            For: <strong>{target ? target.label : 'choose a title or an episode'}</strong>
          </p>
          <label htmlFor={fileId} className="form-label">
            Video file
          </label>
          <input
            ref={fileInput}
            id={fileId}
            type="file"
            accept="video/*,.mkv,.mov,.mp4,.m4v,.webm,.avi,.ts"
            className="form-control"
            disabled={!target || busy}
            aria-describedby={`${fileId}-hint`}
            onChange={(event) => onFile(event.target.files?.[0])}
          />
          <p id={`${fileId}-hint`} className="form-text">
            The upload starts when you choose the file, and goes on after a lost connection or a page reload
            (choose the same file again).
          </p>
          {state.phase !== 'idle' ? (
            <>
              <UploadProgress state={state} />
              <div className="d-flex gap-2 mt-2">
                {state.phase === 'uploading' || state.phase === 'reconnecting' ? (
                  <button type="button" className="btn btn-sm btn-outline-light" onClick={() => void pause()}>
                    Pause
                  </button>
                ) : null}
                {state.phase === 'paused' || (state.phase === 'failed' && state.sent < state.total) ? (
                  <button type="button" className="btn btn-sm btn-primary" onClick={resume}>
                    Resume
                  </button>
                ) : null}
                {busy || (state.phase === 'failed' && state.sent < state.total) ? (
                  <ConfirmAction
                    label="Cancel upload"
                    title={`Cancel the upload of “${state.fileName}”?`}
                    confirmLabel="Cancel upload"
                    busyLabel="Cancelling…"
                    onConfirm={cancel}
                  >
                    The bytes sent so far are deleted from the server; uploading the file again starts from
                    the beginning.
                  </ConfirmAction>
                ) : null}
                {state.phase === 'done' || state.phase === 'failed' ? (
                  <button type="button" className="btn btn-sm btn-outline-light" onClick={reset}>
                    Upload another
                  </button>
                ) : null}
              </div>
              {state.phase === 'failed' && state.error ? (
                <p className="text-danger small mt-2 mb-0" role="alert">
                  {state.error}
                </p>
              ) : null}
            </>
          ) : null}
          {state.phase === 'done' && state.result ? (
            <div className="mt-3">
              <TranscodeProgress videoId={state.result.video_id} />
            </div>
          ) : null}
        </div>
      </div>
    </section>
  );
}
