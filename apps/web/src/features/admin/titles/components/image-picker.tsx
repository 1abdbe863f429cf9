import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { AdminTitleLimits, AdminTitlesMessages } from '@reeltime/contract';
import { ACCEPTED_IMAGES, imageFileProblem } from '../../../../lib/image-file';

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

/**
 * A file input with a preview of the chosen image, else of the stored one. A file that is not an
 * image by its bytes, or over the limit, is refused the moment it is chosen.
 */
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
          const input = event.currentTarget;
          const chosen = input.files?.[0] ?? null;
          if (!chosen) {
            setError(null);
            onChange(null);
            return;
          }
          void imageFileProblem(chosen, AdminTitleLimits.imageBytes, AdminTitlesMessages.imageTooLarge).then(
            (problem) => {
              setError(problem ?? null);
              if (problem) input.value = '';
              onChange(problem ? null : chosen);
            },
          );
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
