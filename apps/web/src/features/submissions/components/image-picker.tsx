import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Messages } from '@reeltime/contract';
import { isLargerThanRecommended } from './image-size';

export const ACCEPTED_IMAGES = 'image/jpeg,image/png,image/webp,image/gif';

interface ImagePickerProps {
  label: string;
  file: File | null;
  onChange: (file: File | null) => void;
  onBlur: () => void;
  error?: string | undefined;
  /** What the input takes, shown under it. */
  hint: string;
  /** Shows the spec's note when the picture is larger than 400x400 (cast pictures). */
  recommendSize?: boolean;
  inputRef?: (element: HTMLInputElement | null) => void;
}

function useObjectUrl(file: File | null): string | null {
  const url = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  return url;
}

/** A labelled image file input with a preview of the chosen picture. */
export function ImagePicker({
  label,
  file,
  onChange,
  onBlur,
  error,
  recommendSize = false,
  inputRef,
  hint,
}: ImagePickerProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const noteId = `${id}-note`;
  const hintId = `${id}-hint`;
  const preview = useObjectUrl(file);
  // The file last found larger than recommended; the note shows while that file is the chosen one.
  const [oversized, setOversized] = useState<File | null>(null);
  const latest = useRef<File | null>(null);
  const showNote = recommendSize && file !== null && oversized === file;

  const choose = (chosen: File | null) => {
    latest.current = chosen;
    onChange(chosen);
    if (!chosen || !recommendSize) return;
    void isLargerThanRecommended(chosen).then((larger) => {
      if (larger && latest.current === chosen) setOversized(chosen);
    });
  };

  const describedBy = [error ? errorId : null, showNote ? noteId : null, hintId].filter(Boolean).join(' ');

  return (
    <div className="image-picker mb-3">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <div className="image-picker__body">
        {preview ? (
          <img className="image-picker__preview" src={preview} alt={`${label} preview`} />
        ) : (
          <span className="image-picker__preview image-picker__preview--empty" aria-hidden="true" />
        )}
        <input
          id={id}
          ref={inputRef}
          type="file"
          accept={ACCEPTED_IMAGES}
          className={`form-control${error ? ' is-invalid' : ''}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => choose(event.target.files?.[0] ?? null)}
          onBlur={onBlur}
        />
      </div>
      <p id={hintId} className="form-text mb-0">
        {hint}
      </p>
      {showNote && (
        <p id={noteId} className="form-text text-info mb-0">
          {Messages.recommendedImage}
        </p>
      )}
      {error && (
        <div id={errorId} className="invalid-feedback d-block" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}
