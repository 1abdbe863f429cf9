import type { z } from 'zod';
import type {
  ApiTokenDataSchema,
  ChangePasswordBodySchema,
  ForgotPasswordBodySchema,
  LoginBodySchema,
  LoginDataSchema,
  RegisterBodySchema,
  ResetPasswordBodySchema,
  UpdateProfileBodySchema,
  UserSchema,
} from './auth';
import type {
  ActiveSubscriptionsSchema,
  PaymentDetailsSchema,
  PaymentSchema,
  PaymentSuccessBodySchema,
  PaymentSuccessResultSchema,
  PlanIdQuerySchema,
  PlanSchema,
  ProcessPaymentBodySchema,
  ProcessPaymentResultSchema,
  ReceiptSchema,
  SubscriptionIdQuerySchema,
  SubscriptionSchema,
} from './billing';
import type {
  BannerSchema,
  GenreSchema,
  MovieCardSchema,
  MovieDetailSchema,
  MovieListQuerySchema,
} from './catalog';
import type { PublicSiteSettingsSchema } from './admin/settings';
import type { IdParamsSchema, PageQuerySchema } from './common';
import type { ApiPaths, RowPaths } from './paths';
import type {
  ContinueWatchingItemSchema,
  LikeResultSchema,
  PlaybackProgressBodySchema,
  PlaybackProgressResultSchema,
} from './playback';
import type {
  EndPlaybackLeaseBodySchema,
  PlaybackLeaseBodySchema,
  PlaybackLeaseSchema,
} from './playback-lease';
import type {
  SearchQuerySchema,
  SearchResultSchema,
  SuggestionQuerySchema,
  SuggestionSchema,
} from './search';
import type {
  MySubmissionSchema,
  SendMailToCastBodySchema,
  SubmissionFieldsSchema,
  SubmissionResultSchema,
} from './submissions';
import type { EntertainmentBodySchema, SaveWatchListBodySchema, WatchListToggleSchema } from './watchlist';

type In<T extends z.ZodType> = z.input<T>;
type Out<T extends z.ZodType> = z.output<T>;

/** A read of the catalog lists, paged with `page` and `per_page`. */
type CardList = { method: 'GET'; query: In<typeof PageQuerySchema>; response: Out<typeof MovieCardSchema>[] };

type RowEndpoints = { [P in (typeof RowPaths)[keyof typeof RowPaths]]: CardList };

/**
 * Every endpoint the API serves, by its path in `ApiPaths`: the method, what it takes
 * (`body`, `query`, `params` as the request schemas accept them; `multipart` when the body may also
 * travel as form data) and what its success envelope carries in `data`. Types only, inferred from
 * the schemas the server validates and serializes with.
 */
