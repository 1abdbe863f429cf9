import { appName } from '../lib/env';

/** Page titles by path (spec section 2), first match wins. */
const TITLES: ReadonlyArray<readonly [RegExp, string]> = [
  [/^\/browse\/?$/, 'Browse'],
  [/^\/movies(\/|$)/, 'Movies'],
  [/^\/tv-show\/?$/, 'Tv shows'],
  [/^\/login\/?$/, 'Login'],
  [/^\/signup\/?$/, 'Signup'],
  [/^\/edit-profile\/?$/, 'Edit Profile'],
  [/^\/submit-your-movie\/?$/, 'Submit Your Movie'],
  [/^\/movie-details(\/|$)/, 'Movie'],
  [/^\/search\/?$/, 'Search'],
  [/^\/plans\/?$/, 'Subscription Plans'],
  [/^\/get-payment-detail(\/|$)/, 'Payment Details'],
  // The console names its own sections (see admin-layout.tsx), so its names stay in its chunk.
  [/^\/admin(\/|$)/, 'Console'],
];

export function titleForPath(pathname: string): string {
  const match = TITLES.find(([pattern]) => pattern.test(pathname));
  return `${match ? match[1] : 'Default Title'} | ${appName}`;
}
