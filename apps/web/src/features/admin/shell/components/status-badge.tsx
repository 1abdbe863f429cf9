export type StatusTone = 'success' | 'warning' | 'danger' | 'info' | 'neutral';

/** The tone of the states the console shows most; anything else is neutral unless told. */
const TONES: Record<string, StatusTone> = {
  active: 'success',
  approved: 'success',
  done: 'success',
  paid: 'success',
  published: 'success',
  ready: 'success',
  sent: 'success',
  succeeded: 'success',
  pending: 'warning',
  processing: 'info',
  queued: 'warning',
  running: 'info',
  uploading: 'info',
  disabled: 'danger',
  failed: 'danger',
  rejected: 'danger',
  cancelled: 'neutral',
  draft: 'neutral',
  inactive: 'neutral',
};

interface StatusBadgeProps {
  status: string;
  /** Overrides the tone picked from the status. */
  tone?: StatusTone;
  /** Overrides the label, which is otherwise the status with a capital. */
  label?: string;
}

/** A short coloured label for a state such as `failed` or `published`. */
export function StatusBadge({ status, tone, label }: StatusBadgeProps) {
  const resolved = tone ?? TONES[status.toLowerCase()] ?? 'neutral';
  const text = label ?? status.charAt(0).toUpperCase() + status.slice(1).replaceAll('_', ' ');
  return <span className={`admin-badge admin-badge--${resolved}`}>{text}</span>;
}
