// Written from the endpoint definitions by `npm run contract:browser`; `npm test` checks that it is current.
// The web app resolves the contract here (the `browser` condition): each group holds only the method and
// path of its endpoints, typed by their definitions, so a page's bundle carries no schema it does not use.
import { endpointRoute } from './endpoint';
import type * as Contract from './index';

export * from './index';

export const AdminAuditEndpoints = {
  list: endpointRoute<typeof Contract.AdminAuditEndpoints.list>('GET', '/admin/audit'),
};

export const AdminBannersEndpoints = {
  list: endpointRoute<typeof Contract.AdminBannersEndpoints.list>('GET', '/admin/banners'),
  titleChoices: endpointRoute<typeof Contract.AdminBannersEndpoints.titleChoices>(
    'GET',
    '/admin/banners/title-choices',
  ),
  create: endpointRoute<typeof Contract.AdminBannersEndpoints.create>('POST', '/admin/banners'),
  reorder: endpointRoute<typeof Contract.AdminBannersEndpoints.reorder>('PUT', '/admin/banners/order'),
  update: endpointRoute<typeof Contract.AdminBannersEndpoints.update>('PATCH', '/admin/banners/:id'),
  remove: endpointRoute<typeof Contract.AdminBannersEndpoints.remove>('DELETE', '/admin/banners/:id'),
};

export const AdminCommerceEndpoints = {
  plans: endpointRoute<typeof Contract.AdminCommerceEndpoints.plans>('GET', '/admin/plans'),
  createPlan: endpointRoute<typeof Contract.AdminCommerceEndpoints.createPlan>('POST', '/admin/plans'),
  updatePlan: endpointRoute<typeof Contract.AdminCommerceEndpoints.updatePlan>('PATCH', '/admin/plans/:id'),
  deletePlan: endpointRoute<typeof Contract.AdminCommerceEndpoints.deletePlan>('DELETE', '/admin/plans/:id'),
  taxes: endpointRoute<typeof Contract.AdminCommerceEndpoints.taxes>('GET', '/admin/taxes'),
  createTax: endpointRoute<typeof Contract.AdminCommerceEndpoints.createTax>('POST', '/admin/taxes'),
  updateTax: endpointRoute<typeof Contract.AdminCommerceEndpoints.updateTax>('PATCH', '/admin/taxes/:id'),
  deleteTax: endpointRoute<typeof Contract.AdminCommerceEndpoints.deleteTax>('DELETE', '/admin/taxes/:id'),
};

export const AdminGenresEndpoints = {
  list: endpointRoute<typeof Contract.AdminGenresEndpoints.list>('GET', '/admin/genres'),
  create: endpointRoute<typeof Contract.AdminGenresEndpoints.create>('POST', '/admin/genres'),
  rename: endpointRoute<typeof Contract.AdminGenresEndpoints.rename>('PATCH', '/admin/genres/:id'),
  remove: endpointRoute<typeof Contract.AdminGenresEndpoints.remove>('DELETE', '/admin/genres/:id'),
};

export const AdminIntroSuggestionEndpoints = {
  start: endpointRoute<typeof Contract.AdminIntroSuggestionEndpoints.start>(
    'POST',
    '/admin/seasons/:id/intro-suggestions',
  ),
  latest: endpointRoute<typeof Contract.AdminIntroSuggestionEndpoints.latest>(
    'GET',
    '/admin/seasons/:id/intro-suggestions',
  ),
};

export const AdminJobsEndpoints = {
  list: endpointRoute<typeof Contract.AdminJobsEndpoints.list>('GET', '/admin/jobs'),
  retry: endpointRoute<typeof Contract.AdminJobsEndpoints.retry>('POST', '/admin/jobs/:id/retry'),
  cancel: endpointRoute<typeof Contract.AdminJobsEndpoints.cancel>('POST', '/admin/jobs/:id/cancel'),
};

