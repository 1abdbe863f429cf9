import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * Row types of every table. Timestamps are epoch milliseconds (integer), calendar dates are
 * `YYYY-MM-DD` text, flags are 0/1 integers and money is in minor units: the same meaning on
 * SQLite and PostgreSQL.
 */
export interface UsersTable {
  id: Generated<number>;
  first_name: string;
  last_name: string;
  email: string;
  password_hash: string;
  mobile: string | null;
  gender: 'male' | 'female' | 'other' | null;
  date_of_birth: string | null;
  profile_image: string | null;
  is_admin: number;
  /** When an admin disabled the account; null while it may sign in. */
  disabled_at: number | null;
  created_at: number;
  updated_at: number;
  /** argon2id of the optional 4-digit PIN guarding the account's profiles (migration 0020). */
  account_pin_hash: ColumnType<string | null, string | null | undefined, string | null>;
  /** Wrong account PINs in a row; the fifth locks profile management for a while. */
  account_pin_failures: ColumnType<number, number | undefined, number>;
  account_pin_locked_until: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface ApiTokensTable {
  id: Generated<number>;
  user_id: number;
  /** The profile the token acts as (migration 0020); the owner's for a token from sign-in. */
  profile_id: number;
  token_hash: string;
  created_at: number;
  last_used_at: number;
}

export interface PasswordResetsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  expires_at: number;
  used_at: number | null;
  created_at: number;
}

export interface GenresTable {
  id: Generated<number>;
  name: string;
}

export interface TitlesTable {
  id: Generated<number>;
  type: 'movie' | 'tvshow';
  name: string;
  description: string;
  release_date: string | null;
  language: string;
  duration_minutes: number | null;
  content_rating: string;
  imdb_rating: number;
  poster_image: string;
  thumbnail_image: string;
  /**
   * Pixel widths of the stored copies of `thumbnail_image`, ascending and comma-separated, the
   * original's last (`320,480,640`); '' while they are not known (migration 0028).
   */
  thumbnail_widths: ColumnType<string, string | undefined, string>;
  trailer_url: string;
  trailer_url_type: 'youtube' | 'vimeo' | 'dailymotion' | 'hls' | 'url';
  is_free: number;
  is_published: number;
  like_count: number;
  view_count: number;
  created_at: number;
  updated_at: number;
}

export interface TitleGenresTable {
  title_id: number;
  genre_id: number;
}

export interface PeopleTable {
  id: Generated<number>;
  name: string;
  email: string | null;
  profile_image: string;
  created_at: number;
}

export interface TitleCastTable {
  title_id: number;
  person_id: number;
  job_title: string;
  position: number;
}

export interface SeasonsTable {
  id: Generated<number>;
  title_id: number;
  season_number: number;
  name: string;
}

export interface EpisodesTable {
  id: Generated<number>;
  season_id: number;
  episode_number: number;
  name: string;
  description: string;
  duration_minutes: number | null;
  thumbnail_image: string;
}

export interface VideosTable {
  id: Generated<number>;
  title_id: number | null;
  episode_id: number | null;
  /** `main` is the full video (private), `trailer` is public. */
  kind: 'main' | 'trailer';
  type: 'youtube' | 'vimeo' | 'dailymotion' | 'hls' | 'url';
  url: string;
  quality: string | null;
  status: 'pending' | 'processing' | 'ready' | 'failed';
  source_path: string | null;
  duration_seconds: number | null;
  position: number;
  created_at: number;
  /** The job that transcodes this video, for its progress (migration 0002). */
  job_id: number | null;
  /** Why the last transcode failed (migration 0002). */
  last_error: string | null;
  /** The muxed audio's BCP 47 language and name; null: the default, English (migration 0026). */
  audio_language: Generated<string | null>;
  audio_label: Generated<string | null>;
}

export interface BannersTable {
  id: Generated<number>;
  title_id: number;
  poster_url: string;
  position: number;
  is_active: number;
}

/**
 * One of an account's household profiles (migration 0020). The first (`is_owner`) is the account
 * holder's and cannot be deleted.
 */
