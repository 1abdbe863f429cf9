import { describe, expect, it } from 'vitest';
import { adminSections } from '../features/admin/shell/admin-sections';
import { ADMIN_SECTION_NAMES, titleForPath } from './page-title';

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
    ['/search', 'Search'],
    ['/plans', 'Subscription Plans'],
    ['/get-payment-detail/2', 'Payment Details'],
    ['/', 'Default Title'],
    ['/my-watch-list', 'Default Title'],
    ['/nowhere', 'Default Title'],
    ['/admin', 'Overview · Console'],
    ['/admin/audit', 'Audit log · Console'],
    ['/admin/titles/12', 'Titles · Console'],
    ['/admin/plans', 'Plans and taxes · Console'],
  ])('%s -> %s | Reeltime', (path, title) => {
    expect(titleForPath(path)).toBe(`${title} | Reeltime`);
  });
});

describe('console page titles', () => {
  it('name every section of the console’s navigation', () => {
    const named = adminSections.filter((section) => section.path !== '');
    expect(Object.fromEntries(named.map((section) => [section.path, section.label]))).toEqual(
      ADMIN_SECTION_NAMES,
    );
  });
});
