/** A message over the poster with one button, in place of the picture (an error, a refusal). */
export function PlayerAlert({
  poster,
  message,
  actionLabel,
  onAction,
}: {
  poster: string;
  message: string;
  actionLabel: string;
  onAction: () => void;
}) {
  return (
    <div className="player__error" role="alert">
      <img src={poster} alt="" width={1280} height={720} />
      <div className="player__error-body">
        <p>{message}</p>
        <button type="button" className="btn btn-primary" onClick={onAction}>
          {actionLabel}
        </button>
      </div>
    </div>
  );
}