export interface ProfilesTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  /** One of the built-in avatars (PROFILE_AVATARS in the contract). */
  avatar_key: string;
  /** An uploaded avatar (the image store's URL); shown instead of the built-in one when set. */
  avatar_image: string | null;
  is_owner: number;
  is_kids: number;
  /** The highest content rating the profile sees, a label of the rating scale; null for no limit. */
  maturity_limit: string | null;
  /** argon2id of the profile's optional 4-digit PIN. */
  pin_hash: string | null;
  /** Wrong PINs in a row since the last right one or the last lock. */
  pin_failures: number;
  /** Until when the PIN is refused after too many wrong ones (epoch ms). */
  locked_until: number | null;
  created_at: number;
  /** Player preferences (migration 0027): languages tried first, null for none chosen. */
  audio_language: ColumnType<string | null, string | null | undefined, string | null>;
  subtitle_language: ColumnType<string | null, string | null | undefined, string | null>;
  /** SUBTITLE_SIZES, SUBTITLE_COLORS and SUBTITLE_BACKGROUNDS of the contract. */
  subtitle_size: ColumnType<string, string | undefined, string>;
  subtitle_color: ColumnType<string, string | undefined, string>;
  subtitle_background: ColumnType<string, string | undefined, string>;
}

export interface WatchlistTable {
  user_id: number;
  profile_id: number;
  title_id: number;
  created_at: number;
}

export interface PlaybackProgressTable {
  id: Generated<number>;
  user_id: number;
  profile_id: number;
  title_id: number;
  /** 0 for a movie; the episode id for an episode of a TV show. */
  episode_id: number;
  position_seconds: number;
  duration_seconds: number;
  finished: number;
  updated_at: number;
}

export interface PlaybackLeasesTable {
  id: Generated<number>;
  user_id: number;
  /** The lease id the player holds (random). */
  token: string;
  title_id: number;
  episode_id: number | null;
  created_at: number;
  expires_at: number;
}

export interface LikesTable {
  user_id: number;
  profile_id: number;
  title_id: number;
  created_at: number;
}

export interface ViewsTable {
  user_id: number;
  profile_id: number;
  title_id: number;
  day: string;
  created_at: number;
}

export interface PlayQualityReportsTable {
  id: Generated<number>;
  user_id: number;
  play_id: string;
  title_id: number;
  episode_id: number | null;
  device_class: string;
  start_ms: number | null;
  failure: string | null;
  played_ms: number;
  stall_count: number;
  stall_ms: number;
  average_bitrate_kbps: number | null;
  /** Heights in the order first played, comma-separated. */
  renditions: string;
  day: string;
  created_at: number;
}

export interface TitleDailyViewsTable {
  title_id: number;
  day: string;
  views: number;
}

export interface PlansTable {
  id: Generated<number>;
  name: string;
  price_minor: number;
  duration_value: number;
  duration: 'month' | 'year';
  discount_percent: number;
  position: number;
  is_active: number;
  /** Highest rendition height a member of this plan is served (720, 1080, 2160). */
  max_height: number;
  /** Streams one member may play at the same time. */
  screens: number;
  /** 1: the member sees the ad slot. */
  has_ads: number;
  /** Shown in the console and on the plan's Stripe product (migration 0016). */
  description: ColumnType<string | null, string | null | undefined, string | null>;
  /** Household profiles an account on this plan may have (migration 0020). */
  profiles: ColumnType<number, number | undefined, number>;
}

/** The Stripe product of a plan and its live recurring Price, as last sent to Stripe (migration 0016). */
export interface StripePlansTable {
  plan_id: number;
  /** Null until the first sync has created the product. */
  product_id: string | null;
  price_id: string | null;
  price_amount_minor: number | null;
  price_currency: string | null;
  price_interval: 'month' | 'year' | null;
  price_interval_count: number | null;
  /** Counts the Prices created for the plan; names the idempotency key of the next one. */
  price_version: ColumnType<number, number | undefined, number>;
  /** When a change that has not reached Stripe yet was made; null once it has. */
  pending_at: number | null;
  synced_at: number | null;
  last_error: string | null;
}

export interface PlanLimitationsTable {
  id: Generated<number>;
  plan_id: number;
  limitation_title: string;
  limitation_value: number;
  /** JSON text: a string or an object. */
  limit_json: string;
  position: number;
}

