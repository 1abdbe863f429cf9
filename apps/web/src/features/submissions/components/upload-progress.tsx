/** How much of the submission has been uploaded, as a labelled progress bar with its percent. */
export function UploadProgress({ percent }: { percent: number }) {
  return (
    <div className="upload-progress">
      <div
        className="progress"
        role="progressbar"
        aria-label="Upload progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}%`}
      >
        <div className="progress-bar" style={{ width: `${percent}%` }} />
      </div>
      <span className="upload-progress__text" aria-hidden="true">
        {percent}%
      </span>
    </div>
  );
}