export const AdminMailEndpoints = {
  list: endpointRoute<typeof Contract.AdminMailEndpoints.list>('GET', '/admin/mail'),
  message: endpointRoute<typeof Contract.AdminMailEndpoints.message>('GET', '/admin/mail/:id'),
  retry: endpointRoute<typeof Contract.AdminMailEndpoints.retry>('POST', '/admin/mail/:id/retry'),
};

export const AdminMediaEndpoints = {
  targets: endpointRoute<typeof Contract.AdminMediaEndpoints.targets>('GET', '/admin/media/targets'),
  list: endpointRoute<typeof Contract.AdminMediaEndpoints.list>('GET', '/admin/videos'),
  detail: endpointRoute<typeof Contract.AdminMediaEndpoints.detail>('GET', '/admin/videos/:id'),
  retry: endpointRoute<typeof Contract.AdminMediaEndpoints.retry>('POST', '/admin/videos/:id/retry'),
  cancel: endpointRoute<typeof Contract.AdminMediaEndpoints.cancel>('POST', '/admin/videos/:id/cancel'),
  remove: endpointRoute<typeof Contract.AdminMediaEndpoints.remove>('DELETE', '/admin/videos/:id'),
  addCaption: endpointRoute<typeof Contract.AdminMediaEndpoints.addCaption>(
    'POST',
    '/admin/videos/:id/captions',
  ),
  markers: endpointRoute<typeof Contract.AdminMediaEndpoints.markers>('GET', '/admin/videos/:id/markers'),
  replaceMarkers: endpointRoute<typeof Contract.AdminMediaEndpoints.replaceMarkers>(
    'PUT',
    '/admin/videos/:id/markers',
  ),
  addAudioTrack: endpointRoute<typeof Contract.AdminMediaEndpoints.addAudioTrack>(
    'POST',
    '/admin/videos/:id/audio-tracks',
  ),
  deleteAudioTrack: endpointRoute<typeof Contract.AdminMediaEndpoints.deleteAudioTrack>(
    'DELETE',
    '/admin/videos/:id/audio-tracks/:trackId',
  ),
  setMainAudio: endpointRoute<typeof Contract.AdminMediaEndpoints.setMainAudio>(
    'PUT',
    '/admin/videos/:id/audio',
  ),
  deleteCaption: endpointRoute<typeof Contract.AdminMediaEndpoints.deleteCaption>(
    'DELETE',
    '/admin/videos/:id/captions/:captionId',
  ),
};

export const AdminMembersEndpoints = {
  list: endpointRoute<typeof Contract.AdminMembersEndpoints.list>('GET', '/admin/members'),
  detail: endpointRoute<typeof Contract.AdminMembersEndpoints.detail>('GET', '/admin/members/:id'),
  disable: endpointRoute<typeof Contract.AdminMembersEndpoints.disable>('POST', '/admin/members/:id/disable'),
  enable: endpointRoute<typeof Contract.AdminMembersEndpoints.enable>('POST', '/admin/members/:id/enable'),
  grantAdmin: endpointRoute<typeof Contract.AdminMembersEndpoints.grantAdmin>(
    'POST',
    '/admin/members/:id/grant-admin',
  ),
  revokeAdmin: endpointRoute<typeof Contract.AdminMembersEndpoints.revokeAdmin>(
    'POST',
    '/admin/members/:id/revoke-admin',
  ),
  signOut: endpointRoute<typeof Contract.AdminMembersEndpoints.signOut>(
    'POST',
    '/admin/members/:id/sign-out',
  ),
  clearProfilePin: endpointRoute<typeof Contract.AdminMembersEndpoints.clearProfilePin>(
    'POST',
    '/admin/members/:id/profiles/:profileId/clear-pin',
  ),
};

export const AdminOverviewEndpoints = {
  overview: endpointRoute<typeof Contract.AdminOverviewEndpoints.overview>('GET', '/admin/overview'),
};

export const AdminPeopleEndpoints = {
  list: endpointRoute<typeof Contract.AdminPeopleEndpoints.list>('GET', '/admin/people'),
  create: endpointRoute<typeof Contract.AdminPeopleEndpoints.create>('POST', '/admin/people'),
  update: endpointRoute<typeof Contract.AdminPeopleEndpoints.update>('PATCH', '/admin/people/:id'),
  remove: endpointRoute<typeof Contract.AdminPeopleEndpoints.remove>('DELETE', '/admin/people/:id'),
};

