import { appName } from '../lib/env';

/**
 * The console's sections by path segment. The console's own navigation lives in its lazy chunk,
 * so the names are repeated here; a test keeps the two lists equal.
 */
export const ADMIN_SECTION_NAMES: Readonly<Record<string, string>> = {
  titles: 'Titles',
  media: 'Media',
  genres: 'Genres',
  people: 'People',
  banners: 'Banners',
  submissions: 'Submissions',
  plans: 'Plans and taxes',
  members: 'Members',
  mail: 'Mail',
  jobs: 'Jobs',
  audit: 'Audit log',
  settings: 'Settings',
};

const ADMIN_SECTION_TITLES = Object.entries(ADMIN_SECTION_NAMES).map(
  ([segment, name]) => [new RegExp(`^/admin/${segment}(/|$)`), `${name} · Console`] as const,
);

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
  ...ADMIN_SECTION_TITLES,
  [/^\/admin(\/|$)/, 'Overview · Console'],
];

export function titleForPath(pathname: string): string {
  const match = TITLES.find(([pattern]) => pattern.test(pathname));
  return `${match ? match[1] : 'Default Title'} | ${appName}`;
}
