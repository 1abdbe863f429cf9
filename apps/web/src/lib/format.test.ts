import { describe, expect, it } from 'vitest';
import { formatDate, formatDuration, formatMoney, looksLikeEmail, yearOf } from './format';

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

describe('formatMoney', () => {
  it('shows major units with two decimals in the given currency', () => {
    expect(formatMoney(149, 'INR')).toBe('₹149.00');
    expect(formatMoney(1234.5, 'EUR')).toBe('€1,234.50');
    expect(formatMoney(-39.9, 'INR')).toBe('-₹39.90');
  });

  it('falls back to the site currency, and keeps the amount with an unknown code', () => {
    expect(formatMoney(10)).toBe('₹10.00');
    expect(formatMoney(10, 'NOT-A-CODE')).toBe('10.00 NOT-A-CODE');
  });
});

describe('formatDate', () => {
  it('writes a calendar date in words, whatever the time zone', () => {
    expect(formatDate('2025-08-15')).toBe('15 August 2025');
    expect(formatDate('2026-01-01')).toBe('1 January 2026');
  });

  it('leaves other text as it is', () => {
    expect(formatDate('soon')).toBe('soon');
  });
});