export const AdminPlaybackQualityEndpoints = {
  figures: endpointRoute<typeof Contract.AdminPlaybackQualityEndpoints.figures>(
    'GET',
    '/admin/playback-quality',
  ),
};

export const AdminSeasonsEndpoints = {
  createSeason: endpointRoute<typeof Contract.AdminSeasonsEndpoints.createSeason>(
    'POST',
    '/admin/titles/:id/seasons',
  ),
  orderSeasons: endpointRoute<typeof Contract.AdminSeasonsEndpoints.orderSeasons>(
    'PUT',
    '/admin/titles/:id/season-order',
  ),
  updateSeason: endpointRoute<typeof Contract.AdminSeasonsEndpoints.updateSeason>(
    'PATCH',
    '/admin/seasons/:id',
  ),
  deleteSeason: endpointRoute<typeof Contract.AdminSeasonsEndpoints.deleteSeason>(
    'DELETE',
    '/admin/seasons/:id',
  ),
  createEpisode: endpointRoute<typeof Contract.AdminSeasonsEndpoints.createEpisode>(
    'POST',
    '/admin/seasons/:id/episodes',
  ),
  orderEpisodes: endpointRoute<typeof Contract.AdminSeasonsEndpoints.orderEpisodes>(
    'PUT',
    '/admin/seasons/:id/episode-order',
  ),
  updateEpisode: endpointRoute<typeof Contract.AdminSeasonsEndpoints.updateEpisode>(
    'PATCH',
    '/admin/episodes/:id',
  ),
  deleteEpisode: endpointRoute<typeof Contract.AdminSeasonsEndpoints.deleteEpisode>(
    'DELETE',
    '/admin/episodes/:id',
  ),
  saveEpisodeThumbnail: endpointRoute<typeof Contract.AdminSeasonsEndpoints.saveEpisodeThumbnail>(
    'POST',
    '/admin/episodes/:id/thumbnail',
  ),
};

export const AdminSettingsEndpoints = {
  current: endpointRoute<typeof Contract.AdminSettingsEndpoints.current>('GET', '/admin/settings'),
  save: endpointRoute<typeof Contract.AdminSettingsEndpoints.save>('PUT', '/admin/settings'),
};

export const AdminSubmissionsEndpoints = {
  list: endpointRoute<typeof Contract.AdminSubmissionsEndpoints.list>('GET', '/admin/submissions'),
  approve: endpointRoute<typeof Contract.AdminSubmissionsEndpoints.approve>(
    'POST',
    '/admin/submissions/:id/approve',
  ),
  reject: endpointRoute<typeof Contract.AdminSubmissionsEndpoints.reject>(
    'POST',
    '/admin/submissions/:id/reject',
  ),
};

export const AdminTitlesEndpoints = {
  list: endpointRoute<typeof Contract.AdminTitlesEndpoints.list>('GET', '/admin/titles'),
  create: endpointRoute<typeof Contract.AdminTitlesEndpoints.create>('POST', '/admin/titles'),
  bulk: endpointRoute<typeof Contract.AdminTitlesEndpoints.bulk>('POST', '/admin/titles/bulk'),
  detail: endpointRoute<typeof Contract.AdminTitlesEndpoints.detail>('GET', '/admin/titles/:id'),
  update: endpointRoute<typeof Contract.AdminTitlesEndpoints.update>('PATCH', '/admin/titles/:id'),
  remove: endpointRoute<typeof Contract.AdminTitlesEndpoints.remove>('DELETE', '/admin/titles/:id'),
  saveImages: endpointRoute<typeof Contract.AdminTitlesEndpoints.saveImages>(
    'POST',
    '/admin/titles/:id/images',
  ),
};

