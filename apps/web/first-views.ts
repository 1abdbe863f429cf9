/**
 * The first view of a page as static HTML (decision 0049): what the server writes into
 * `<div id="root">` for the page's address, drawn with the page's stylesheets (all in the head)
 * before any script has run. Each is the frame of the page's layout and the placeholders React
 * shows while the page's data loads, in the same elements and classes, so nothing moves when React
 * takes over; `first-views.test.tsx` checks them against what React renders. Nothing here depends
 * on the visitor (signed in or not, profile), which the server does not know: the header's
 * actions, a signed-in member's buttons and the page's data come with React.
 *
 * `__APP_NAME__` is the site's name, filled in by the server (escaped).
 */

/** The names of the first views, for `FIRST_LOAD_PAGES` in route-preloads.ts. */
export type FirstViewName =
  'landing' | 'login' | 'public' | 'browse' | 'movies' | 'tvShows' | 'details' | 'site';

// Icons, as components/icons.tsx and components/brand.tsx draw them.
const BRAND_MARK =
  '<svg class="brand__mark" viewBox="0 0 64 64" width="28" height="28" aria-hidden="true">' +
  '<rect width="64" height="64" rx="14" fill="currentColor"></rect><path d="M24 18v28l22-14z" fill="#fff"></path></svg>';
const MENU_ICON =
  '<svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">' +
  '<path fill="currentColor" d="M3 6h18v2H3V6Zm0 5h18v2H3v-2Zm0 5h18v2H3v-2Z"></path></svg>';
const CHEVRON_DOWN =
  '<svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false" style="transform:rotate(90deg)">' +
  '<path fill="currentColor" d="m9.4 5 7 7-7 7L8 17.6l5.6-5.6L8 6.4 9.4 5Z"></path></svg>';

const brand = (href: string) =>
  `<a class="brand" aria-label="__APP_NAME__ home" href="${href}">${BRAND_MARK}<span class="brand__name">__APP_NAME__</span></a>`;

const NAV_LINKS = [
  { href: '/browse', label: 'Home' },
  { href: '/movies', label: 'Movies' },
  { href: '/tv-show', label: 'TV Show' },
] as const;

/** The member site's header (app/layouts/site-header.tsx) without its actions, and the page in its main. */
function siteLayout(page: string, active?: string): string {
  const link = (href: string, label: string) =>
    `<a class="nav-link${href === active ? ' active' : ''}"${href === active ? ' aria-current="page"' : ''} href="${href}">${label}</a>`;
  return (
    '<div class="site-layout"><header class="site-header"><nav class="navbar navbar-expand-lg" aria-label="Main">' +
    '<div class="container-xxl site-header__inner">' +
    `<button type="button" class="navbar-toggler icon-button" aria-expanded="false" aria-label="Menu">${MENU_ICON}</button>` +
    brand('/browse') +
    '<div class="collapse navbar-collapse"><ul class="navbar-nav">' +
    NAV_LINKS.map((item) => `<li class="nav-item">${link(item.href, item.label)}</li>`).join('') +
    `<li class="nav-item d-none d-lg-block">${link('/my-watch-list', 'My Watchlist')}</li>` +
    '</ul></div><div class="site-header__actions"></div></div></nav></header>' +
    `<main id="main" tabindex="-1">${page}</main></div>`
  );
}

/** The landing and account pages' frame (app/layouts/public-layout.tsx), without its call to action. */
function publicLayout(page: string, landing = false): string {
  return (
    `<div class="public-layout${landing ? ' public-layout--landing' : ''}"><header class="public-header">` +
    `<div class="container-xxl public-header__inner">${brand('/')}</div></header>` +
    `<main id="main" tabindex="-1">${page}</main></div>`
  );
}

