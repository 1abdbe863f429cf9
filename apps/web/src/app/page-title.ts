import { matchPath } from 'react-router';
import { appName } from '../lib/env';
import { patterns } from '../lib/paths';

/**
 * Page titles by route pattern (spec section 2), first match wins. A pattern with `end: false`
 * also names the pages below it.
 */
const TITLES: ReadonlyArray<readonly [pattern: string, title: string, end?: false]> = [
  [patterns.browse, 'Browse'],
  [patterns.movies, 'Movies', false],
  [patterns.tvShows, 'Tv shows'],
  [patterns.login, 'Login'],
  [patterns.signup, 'Signup'],
  [patterns.editProfile, 'Edit Profile'],
  [patterns.playbackPreferences, 'Playback settings'],
  [patterns.submitMovie, 'Submit Your Movie'],
  [patterns.movie, 'Movie', false],
  [patterns.watch, 'Watch'],
  [patterns.search, 'Search'],
  [patterns.plans, 'Subscription Plans'],
  [patterns.paymentDetail, 'Payment Details', false],
  [patterns.profiles, "Who's watching?"],
  [patterns.manageProfiles, 'Manage profiles'],
  // The console names its own sections (see admin-layout.tsx), so its names stay in its chunk.
  [patterns.admin.overview, 'Console', false],
];

export function titleForPath(pathname: string): string {
  const match = TITLES.find(([path, , end = true]) => matchPath({ path, end }, pathname));
  return `${match ? match[1] : 'Default Title'} | ${appName}`;
}
