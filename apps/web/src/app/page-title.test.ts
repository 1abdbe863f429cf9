import { describe, expect, it } from 'vitest';
import { titleForPath } from './page-title';

describe('titleForPath', () => {
  it.each([
    ['/browse', 'Browse'],
    ['/movies', 'Movies'],
    ['/movies/3', 'Movies'],
    ['/tv-show', 'Tv shows'],
    ['/login', 'Login'],
    ['/signup', 'Signup'],
    ['/edit-profile', 'Edit Profile'],
    ['/submit-your-movie', 'Submit Your Movie'],
    ['/movie-details/9', 'Movie'],
    ['/watch/9', 'Watch'],
    ['/search', 'Search'],
    ['/plans', 'Subscription Plans'],
    ['/get-payment-detail/2', 'Payment Details'],
    ['/', 'Default Title'],
    ['/my-watch-list', 'Default Title'],
    ['/nowhere', 'Default Title'],
    ['/admin/audit', 'Console'],
  ])('%s -> %s | Reeltime', (path, title) => {
    expect(titleForPath(path)).toBe(`${title} | Reeltime`);
  });
});