/** components/shimmer.tsx's CardShimmer in its grid column, and the ShimmerGrid of ten. */
const SHIMMER_CELL =
  '<div class="col-6 col-sm-6 col-md-4 col-lg-3 col-xl-2"><div class="movie-card shimmer-card" aria-hidden="true">' +
  '<div class="shimmer shimmer-card__poster"></div><div class="movie-card__body">' +
  '<div class="movie-card__title shimmer-card__title"><span class="shimmer shimmer-card__bar"></span></div>' +
  '<div class="movie-card__meta shimmer-card__meta"><span class="shimmer shimmer-card__bar shimmer-card__bar--short"></span></div>' +
  '<div class="movie-card__actions"><span class="shimmer shimmer-card__button"></span>' +
  '<span class="shimmer watch-list-button shimmer-card__round"></span></div></div></div></div>';
const SHIMMER_GRID =
  '<div class="row g-3 g-lg-4" role="status" aria-busy="true"><span class="visually-hidden">Loading</span>' +
  `${SHIMMER_CELL.repeat(10)}</div>`;

/** A catalogue page's heading and genre button (features/titles/pages/movies-page.tsx), over its placeholders. */
function catalogue(title: string, genres: boolean): string {
  return (
    '<section class="container-xxl page-section"><div class="page-header">' +
    `<h1 class="page-title">${title}</h1>` +
    (genres
      ? '<div class="genre-dropdown">' +
        '<button type="button" class="btn btn-outline-light genre-dropdown__button" aria-expanded="false">' +
        `<span class="visually-hidden">Genre: </span>Genres${CHEVRON_DOWN}</button></div>`
      : '') +
    `</div>${SHIMMER_GRID}</section>`
  );
}

/** A form field (components/form-field.tsx). */
function field(label: string, id: string, input: string, password = false): string {
  const control = `<input id="${id}" ${input} class="form-control">`;
  return (
    `<div class="form-field mb-3"><label for="${id}" class="form-label">${label}</label>` +
    (password
      ? `<div class="input-group has-validation">${control}<button type="button" class="btn btn-outline-secondary password-toggle">Show<span class="visually-hidden"> ${label.toLowerCase()}</span></button></div>`
      : `<div>${control}</div>`) +
    '</div>'
  );
}

/**
 * The sign-in card (features/auth/pages/login-page.tsx): its heading is the page's largest paint.
 * Its fields take input before the script runs; the page keeps what was typed (src/lib/first-view.ts).
 */
const LOGIN_CARD =
  '<div class="auth-page"><section class="auth-card" aria-labelledby="auth-title">' +
  '<h1 id="auth-title" class="auth-card__title">Sign In</h1><form novalidate="">' +
  field('Email', 'first-view-email', 'type="email" autocomplete="email" inputmode="email" name="email"') +
  field(
    'Password',
    'first-view-password',
    'type="password" autocomplete="current-password" name="password"',
    true,
  ) +
  '<div class="d-flex justify-content-between align-items-center flex-wrap gap-2 mb-4">' +
  '<div class="form-check"><input id="remember-me" type="checkbox" class="form-check-input">' +
  '<label for="remember-me" class="form-check-label">Remember me</label></div>' +
  '<a href="/forgot-password">Forgot Password</a></div>' +
  '<button type="submit" class="btn btn-primary btn-lg w-100" disabled="" aria-busy="false">Sign In</button>' +
  '</form><div class="auth-card__footer"><p>New here? <a href="/signup">Sign up now</a></p></div>' +
  '</section></div>';

export const FIRST_VIEWS: Record<FirstViewName, string> = {
  landing: publicLayout('', true),
  login: publicLayout(LOGIN_CARD),
  public: publicLayout(''),
  browse: siteLayout(
    '<div class="browse-page"><h1 class="visually-hidden">Browse</h1><div class="hero hero--loading shimmer" aria-hidden="true"></div></div>',
    '/browse',
  ),
  movies: siteLayout(catalogue('Movies', true), '/movies'),
  tvShows: siteLayout(catalogue('TV Shows', false), '/tv-show'),
  details: siteLayout(
    '<div class="details__stage" role="status" aria-busy="true"><div class="container-xxl"><span class="visually-hidden">Loading title</span>' +
      `<div class="player player--loading shimmer" aria-hidden="true"></div><div class="mt-4">${SHIMMER_GRID}</div></div></div>`,
  ),
  site: siteLayout(''),
};
