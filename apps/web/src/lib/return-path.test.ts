import { describe, expect, it } from 'vitest';
import { returnPathFrom, safeReturnPath } from './return-path';

const ORIGIN = 'http://127.0.0.1:3100';

describe('safeReturnPath', () => {
  it('keeps a path of this site with its query and hash', () => {
    expect(safeReturnPath('/movie-details/7', ORIGIN)).toBe('/movie-details/7');
    expect(safeReturnPath('/movies/3?type=genre#top', ORIGIN)).toBe('/movies/3?type=genre#top');
  });

  it.each([
    '//evil.example',
    '//evil.example/movie-details/7',
    'https://evil.example',
    'https://evil.example/movie-details/7',
    '/\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    'javascript:alert(1)',
    'movie-details/7',
    '',
  ])('refuses %j, which could lead off the site', (value) => {
    expect(safeReturnPath(value, ORIGIN)).toBeNull();
  });

  it('refuses the account pages themselves and anything that is not text', () => {
    expect(safeReturnPath('/login', ORIGIN)).toBeNull();
    expect(safeReturnPath('/signup?next=/browse', ORIGIN)).toBeNull();
    expect(safeReturnPath(42, ORIGIN)).toBeNull();
    expect(safeReturnPath(null, ORIGIN)).toBeNull();
  });
});

describe('returnPathFrom', () => {
  it('reads ?next= first, then the state a redirect carried', () => {
    expect(returnPathFrom('?next=%2Fmovie-details%2F7', { from: '/plans' })).toBe('/movie-details/7');
    expect(returnPathFrom('', { from: '/plans' })).toBe('/plans');
    expect(returnPathFrom('?next=%2F%2Fevil.example', { from: 'https://evil.example' })).toBeNull();
    expect(returnPathFrom('', undefined)).toBeNull();
  });
});