export const AdminVideoUploadEndpoints = {
  discover: endpointRoute<typeof Contract.AdminVideoUploadEndpoints.discover>('OPTIONS', '/admin/uploads'),
  create: endpointRoute<typeof Contract.AdminVideoUploadEndpoints.create>('POST', '/admin/uploads'),
  offset: endpointRoute<typeof Contract.AdminVideoUploadEndpoints.offset>('HEAD', '/admin/uploads/:uploadId'),
  append: endpointRoute<typeof Contract.AdminVideoUploadEndpoints.append>(
    'PATCH',
    '/admin/uploads/:uploadId',
  ),
  abandon: endpointRoute<typeof Contract.AdminVideoUploadEndpoints.abandon>(
    'DELETE',
    '/admin/uploads/:uploadId',
  ),
  override: endpointRoute<typeof Contract.AdminVideoUploadEndpoints.override>(
    'POST',
    '/admin/uploads/:uploadId',
  ),
};

export const AuthEndpoints = {
  register: endpointRoute<typeof Contract.AuthEndpoints.register>('POST', '/register'),
  login: endpointRoute<typeof Contract.AuthEndpoints.login>('POST', '/login'),
  logout: endpointRoute<typeof Contract.AuthEndpoints.logout>('GET', '/logout'),
  forgotPassword: endpointRoute<typeof Contract.AuthEndpoints.forgotPassword>('POST', '/forgot-password'),
  resetPassword: endpointRoute<typeof Contract.AuthEndpoints.resetPassword>('POST', '/reset-password'),
};

export const BillingEndpoints = {
  plans: endpointRoute<typeof Contract.BillingEndpoints.plans>('GET', '/user/plans'),
  subscription: endpointRoute<typeof Contract.BillingEndpoints.subscription>(
    'GET',
    '/user/subscription-plan',
  ),
  cancelSubscription: endpointRoute<typeof Contract.BillingEndpoints.cancelSubscription>(
    'POST',
    '/user/cancle-subscription',
  ),
  paymentDetails: endpointRoute<typeof Contract.BillingEndpoints.paymentDetails>(
    'POST',
    '/user/get-payment-details',
  ),
  processPayment: endpointRoute<typeof Contract.BillingEndpoints.processPayment>(
    'POST',
    '/user/process-payment',
  ),
  paymentSuccess: endpointRoute<typeof Contract.BillingEndpoints.paymentSuccess>(
    'POST',
    '/user/payment-success',
  ),
  payments: endpointRoute<typeof Contract.BillingEndpoints.payments>('GET', '/user/payments'),
  receipt: endpointRoute<typeof Contract.BillingEndpoints.receipt>('GET', '/user/payments/:id/receipt'),
};

export const CastMailEndpoints = {
  send: endpointRoute<typeof Contract.CastMailEndpoints.send>('POST', '/user/send-mail-to-cast'),
};

export const CatalogEndpoints = {
  banners: endpointRoute<typeof Contract.CatalogEndpoints.banners>('GET', '/user/banners'),
  tvShows: endpointRoute<typeof Contract.CatalogEndpoints.tvShows>('GET', '/user/tvshow-list'),
  genres: endpointRoute<typeof Contract.CatalogEndpoints.genres>('GET', '/user/get-gener'),
  movieList: endpointRoute<typeof Contract.CatalogEndpoints.movieList>('GET', '/user/movie-list'),
  movieDetails: endpointRoute<typeof Contract.CatalogEndpoints.movieDetails>(
    'GET',
    '/user/movie-details/:id',
  ),
};

export const CatalogRowEndpoints = {
  popular: endpointRoute<typeof Contract.CatalogRowEndpoints.popular>('GET', '/user/popular-movie'),
  popularMovies: endpointRoute<typeof Contract.CatalogRowEndpoints.popularMovies>(
    'GET',
    '/user/all-time-popular-movie',
  ),
  latest: endpointRoute<typeof Contract.CatalogRowEndpoints.latest>('GET', '/user/latest-movie'),
  topChannels: endpointRoute<typeof Contract.CatalogRowEndpoints.topChannels>('GET', '/user/top-channels'),
  free: endpointRoute<typeof Contract.CatalogRowEndpoints.free>('GET', '/user/free-movie'),
  mostLiked: endpointRoute<typeof Contract.CatalogRowEndpoints.mostLiked>('GET', '/user/most-like-movie'),
  mostViewed: endpointRoute<typeof Contract.CatalogRowEndpoints.mostViewed>('GET', '/user/most-view-movie'),
};

