import { describe, expect, it } from 'vitest';
import { formatDuration, looksLikeEmail, yearOf } from './format';

describe('formatDuration', () => {
  it.each([
    ['2:05', '2hrs 5min'],
    ['1:52', '1hrs 52min'],
    ['0:45', '0hrs 45min'],
    ['10:00', '10hrs 0min'],
    [' 2:5 ', '2hrs 5min'],
  ])('renders %s as %s', (input, expected) => {
    expect(formatDuration(input)).toBe(expected);
  });

  it.each([null, undefined, '', '   '])('renders a missing duration (%s) as Unknown duration', (input) => {
    expect(formatDuration(input)).toBe('Unknown duration');
  });

  it.each(['2h05', '2:', ':30', 'abc', '2:75', '1:2:3', '-1:30'])(
    'renders malformed %s as Invalid duration',
    (input) => {
      expect(formatDuration(input)).toBe('Invalid duration');
    },
  );
});

describe('yearOf', () => {
  it('takes the part before the first dash', () => {
    expect(yearOf('2024-05-17')).toBe('2024');
    expect(yearOf('1999')).toBe('1999');
    expect(yearOf('')).toBe('');
  });
});

describe('looksLikeEmail', () => {
  it('accepts a usual address and refuses partial ones', () => {
    expect(looksLikeEmail('a@example.com')).toBe(true);
    expect(looksLikeEmail('a@example')).toBe(false);
    expect(looksLikeEmail('a example.com')).toBe(false);
  });
});
