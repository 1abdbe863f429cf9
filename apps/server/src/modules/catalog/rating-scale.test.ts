import { describe, expect, it } from 'vitest';
import { DEFAULT_CONTENT_RATING_SCALE } from '@reeltime/contract';
import { ratingFilter } from './rating-scale';

const scale = DEFAULT_CONTENT_RATING_SCALE;

describe('the ratings a maturity limit allows', () => {
  it('hides nothing without a limit, or with the top of the scale as the limit', () => {
    expect(ratingFilter(scale, null)).toBeNull();
    expect(ratingFilter(scale, undefined)).toBeNull();
    expect(ratingFilter(scale, 'A')).toBeNull();
  });

  it('allows the labels up to and including the limit, in the scale’s order', () => {
    expect(ratingFilter(scale, 'U')).toEqual(['U']);
    expect(ratingFilter(scale, 'U/A 7+')).toEqual(['U', 'U/A 7+']);
    expect(ratingFilter(scale, 'U/A 13+')).toEqual(['U', 'U/A 7+', 'U/A 13+']);
    expect(ratingFilter(scale, 'U/A 16+')).toEqual(['U', 'U/A 7+', 'U/A 13+', 'U/A 16+']);
  });

  it('follows the operator’s order, not the labels', () => {
    const reordered = ['U', 'U/A 16+', 'U/A 7+', 'A', 'U/A 13+'];
    expect(ratingFilter(reordered, 'U/A 7+')).toEqual(['U', 'U/A 16+', 'U/A 7+']);
    expect(ratingFilter(reordered, 'A')).toEqual(['U', 'U/A 16+', 'U/A 7+', 'A']);
    expect(ratingFilter(reordered, 'U/A 13+')).toBeNull();
  });

  it('never allows unrated titles or ratings off the scale under a limit below the top', () => {
    for (const limit of ['U', 'U/A 7+', 'U/A 13+', 'U/A 16+']) {
      const allowed = ratingFilter(scale, limit)!;
      expect(allowed).not.toContain('');
      expect(allowed).not.toContain('NC-17');
    }
  });

  it('lets a limit no longer on the scale see the mildest rating only', () => {
    expect(ratingFilter(scale, 'PG-13')).toEqual(['U']);
    expect(ratingFilter(scale, 'u/a 13+')).toEqual(['U']);
  });
});