export const HouseholdEndpoints = {
  list: endpointRoute<typeof Contract.HouseholdEndpoints.list>('GET', '/user/profiles'),
  create: endpointRoute<typeof Contract.HouseholdEndpoints.create>('POST', '/user/profiles'),
  update: endpointRoute<typeof Contract.HouseholdEndpoints.update>('PATCH', '/user/profiles/:id'),
  remove: endpointRoute<typeof Contract.HouseholdEndpoints.remove>('DELETE', '/user/profiles/:id'),
  select: endpointRoute<typeof Contract.HouseholdEndpoints.select>('POST', '/user/profiles/:id/select'),
  setAccountPin: endpointRoute<typeof Contract.HouseholdEndpoints.setAccountPin>(
    'PUT',
    '/user/profiles/account-pin',
  ),
};

export const PlaybackEndpoints = {
  saveProgress: endpointRoute<typeof Contract.PlaybackEndpoints.saveProgress>(
    'POST',
    '/user/playback-progress',
  ),
  continueWatching: endpointRoute<typeof Contract.PlaybackEndpoints.continueWatching>(
    'GET',
    '/user/continue-watching',
  ),
  like: endpointRoute<typeof Contract.PlaybackEndpoints.like>('POST', '/user/like'),
  startLease: endpointRoute<typeof Contract.PlaybackEndpoints.startLease>('POST', '/user/playback-lease'),
  endLease: endpointRoute<typeof Contract.PlaybackEndpoints.endLease>('POST', '/user/playback-lease/end'),
};

export const PlaybackPreferencesEndpoints = {
  get: endpointRoute<typeof Contract.PlaybackPreferencesEndpoints.get>('GET', '/user/playback-preferences'),
  update: endpointRoute<typeof Contract.PlaybackPreferencesEndpoints.update>(
    'PUT',
    '/user/playback-preferences',
  ),
};

export const PlaybackQualityEndpoints = {
  report: endpointRoute<typeof Contract.PlaybackQualityEndpoints.report>('POST', '/user/playback-quality'),
};

export const ProfileEndpoints = {
  updateProfile: endpointRoute<typeof Contract.ProfileEndpoints.updateProfile>(
    'POST',
    '/user/update-profile',
  ),
  changePassword: endpointRoute<typeof Contract.ProfileEndpoints.changePassword>(
    'POST',
    '/user/change-password',
  ),
};

export const RecommendationEndpoints = {
  list: endpointRoute<typeof Contract.RecommendationEndpoints.list>('GET', '/user/recommendations'),
};

export const SearchEndpoints = {
  suggestions: endpointRoute<typeof Contract.SearchEndpoints.suggestions>(
    'GET',
    '/user/search-list-dropdown',
  ),
  search: endpointRoute<typeof Contract.SearchEndpoints.search>('GET', '/user/get-search'),
};

export const SiteSettingsEndpoints = {
  current: endpointRoute<typeof Contract.SiteSettingsEndpoints.current>('GET', '/site-settings'),
};

export const StripeWebhookEndpoints = {
  receive: endpointRoute<typeof Contract.StripeWebhookEndpoints.receive>('POST', '/stripe/webhook'),
};

export const SubmissionEndpoints = {
  submit: endpointRoute<typeof Contract.SubmissionEndpoints.submit>('POST', '/user/movie-detail-request'),
  mine: endpointRoute<typeof Contract.SubmissionEndpoints.mine>('GET', '/user/my-submissions'),
};

export const WatchlistEndpoints = {
  toggle: endpointRoute<typeof Contract.WatchlistEndpoints.toggle>('POST', '/user/save-watch-list'),
  list: endpointRoute<typeof Contract.WatchlistEndpoints.list>('GET', '/user/watch-list'),
};
