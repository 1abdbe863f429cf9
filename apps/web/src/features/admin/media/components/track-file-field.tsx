import { useId, useRef, useState, type RefObject } from 'react';

interface TrackFileOptions {
  /** Said when the form is sent without a file. */
  missingMessage: string;
  /** Checks a chosen file before it is sent: what is wrong with it, or null. */
  check?: (file: File) => string | null;
}

export interface TrackFile {
  file: File | null;
  error: string | null;
  inputRef: RefObject<HTMLInputElement | null>;
  /** Takes the file chosen in the input (none when the choice was cancelled). */
  choose: (chosen: File | undefined) => void;
  /** The file to send; without one, says it is missing and gives null. */
  require: () => File | null;
  /** Shows the server's word on the file. */
  setError: (message: string | null) => void;
  /** Forgets the file and empties the input, once the track is added. */
  clear: () => void;
}

/** The file of a track being added (captions, audio): the choice, its error, and emptying it after. */
export function useTrackFile({ missingMessage, check }: TrackFileOptions): TrackFile {
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  return {
    file,
    error,
    inputRef,
    setError,
    choose: (chosen) => {
      setFile(chosen ?? null);
      setError(chosen && check ? check(chosen) : null);
    },
    require: () => {
      if (!file) setError(missingMessage);
      return file;
    },
    clear: () => {
      setFile(null);
      if (inputRef.current) inputRef.current.value = '';
    },
  };
}

interface TrackFileFieldProps {
  trackFile: TrackFile;
  label: string;
  /** The input's `accept`: the types the picker offers. */
  accept: string;
  /** A line under the input, e.g. what the file must be like. */
  hint?: string;
}

/** The labelled file input of a track's form, with its hint and its error tied to it. */
export function TrackFileField({ trackFile, label, accept, hint }: TrackFileFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const { error, inputRef, choose } = trackFile;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ');
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <input
        ref={inputRef}
        id={id}
        type="file"
        accept={accept}
        className={`form-control${error ? ' is-invalid' : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        onChange={(event) => choose(event.target.files?.[0])}
      />
      {hint ? (
        <div id={hintId} className="form-text">
          {hint}
        </div>
      ) : null}
      {error ? (
        <div id={errorId} className="invalid-feedback d-block" role="alert">
          {error}
        </div>
      ) : null}
    </div>
  );
}
