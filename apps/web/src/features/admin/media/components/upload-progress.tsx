import type { UploadState } from './use-video-upload';
import { formatBytes, formatSecondsLeft, formatSpeed } from './upload-rate';

const PHASE_LABELS: Record<UploadState['phase'], string> = {
  idle: '',
  uploading: 'Uploading',
  paused: 'Paused',
  reconnecting: 'Connection lost: retrying',
  checking: 'Checking the file',
  done: 'Uploaded',
  failed: 'Upload stopped',
};

const BAR_TONES: Record<UploadState['phase'], 'active' | 'waiting' | 'failed' | 'done'> = {
  idle: 'waiting',
  uploading: 'active',
  paused: 'waiting',
  reconnecting: 'waiting',
  checking: 'active',
  done: 'done',
  failed: 'failed',
};

/** The upload's bar with percent, bytes, speed and time left; its state is announced politely. */
export function UploadProgress({ state }: { state: UploadState }) {
  const percent = state.total > 0 ? Math.floor((state.sent / state.total) * 1000) / 10 : 0;
  const active = state.phase === 'uploading' && state.rate.bytesPerSecond > 0;
  return (
    <div className="media-upload-progress">
      <div className="d-flex justify-content-between small mb-1">
        <span className="fw-semibold text-truncate" title={state.fileName}>
          {state.fileName}
        </span>
        <span aria-live="polite">{PHASE_LABELS[state.phase]}</span>
      </div>
      <div
        className="media-progress"
        role="progressbar"
        aria-label={`Upload of ${state.fileName}`}
        aria-valuenow={percent}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuetext={`${percent}%`}
      >
        <div
          className={`media-progress__bar media-progress__bar--${BAR_TONES[state.phase]}`}
          style={{ width: `${percent}%` }}
        />
      </div>
      <div className="d-flex flex-wrap gap-3 small text-secondary mt-1">
        <span>{percent}%</span>
        <span>
          {formatBytes(state.sent)} of {formatBytes(state.total)}
        </span>
        {active ? <span>{formatSpeed(state.rate.bytesPerSecond)}</span> : null}
        {active && state.rate.secondsLeft !== null ? (
          <span>{formatSecondsLeft(state.rate.secondsLeft)} left</span>
        ) : null}
      </div>
    </div>
  );
}
