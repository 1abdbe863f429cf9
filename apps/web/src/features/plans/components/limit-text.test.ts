import { describe, expect, it } from 'vitest';
import { limitText } from './limit-text';

describe('limitText', () => {
  it('keeps text as it is', () => {
    expect(limitText('1080p')).toBe('1080p');
  });

  it('reads an object as labelled values', () => {
    expect(limitText({ devices: 2, max_titles: 25, offline: true, hdr: false })).toBe(
      'Devices: 2, Max titles: 25, Offline: Yes, Hdr: No',
    );
    expect(limitText({ screens: { mobile: 1, tv: 2 }, languages: ['Hindi', 'Tamil'] })).toBe(
      'Screens: (Mobile: 1, Tv: 2), Languages: Hindi, Tamil',
    );
  });
});
