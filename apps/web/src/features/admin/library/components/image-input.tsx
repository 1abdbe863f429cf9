import { useEffect, useId, useState } from 'react';
import { AdminLibraryLimits, AdminLibraryMessages } from '@reeltime/contract';
import { ACCEPTED_IMAGES, imageFileProblem } from '../../../../lib/image-file';

const MAX_MB = AdminLibraryLimits.imageBytes / 1024 / 1024;

interface ImageInputProps {
  label: string;
  /** The image already stored, shown until a new file is chosen; empty for none. */
  currentUrl: string;
  file: File | null;
  onChange: (file: File | null) => void;
  /** What the picture is for, such as "Shown at 400x400". */
  hint: string;
  error?: string | undefined;
  /** The preview's shape. */
  shape?: 'square' | 'wide';
}

/**
 * A picture input with a preview of the chosen file (or of the stored image), refusing a file that
 * is not an image by its bytes, or is over the size limit, the moment it is chosen.
 */
export function ImageInput({
  label,
  currentUrl,
  file,
  onChange,
  hint,
  error,
  shape = 'square',
}: ImageInputProps) {
  const id = useId();
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | undefined>(undefined);

  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const shown = preview ?? currentUrl;
  const message = problem ?? error;
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <div className="library-image-input">
        <div className={`library-image-input__preview library-image-input__preview--${shape}`}>
          {shown ? <img src={shown} alt={`${label} preview`} /> : <span>No picture</span>}
        </div>
        <div className="flex-grow-1">
          <input
            id={id}
            type="file"
            accept={ACCEPTED_IMAGES}
            className={`form-control${message ? ' is-invalid' : ''}`}
            aria-describedby={`${id}-hint${message ? ` ${id}-error` : ''}`}
            aria-invalid={message ? true : undefined}
            onChange={(event) => {
              const input = event.currentTarget;
              const chosen = input.files?.[0] ?? null;
              if (!chosen) {
                setProblem(undefined);
                onChange(null);
                return;
              }
              void imageFileProblem(
                chosen,
                AdminLibraryLimits.imageBytes,
                AdminLibraryMessages.imageTooLarge,
              ).then((refusal) => {
                setProblem(refusal);
                if (refusal) input.value = '';
                onChange(refusal ? null : chosen);
              });
            }}
          />
          <div id={`${id}-hint`} className="form-text">
            {hint} JPEG, PNG, WebP or GIF, at most {MAX_MB} MB.
          </div>
          {message ? (
            <div id={`${id}-error`} className="invalid-feedback d-block" role="alert">
              {message}
            </div>
          ) : null}
        </div>
      </div>
    </div>
  );
}
