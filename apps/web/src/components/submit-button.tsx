interface SubmitButtonProps {
  /** The form can be sent: changed and valid. */
  ready: boolean;
  busy: boolean;
  label: string;
  /** Shown while the form is being sent, for example `Saving...`. */
  busyLabel: string;
  /** Stretches the button across the form (auth cards). */
  block?: boolean;
  className?: string;
}

/** A form's submit button: disabled until the form can be sent, and while it is being sent. */
export function SubmitButton({ ready, busy, label, busyLabel, block = false, className }: SubmitButtonProps) {
  const classes = ['btn btn-primary btn-lg', block ? 'w-100' : null, className].filter(Boolean).join(' ');
  return (
    <button type="submit" className={classes} disabled={!ready || busy} aria-busy={busy}>
      {busy ? busyLabel : label}
    </button>
  );
}
