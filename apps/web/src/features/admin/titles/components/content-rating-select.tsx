import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { DEFAULT_CONTENT_RATING_SCALE } from '@reeltime/contract';
import { settingsQuery } from '../../settings/api/settings-api';

interface ContentRatingSelectProps {
  registration: UseFormRegisterReturn;
  /** The rating the title has now, kept as a choice even when it is not on the scale. */
  current: string;
  error?: string | undefined;
}

/**
 * The content rating as a choice from the site's rating scale, so that a typo cannot hide a title
 * from every profile with a maturity limit (an unknown rating counts as the highest).
 */
export function ContentRatingSelect({ registration, current, error }: ContentRatingSelectProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const settings = useQuery(settingsQuery());
  const scale = settings.data?.content_rating_scale ?? DEFAULT_CONTENT_RATING_SCALE;
  const offScale = current !== '' && !scale.includes(current);

  return (
    <div className="form-field mb-3">
      <label htmlFor={id} className="form-label">
        Content rating
      </label>
      <select
        id={id}
        className={`form-select${error ? ' is-invalid' : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        {...registration}
      >
        <option value="">No rating</option>
        {scale.map((label) => (
          <option key={label} value={label}>
            {label}
          </option>
        ))}
        {offScale ? <option value={current}>{current} (not on the rating scale)</option> : null}
      </select>
      <div id={hintId} className="form-text">
        {offScale
          ? 'This rating is not on the scale in Settings: profiles with a maturity limit do not see the title.'
          : 'Titles without a rating are shown only to profiles without a maturity limit.'}
      </div>
      {error ? (
        <div id={errorId} className="invalid-feedback d-block" role="alert">
          {error}
        </div>
      ) : null}
    </div>
  );
}
