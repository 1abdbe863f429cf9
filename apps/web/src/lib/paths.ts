/**
 * Every page's route pattern, as the router declares it. Links never spell these out: they call
 * `paths`, which fills in the parameters.
 */
export const patterns = {
  landing: '/',
  login: '/login',
  signup: '/signup',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  browse: '/browse',
  /** All movies, or those of a genre or a cast member (`?type=genre|cast`). */
  movies: '/movies/:id?',
  tvShows: '/tv-show',
  movie: '/movie-details/:id',
  /** The full-screen player of a title; a show's episode in `?episode=`. */
  watch: '/watch/:id',
  search: '/search',
  watchList: '/my-watch-list',
  /** The watch list's older address, still linked from outside. */
  watchListAlias: '/mylist',
  editProfile: '/edit-profile',
  submitMovie: '/submit-your-movie',
  mySubmissions: '/my-submissions',
  plans: '/plans',
  paymentDetail: '/get-payment-detail/:plan_id',
  paymentSuccess: '/payment-success',
  billing: '/billing',
  receipt: '/billing/:id/receipt',
  /** "Who's watching?": the household's profiles to choose from. */
  profiles: '/profiles',
  manageProfiles: '/profiles/manage',
  /** The profile's audio and subtitle languages and subtitle style. */
  playbackPreferences: '/playback-settings',
  admin: {
    overview: '/admin',
    titles: '/admin/titles',
    newTitle: '/admin/titles/new',
    title: '/admin/titles/:id',
    media: '/admin/media',
    playback: '/admin/playback',
    genres: '/admin/genres',
    people: '/admin/people',
    banners: '/admin/banners',
    submissions: '/admin/submissions',
    plans: '/admin/plans',
    members: '/admin/members',
    member: '/admin/members/:id',
    mail: '/admin/mail',
    jobs: '/admin/jobs',
    audit: '/admin/audit',
    settings: '/admin/settings',
  },
} as const;

type Id = number | string;

/**
 * `pattern` with its `:param` segments filled in; an optional `:param?` left out is dropped. (Not
 * React Router's `generatePath`: importing the router here would split it out of the entry chunk.)
 */
function fill(pattern: string, params: Record<string, string> = {}): string {
  const path = pattern.replace(/\/:(\w+)\??/g, (_, name: string) =>
    params[name] === undefined ? '' : `/${params[name]}`,
  );
  return path || '/';
}

type Query = Record<string, string | number | boolean>;

/** `path?key=value&...`, each value URI-encoded; `path` alone without a query. */
function withQuery(path: string, query?: Query): string {
  const pairs = Object.entries(query ?? {}).map(
    ([key, value]) => `${key}=${encodeURIComponent(String(value))}`,
  );
  return pairs.length === 0 ? path : `${path}?${pairs.join('&')}`;
}

/** The href of every page of the site and the console. */
export const paths = {
  landing: () => patterns.landing,
  /** The sign-in page; `next` is the page of this site to come back to afterwards. */
  login: (next?: string) => (next ? withQuery(patterns.login, { next }) : patterns.login),
  signup: (next?: string) => (next ? withQuery(patterns.signup, { next }) : patterns.signup),
  forgotPassword: () => patterns.forgotPassword,
  resetPassword: () => patterns.resetPassword,
  browse: () => patterns.browse,
  /** All movies, or the movies of a genre or of a cast member. */
  movies: (filter?: { id: Id; type: 'genre' | 'cast' }) =>
    filter
      ? withQuery(fill(patterns.movies, { id: String(filter.id) }), { type: filter.type })
      : fill(patterns.movies),
  tvShows: () => patterns.tvShows,
  movie: (id: Id) => fill(patterns.movie, { id: String(id) }),
  /** Plays a title full screen: where the member stopped, or the given episode of a show. */
  watch: (id: Id, episodeId?: Id) =>
    withQuery(
      fill(patterns.watch, { id: String(id) }),
      episodeId === undefined ? undefined : { episode: episodeId },
    ),
  /** The search page, with `text` in its box when given. */
  search: (text?: string) => (text === undefined ? patterns.search : withQuery(patterns.search, { q: text })),
  watchList: () => patterns.watchList,
  editProfile: () => patterns.editProfile,
  submitMovie: () => patterns.submitMovie,
  mySubmissions: () => patterns.mySubmissions,
  plans: () => patterns.plans,
  paymentDetail: (planId: Id) => fill(patterns.paymentDetail, { plan_id: String(planId) }),
  paymentSuccess: (sessionId: string) => withQuery(patterns.paymentSuccess, { session_id: sessionId }),
  billing: () => patterns.billing,
  receipt: (paymentId: Id) => fill(patterns.receipt, { id: String(paymentId) }),
  /** "Who's watching?"; `next` is the page of this site to go on to once a profile is chosen. */
  profiles: (next?: string) => (next ? withQuery(patterns.profiles, { next }) : patterns.profiles),
  manageProfiles: () => patterns.manageProfiles,
  playbackPreferences: () => patterns.playbackPreferences,
  admin: {
    overview: () => patterns.admin.overview,
    /** The titles list, filtered by its URL state when given (`{ published: false }`). */
    titles: (query?: Query) => withQuery(patterns.admin.titles, query),
    newTitle: () => patterns.admin.newTitle,
    title: (id: Id) => fill(patterns.admin.title, { id: String(id) }),
    plans: () => patterns.admin.plans,
    members: () => patterns.admin.members,
    member: (id: Id) => fill(patterns.admin.member, { id: String(id) }),
    /** The jobs list, filtered by its URL state when given (`{ state: 'failed' }`). */
    jobs: (query?: Query) => withQuery(patterns.admin.jobs, query),
  },
} as const;
