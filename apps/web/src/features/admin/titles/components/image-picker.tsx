import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { AdminTitleLimits, AdminTitlesMessages } from '@reeltime/contract';

export const ACCEPTED_IMAGES = 'image/jpeg,image/png,image/webp,image/gif';

interface ImagePickerProps {
  label: string;
  /** The stored image, if any. */
  current: string;
  file: File | null;
  onChange: (file: File | null) => void;
  /** `poster` (portrait) or `thumbnail` (landscape) preview frame. */
  shape: 'poster' | 'thumbnail';
  hint: string;
}

/** A file input with a preview of the chosen image, else of the stored one. */
export function ImagePicker({ label, current, file, onChange, shape, hint }: ImagePickerProps) {
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );
  const shown = preview ?? current;
  const inputRef = useRef<HTMLInputElement>(null);
  // Once saved (or kept), the input no longer names the chosen file.
  useEffect(() => {
    if (!file && inputRef.current) inputRef.current.value = '';
  }, [file]);

  return (
    <div className="admin-image-picker">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <div className={`admin-image-picker__frame admin-image-picker__frame--${shape}`}>
        {shown ? (
          <img src={shown} alt={`${label} preview`} />
        ) : (
          <span className="text-secondary small">No image</span>
        )}
      </div>
      <input
        ref={inputRef}
        id={id}
        type="file"
        accept={ACCEPTED_IMAGES}
        className={`form-control form-control-sm${error ? ' is-invalid' : ''}`}
        aria-describedby={`${id}-hint`}
        onChange={(event) => {
          const chosen = event.target.files?.[0] ?? null;
          if (chosen && chosen.size > AdminTitleLimits.imageBytes) {
            setError(AdminTitlesMessages.imageTooLarge);
            event.target.value = '';
            onChange(null);
            return;
          }
          setError(null);
          onChange(chosen);
        }}
      />
      <div id={`${id}-hint`} className="form-text">
        {hint}
      </div>
      {error ? (
        <div className="invalid-feedback d-block" role="alert">
          {error}
        </div>
      ) : null}
      {file ? (
        <button type="button" className="btn btn-link btn-sm px-0" onClick={() => onChange(null)}>
          Keep the current {label.toLowerCase()}
        </button>
      ) : null}
    </div>
  );
}
