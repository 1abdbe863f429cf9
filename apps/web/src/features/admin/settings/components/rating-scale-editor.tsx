import { useId, useState } from 'react';
import { AdminSettingsMessages, RATING_LABEL_MAX, RATING_SCALE_MAX } from '@reeltime/contract';

interface RatingScaleEditorProps {
  value: readonly string[];
  onChange: (scale: string[]) => void;
  onBlur?: () => void;
  /** The form's message for the scale, if any. */
  error?: string | undefined;
}

/** The scale with one label moved a step up or down. */
function moved(scale: readonly string[], index: number, step: -1 | 1): string[] {
  const next = [...scale];
  const [label] = next.splice(index, 1);
  next.splice(index + step, 0, label!);
  return next;
}

/** Why a new label cannot join the scale, or null when it can. */
function refusal(scale: readonly string[], label: string): string | null {
  if (label === '') return AdminSettingsMessages.ratingLabelRequired;
  if (label.length > RATING_LABEL_MAX) return AdminSettingsMessages.ratingLabelTooLong;
  if (scale.some((existing) => existing.toLowerCase() === label.toLowerCase())) {
    return AdminSettingsMessages.ratingLabelRepeated(label);
  }
  if (scale.length >= RATING_SCALE_MAX) return AdminSettingsMessages.ratingScaleTooLong;
  return null;
}

/**
 * The content-rating scale, mildest first: move a label up or down, remove it, or add one at the
 * strict end. The order is what a profile's maturity limit reads.
 */
export function RatingScaleEditor({ value, onChange, onBlur, error }: RatingScaleEditorProps) {
  const id = useId();
  const [draft, setDraft] = useState('');
  const [draftError, setDraftError] = useState<string | null>(null);

  const add = () => {
    const label = draft.trim();
    const refused = refusal(value, label);
    setDraftError(refused);
    if (refused) return;
    onChange([...value, label]);
    setDraft('');
  };

  return (
    <fieldset className="rating-scale" aria-describedby={`${id}-hint`} onBlur={onBlur}>
      <legend className="form-label fs-6 mb-1">Content-rating scale</legend>
      <ol className="rating-scale__list" aria-label="Ratings, mildest first">
        {value.map((label, index) => (
          <li key={label} className="rating-scale__item">
            <span className="rating-scale__rank" aria-hidden="true">
              {index + 1}
            </span>
            <span className="rating-scale__label">{label}</span>
            <span className="d-inline-flex gap-1">
              <button
                type="button"
                className="btn btn-sm btn-outline-light"
                aria-label={`Move ${label} up (milder)`}
                disabled={index === 0}
                onClick={() => onChange(moved(value, index, -1))}
              >
                ↑
              </button>
              <button
                type="button"
                className="btn btn-sm btn-outline-light"
                aria-label={`Move ${label} down (stricter)`}
                disabled={index === value.length - 1}
                onClick={() => onChange(moved(value, index, 1))}
              >
                ↓
              </button>
              <button
                type="button"
                className="btn btn-sm btn-outline-danger"
                aria-label={`Remove ${label}`}
                disabled={value.length === 1}
                onClick={() => onChange(value.filter((_, at) => at !== index))}
              >
                ✕
              </button>
            </span>
          </li>
        ))}
      </ol>
      <div className="rating-scale__add">
        <label htmlFor={`${id}-new`} className="visually-hidden">
          New rating label
        </label>
        <input
          id={`${id}-new`}
          className={`form-control form-control-sm${draftError ? ' is-invalid' : ''}`}
          placeholder="New rating, e.g. U/A 18+"
          value={draft}
          maxLength={RATING_LABEL_MAX}
          aria-invalid={draftError ? true : undefined}
          aria-describedby={draftError ? `${id}-draft-error` : undefined}
          onChange={(event) => {
            setDraft(event.target.value);
            setDraftError(null);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
        />
        <button type="button" className="btn btn-sm btn-outline-light" onClick={add}>
          Add rating
        </button>
      </div>
      {draftError ? (
        <div id={`${id}-draft-error`} className="invalid-feedback d-block" role="alert">
          {draftError}
        </div>
      ) : null}
      {error ? (
        <div className="invalid-feedback d-block" role="alert">
          {error}
        </div>
      ) : null}
      <p id={`${id}-hint`} className="form-text settings-form__hint">
        Mildest first. A profile with a maturity limit sees the titles rated at or below it; titles without a
        rating, or with one not on this list, count as the strictest and show only to profiles without a limit
        (or limited to the last rating). Labels match titles’ ratings exactly.
      </p>
    </fieldset>
  );
}
