/** Base path of the HTTP API. */
export const API_BASE = '/api/v1';

/** API paths relative to {@link API_BASE}. Parameterised ones use Fastify's `:name` form. */
export const ApiPaths = {
  register: '/register',
  login: '/login',
  logout: '/logout',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  banners: '/user/banners',
  popularMovies: '/user/popular-movie',
  latestMovies: '/user/latest-movie',
  topChannels: '/user/top-channels',
  freeMovies: '/user/free-movie',
  mostLikedMovies: '/user/most-like-movie',
  mostViewedMovies: '/user/most-view-movie',
  tvShows: '/user/tvshow-list',
  genres: '/user/get-gener',
  movieList: '/user/movie-list',
  movieDetails: '/user/movie-details/:id',
  suggestions: '/user/search-list-dropdown',
  search: '/user/get-search',
  saveWatchList: '/user/save-watch-list',
  watchList: '/user/watch-list',
  updateProfile: '/user/update-profile',
  changePassword: '/user/change-password',
  submitMovie: '/user/movie-detail-request',
  mySubmissions: '/user/my-submissions',
  plans: '/user/plans',
  subscriptionPlan: '/user/subscription-plan',
  cancelSubscription: '/user/cancle-subscription',
  paymentDetails: '/user/get-payment-details',
  processPayment: '/user/process-payment',
  paymentSuccess: '/user/payment-success',
  payments: '/user/payments',
  receipt: '/user/payments/:id/receipt',
  sendMailToCast: '/user/send-mail-to-cast',
  playbackProgress: '/user/playback-progress',
  continueWatching: '/user/continue-watching',
  like: '/user/like',
  playbackLease: '/user/playback-lease',
  endPlaybackLease: '/user/playback-lease/end',
  /** What the web app needs of the site settings (name, sign-ups open); public. */
  siteSettings: '/site-settings',
} as const;

/** The six browse rows, in the order of their API paths. */
export const RowPaths = {
  popular: ApiPaths.popularMovies,
  latest: ApiPaths.latestMovies,
  topChannels: ApiPaths.topChannels,
  free: ApiPaths.freeMovies,
  mostLiked: ApiPaths.mostLikedMovies,
  mostViewed: ApiPaths.mostViewedMovies,
} as const;
export type RowName = keyof typeof RowPaths;
