import { describe, expect, it } from 'vitest';
import { formatDuration, overlayWatchList, releaseYear, toMovieCard } from './card.mapper';

describe('formatDuration', () => {
  it('writes minutes as H:M with two-digit minutes', () => {
    expect(formatDuration(125)).toBe('2:05');
    expect(formatDuration(45)).toBe('0:45');
    expect(formatDuration(60)).toBe('1:00');
    expect(formatDuration(0)).toBe('0:00');
  });
  it('keeps an unknown duration null', () => {
    expect(formatDuration(null)).toBeNull();
    expect(formatDuration(undefined)).toBeNull();
    expect(formatDuration(-5)).toBeNull();
  });
});

describe('releaseYear', () => {
  it('takes the part before the first dash', () => {
    expect(releaseYear('2021-07-04')).toBe(2021);
    expect(releaseYear(null)).toBeNull();
    expect(releaseYear('')).toBeNull();
    expect(releaseYear('unknown')).toBeNull();
  });
});

describe('overlayWatchList', () => {
  it('returns new cards and leaves shared ones untouched', () => {
    const shared = [
      toMovieCard({
        id: 1,
        name: 'A',
        type: 'movie',
        poster_image: '/p',
        thumbnail_image: '/t',
        thumbnail_widths: '',
        content_rating: 'PG',
        language: 'English',
        duration_minutes: 90,
      }),
      toMovieCard({
        id: 2,
        name: 'B',
        type: 'tvshow',
        poster_image: '/p',
        thumbnail_image: '/t',
        thumbnail_widths: '',
        content_rating: 'PG',
        language: 'English',
        duration_minutes: null,
      }),
    ];
    const mine = overlayWatchList(shared, new Set([2]));
    expect(mine.map((card) => card.is_watch_list)).toEqual([false, true]);
    expect(shared.map((card) => card.is_watch_list)).toEqual([false, false]);
    expect(shared[0]!.duration).toBe('1:30');
    expect(shared[1]!.duration).toBeNull();
  });
});