export interface TaxesTable {
  id: Generated<number>;
  name: string;
  percent: number;
  is_active: number;
}

export interface CheckoutSessionsTable {
  id: string;
  user_id: number;
  plan_id: number;
  amount_minor: number;
  currency: string;
  gateway: string;
  status: 'open' | 'paid' | 'expired';
  created_at: number;
  paid_at: number | null;
  expires_at: number;
  /** JSON of the Breakdown charged (modules/billing/money.ts). */
  breakdown_json: string;
  replaces_subscription_id: number | null;
  card_brand: string | null;
  card_last4: string | null;
  /** Set once by the one fulfilment that created the subscription. */
  fulfilled_at: number | null;
  /** Our reference, in the gateway's metadata: links its subscription back to this checkout. */
  reference: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface SubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  plan_id: number;
  checkout_session_id: string | null;
  status: 'active' | 'cancelled' | 'expired';
  start_date: string;
  end_date: string;
  created_at: number;
  cancelled_at: number | null;
  starts_at: number;
  ends_at: number;
  gateway: string;
  gateway_subscription_id: string | null;
  /** Set while a renewal is unpaid; access stays until ends_at. */
  past_due_at: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface PaymentsTable {
  id: Generated<number>;
  user_id: number;
  plan_id: number;
  subscription_id: number;
  checkout_session_id: string | null;
  amount_minor: number;
  currency: string;
  breakdown_json: string;
  card_brand: string | null;
  card_last4: string | null;
  period_start: number;
  period_end: number;
  paid_at: number;
  /** The gateway's invoice this payment settled (Stripe renewals), recorded once. */
  gateway_invoice_id: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface StripeCustomersTable {
  user_id: number;
  customer_id: string;
  created_at: number;
}

export interface PaymentEventsTable {
  id: Generated<number>;
  event_id: string | null;
  checkout_session_id: string;
  type: string;
  payload: string;
  created_at: number;
}

export interface SubmissionsTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  email: string;
  role: string;
  title: string;
  description: string | null;
  type: string | null;
  platform: string | null;
  link: string;
  thumbnail_image: string;
  status: 'pending' | 'approved' | 'rejected';
  created_at: number;
  reviewed_at: ColumnType<number | null, number | null | undefined, number | null>;
  rejection_reason: ColumnType<string | null, string | null | undefined, string | null>;
  /** The draft title an approval created (migration 0013); null once that title is deleted. */
  draft_title_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface SubmissionCastTable {
  id: Generated<number>;
  submission_id: number;
  name: string;
  job_title: string;
  email: string | null;
  image: string;
  position: number;
}

export interface OutboxTable {
  id: Generated<number>;
  to_address: string;
  reply_to: string | null;
  subject: string;
  text_body: string;
  html_body: string | null;
  status: 'pending' | 'sent' | 'failed' | 'stored';
  attempts: number;
  last_error: string | null;
  created_at: number;
  sent_at: number | null;
}

export interface JobsTable {
  id: Generated<number>;
  type: string;
  /** JSON text. */
  payload: string;
  status: 'queued' | 'running' | 'done' | 'failed' | 'cancelled';
  progress: number;
  attempts: number;
  max_attempts: number;
  run_at: number;
  locked_at: number | null;
  last_error: string | null;
  created_at: number;
  updated_at: number;
  /** What the job works on, unique among queued and running rows (migration 0017). */
  dedupe_key: string | null;
}

/** When each repeatable job of the job map runs next (migration 0019). */
export interface JobSchedulesTable {
  name: string;
  next_run_at: number;
}

/** The file an operator uploaded for a video, kept until its transcode has finished (migration 0014). */
export interface VideoSourcesTable {
  video_id: number;
  filename: string;
  size_bytes: number;
  width: number;
  height: number;
  fps: number;
  duration_seconds: number;
  uploaded_by: number | null;
  created_at: number;
}

/** An uploaded caption track of a video, as WebVTT text (migration 0014). */
export interface VideoCaptionsTable {
  id: Generated<number>;
  video_id: number;
  language: string;
  label: string;
  body: string;
  created_at: number;
}

/** An audio language of a video besides its muxed one (migration 0026). */
export interface VideoAudioTracksTable {
  id: Generated<number>;
  video_id: number;
  /** BCP 47, one spelling per language (`pt-BR`). */
  language: string;
  label: string;
  /** `upload`: a file an operator sent; `source`: a further audio stream of the video's source. */
  origin: 'upload' | 'source';
  duration_seconds: number;
  /** Its audio-only rendition: `ready` once published and listed in the master playlist. */
  status: 'pending' | 'processing' | 'ready' | 'failed';
  job_id: number | null;
  /** The uploaded file (a file store key) until its rendition is made. */
  source_path: string | null;
  last_error: string | null;
  created_at: number;
}

/** Where a full video's intro, recap or credits are (migration 0022): one row per video and type. */
export interface VideoMarkersTable {
  video_id: number;
  type: 'intro' | 'recap' | 'credits';
  start_seconds: number;
  end_seconds: number;
  updated_at: number;
}

/** The latest intro suggestion run of a season (migration 0025); `result` is JSON once done. */
export interface IntroSuggestionsTable {
  season_id: number;
  job_id: number;
  status: 'pending' | 'running' | 'done' | 'failed';
  /** Episodes with a ready video of ours when the run was asked for. */
  episode_count: number;
  result: string | null;
  error: string | null;
  updated_at: number;
}

/** One change made in the operator console. `before` and `after` are JSON text (null for none). */
export interface AuditLogTable {
  id: Generated<number>;
  actor_id: number | null;
  actor_email: string;
  action: string;
  entity_type: string;
  entity_id: string | null;
  before: string | null;
  after: string | null;
  created_at: number;
}

/** A site setting edited in the console: `value` is JSON text. */
export interface SettingsTable {
  key: string;
  value: string;
  updated_at: number;
}

/**
 * A title's most similar titles, best first (migration 0022, written by the recommendations job):
 * JSON arrays of ids and scores; the first `cowatch_count` come from co-watching.
 */
export interface TitleNeighboursTable {
  title_id: number;
  similar_ids: string;
  scores: string;
  cowatch_count: number;
}

/** The titles most viewed over the last days, most first (migration 0024, written by the recommendations job). */
export interface TrendingTitlesTable {
  rank: number;
  title_id: number;
  views: number;
}

export interface Database {
  users: UsersTable;
  api_tokens: ApiTokensTable;
  profiles: ProfilesTable;
  password_resets: PasswordResetsTable;
  genres: GenresTable;
  titles: TitlesTable;
  title_genres: TitleGenresTable;
  people: PeopleTable;
  title_cast: TitleCastTable;
  seasons: SeasonsTable;
  episodes: EpisodesTable;
  videos: VideosTable;
  video_sources: VideoSourcesTable;
  video_captions: VideoCaptionsTable;
  video_audio_tracks: VideoAudioTracksTable;
  video_markers: VideoMarkersTable;
  intro_suggestions: IntroSuggestionsTable;
  banners: BannersTable;
  watchlist: WatchlistTable;
  playback_progress: PlaybackProgressTable;
  playback_leases: PlaybackLeasesTable;
  likes: LikesTable;
  views: ViewsTable;
  play_quality_reports: PlayQualityReportsTable;
  title_daily_views: TitleDailyViewsTable;
  plans: PlansTable;
  plan_limitations: PlanLimitationsTable;
  taxes: TaxesTable;
  stripe_plans: StripePlansTable;
  checkout_sessions: CheckoutSessionsTable;
  subscriptions: SubscriptionsTable;
  payments: PaymentsTable;
  payment_events: PaymentEventsTable;
  stripe_customers: StripeCustomersTable;
  submissions: SubmissionsTable;
  submission_cast: SubmissionCastTable;
  outbox: OutboxTable;
  audit_log: AuditLogTable;
  settings: SettingsTable;
  jobs: JobsTable;
  job_schedules: JobSchedulesTable;
  title_neighbours: TitleNeighboursTable;
  trending_titles: TrendingTitlesTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type ProfileRow = Selectable<ProfilesTable>;
export type TitleRow = Selectable<TitlesTable>;
export type NewTitle = Insertable<TitlesTable>;
