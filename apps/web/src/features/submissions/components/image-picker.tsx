import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Messages } from '@reeltime/contract';
import { ACCEPTED_IMAGES, imageFileProblem } from '../../../lib/image-file';
import { isLargerThanRecommended } from './image-size';

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
  /** The largest file the server takes here, and its message for a larger one. */
  maxBytes: number;
  tooLargeMessage: string;
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
  maxBytes,
  tooLargeMessage,
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
  // Why the file just chosen was refused (its bytes are no image, or it is too large).
  const [refusal, setRefusal] = useState<string | null>(null);
  const shownError = refusal ?? error;

  const choose = async (input: HTMLInputElement) => {
    const chosen = input.files?.[0] ?? null;
    latest.current = chosen;
    if (!chosen) {
      setRefusal(null);
      onChange(null);
      return;
    }
    const problem = await imageFileProblem(chosen, maxBytes, tooLargeMessage);
    if (latest.current !== chosen) return;
    setRefusal(problem ?? null);
    if (problem) {
      // A refused file is neither kept nor previewed.
      input.value = '';
      onChange(null);
      return;
    }
    onChange(chosen);
    if (!recommendSize) return;
    void isLargerThanRecommended(chosen).then((larger) => {
      if (larger && latest.current === chosen) setOversized(chosen);
    });
  };

  const describedBy = [shownError ? errorId : null, showNote ? noteId : null, hintId]
    .filter(Boolean)
    .join(' ');

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
          className={`form-control${shownError ? ' is-invalid' : ''}`}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => void choose(event.currentTarget)}
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
      {shownError && (
        <div id={errorId} className="invalid-feedback d-block" role="alert">
          {shownError}
        </div>
      )}
    </div>
  );
}