export type ApiEndpoints = RowEndpoints & {
  '/site-settings': { method: 'GET'; response: Out<typeof PublicSiteSettingsSchema> };
  '/register': { method: 'POST'; body: In<typeof RegisterBodySchema>; response: Out<typeof UserSchema> };
  '/login': { method: 'POST'; body: In<typeof LoginBodySchema>; response: Out<typeof LoginDataSchema> };
  '/logout': { method: 'GET'; response: null };
  '/forgot-password': { method: 'POST'; body: In<typeof ForgotPasswordBodySchema>; response: null };
  '/reset-password': { method: 'POST'; body: In<typeof ResetPasswordBodySchema>; response: null };
  '/user/banners': { method: 'GET'; response: Out<typeof BannerSchema>[] };
  '/user/tvshow-list': CardList;
  '/user/get-gener': { method: 'GET'; response: Out<typeof GenreSchema>[] };
  '/user/movie-list': {
    method: 'GET';
    query: In<typeof MovieListQuerySchema>;
    response: Out<typeof MovieCardSchema>[];
  };
  '/user/movie-details/:id': {
    method: 'GET';
    params: In<typeof IdParamsSchema>;
    response: Out<typeof MovieDetailSchema>;
  };
  '/user/search-list-dropdown': {
    method: 'GET';
    query: In<typeof SuggestionQuerySchema>;
    response: Out<typeof SuggestionSchema>[];
  };
  '/user/get-search': {
    method: 'GET';
    query: In<typeof SearchQuerySchema>;
    response: Out<typeof SearchResultSchema>;
  };
  '/user/save-watch-list': {
    method: 'POST';
    body: In<typeof SaveWatchListBodySchema>;
    response: Out<typeof WatchListToggleSchema>;
  };
  '/user/watch-list': CardList;
  '/user/update-profile': {
    method: 'POST';
    body: In<typeof UpdateProfileBodySchema>;
    multipart: true;
    response: Out<typeof UserSchema>;
  };
  '/user/change-password': {
    method: 'POST';
    body: In<typeof ChangePasswordBodySchema>;
    response: Out<typeof ApiTokenDataSchema>;
  };
  '/user/movie-detail-request': {
    method: 'POST';
    body: In<typeof SubmissionFieldsSchema>;
    multipart: true;
    response: Out<typeof SubmissionResultSchema>;
  };
  '/user/my-submissions': { method: 'GET'; response: Out<typeof MySubmissionSchema>[] };
  '/user/send-mail-to-cast': {
    method: 'POST';
    body: In<typeof SendMailToCastBodySchema>;
    multipart: true;
    response: null;
  };
  '/user/playback-progress': {
    method: 'POST';
    body: In<typeof PlaybackProgressBodySchema>;
    response: Out<typeof PlaybackProgressResultSchema>;
  };
  '/user/continue-watching': { method: 'GET'; response: Out<typeof ContinueWatchingItemSchema>[] };
  '/user/playback-lease': {
    method: 'POST';
    body: In<typeof PlaybackLeaseBodySchema>;
    response: Out<typeof PlaybackLeaseSchema>;
  };
  '/user/playback-lease/end': {
    method: 'POST';
    body: In<typeof EndPlaybackLeaseBodySchema>;
    response: null;
  };
  '/user/like': {
    method: 'POST';
    body: In<typeof EntertainmentBodySchema>;
    response: Out<typeof LikeResultSchema>;
  };
  '/user/plans': { method: 'GET'; response: Out<typeof PlanSchema>[] };
  '/user/subscription-plan': { method: 'GET'; response: Out<typeof ActiveSubscriptionsSchema> };
  '/user/cancle-subscription': {
    method: 'POST';
    query: In<typeof SubscriptionIdQuerySchema>;
    response: Out<typeof SubscriptionSchema>;
  };
  '/user/get-payment-details': {
    method: 'POST';
    query: In<typeof PlanIdQuerySchema>;
    response: Out<typeof PaymentDetailsSchema>;
  };
  '/user/process-payment': {
    method: 'POST';
    body: In<typeof ProcessPaymentBodySchema>;
    response: Out<typeof ProcessPaymentResultSchema>;
  };
  '/user/payment-success': {
    method: 'POST';
    body: In<typeof PaymentSuccessBodySchema>;
    response: Out<typeof PaymentSuccessResultSchema>;
  };
  '/user/payments': {
    method: 'GET';
    query: In<typeof PageQuerySchema>;
    response: Out<typeof PaymentSchema>[];
  };
  '/user/payments/:id/receipt': {
    method: 'GET';
    params: In<typeof IdParamsSchema>;
    response: Out<typeof ReceiptSchema>;
  };
};

export type ApiPath = keyof ApiEndpoints;
export type ApiMethod = ApiEndpoints[ApiPath]['method'];

/** The paths served with `method`. */
export type ApiPathFor<M extends ApiMethod> = {
  [P in ApiPath]: ApiEndpoints[P]['method'] extends M ? P : never;
}[ApiPath];

/** What the success envelope of `P` carries in `data`. */
export type ApiResponse<P extends ApiPath> = ApiEndpoints[P]['response'];

/** An endpoint named as `METHOD /path`, e.g. `GET /user/watch-list`. */
export type ApiRoute = { [P in ApiPath]: `${ApiEndpoints[P]['method']} ${P}` }[ApiPath];

/** The path of a route key. */
export type RoutePath<R extends ApiRoute> = R extends `${ApiMethod} ${infer P extends ApiPath}` ? P : never;

type Never<T extends never> = T;
/** A key above that is not one of `ApiPaths` (a typo) fails to compile here. */
type _EveryEndpointIsAnApiPath = Never<Exclude<ApiPath, (typeof ApiPaths)[keyof typeof ApiPaths]>>;
