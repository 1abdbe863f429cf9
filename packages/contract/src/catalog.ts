import { z } from 'zod';
import { IdParamsSchema, IdSchema, PageQuerySchema } from './common';
import { defineEndpoint } from './endpoint';
import { PlayerMarkerSchema } from './markers';

export const TitleTypeSchema = z.enum(['movie', 'tvshow']);
export type TitleType = z.infer<typeof TitleTypeSchema>;

export const LinkTypeSchema = z.enum(['youtube', 'vimeo', 'dailymotion', 'hls', 'url']);
export type LinkType = z.infer<typeof LinkTypeSchema>;

export const GenreSchema = z.object({ id: z.number(), name: z.string() });
export type Genre = z.infer<typeof GenreSchema>;

/** One stored copy of an image and its width in pixels: a candidate of an `<img srcset>`. */
export const ImageSourceSchema = z.object({ url: z.string(), width: z.number().int().positive() });
export type ImageSource = z.infer<typeof ImageSourceSchema>;

export const MovieCardSchema = z.object({
  id: z.number(),
  name: z.string(),
  type: TitleTypeSchema,
  poster_image: z.string(),
  thumbnail_image: z.string(),
  /**
   * `thumbnail_image` at each width it is stored in (smaller WebP copies, then the image itself),
   * narrowest first: the candidates of the card's `srcset`. Left out while no smaller copy is
   * known to exist; the card then shows `thumbnail_image` alone. An addition to the spec's card.
   */
  thumbnail_sources: z.array(ImageSourceSchema).optional(),
  content_rating: z.string(),
  language: z.string(),
  /** `H:M`, for example `2:05`. */
  duration: z.string().nullable(),
  is_watch_list: z.boolean(),
});
export type MovieCard = z.infer<typeof MovieCardSchema>;

export const BannerSchema = z.object({
  poster_url: z.string(),
  data: z.object({
    id: z.number(),
    name: z.string(),
    description: z.string(),
    release_date: z.string(),
    language: z.string(),
    duration: z.string().nullable(),
    imdb_rating: z.number(),
    trailer_url: z.string(),
    trailer_url_type: LinkTypeSchema,
    genres: z.array(GenreSchema),
  }),
});
export type Banner = z.infer<typeof BannerSchema>;

export const VideoLinkSchema = z.object({
  type: LinkTypeSchema,
  url: z.string(),
  quality: z.string().optional(),
  /**
   * Where the video's intro, recap and credits are (seconds, by start); left out when none are set.
   * An addition to the spec's link.
   */
  markers: z.array(PlayerMarkerSchema).optional(),
});
export type VideoLink = z.infer<typeof VideoLinkSchema>;

export const CastSchema = z.object({
  id: z.number(),
  name: z.string(),
  profile_image: z.string(),
  job_title: z.string(),
  has_email: z.boolean(),
});
export type Cast = z.infer<typeof CastSchema>;

/** Where a member stopped in one episode. */
export const EpisodeProgressSchema = z.object({
  position_seconds: z.number(),
  duration_seconds: z.number(),
});
export type EpisodeProgress = z.infer<typeof EpisodeProgressSchema>;

export const EpisodeSchema = z.object({
  id: z.number(),
  episode_number: z.number(),
  name: z.string(),
  description: z.string(),
  duration: z.string().nullable(),
  thumbnail_image: z.string(),
  video_links: z.array(VideoLinkSchema),
  /** Members only, for episodes they have played. */
  progress: EpisodeProgressSchema.optional(),
});
export type Episode = z.infer<typeof EpisodeSchema>;

export const SeasonSchema = z.object({
  id: z.number(),
  season_number: z.number(),
  name: z.string(),
  episodes: z.array(EpisodeSchema),
});
export type Season = z.infer<typeof SeasonSchema>;

export const ProgressSchema = EpisodeProgressSchema.extend({ episode_id: z.number().optional() });
export type Progress = z.infer<typeof ProgressSchema>;

export const MovieDetailSchema = z.object({
  id: z.number(),
  name: z.string(),
  type: TitleTypeSchema,
  description: z.string(),
  release_year: z.number().nullable(),
  language: z.string(),
  duration: z.string().nullable(),
  imdb_rating: z.number(),
  content_rating: z.string(),
  poster_image: z.string(),
  thumbnail_image: z.string(),
  trailer_url: z.string(),
  trailer_url_type: LinkTypeSchema,
  video_links: z.array(VideoLinkSchema),
  /** True for a member without a plan on a title that is not free: trailer only, and a way to choose a plan. */
  needs_plan: z.boolean(),
  is_watch_list: z.boolean(),
  is_liked: z.boolean(),
  likes: z.number(),
  genres: z.array(GenreSchema),
  more_items: z.array(MovieCardSchema),
  casts: z.array(CastSchema),
  seasons: z.array(SeasonSchema).optional(),
  progress: ProgressSchema.nullable().optional(),
});
export type MovieDetail = z.infer<typeof MovieDetailSchema>;

export const MovieListQuerySchema = PageQuerySchema.extend({
  genre_id: IdSchema.optional(),
  actor_id: IdSchema.optional(),
});
export type MovieListQuery = z.input<typeof MovieListQuerySchema>;

const tags = ['catalog'];
const MEMBER_STATE = "A valid bearer token, when sent, adds the member's own state (`is_watch_list`).";

/** Said of every list that can name a title: what a profile's maturity limit leaves out. */
export const ABOVE_LIMIT_LEFT_OUT =
  "Titles rated above the maturity limit of the token's profile (on the site's content-rating scale; unrated titles count as the highest) are left out.";
/** Said of every 404 of an endpoint naming a title by id. */
export const ABOVE_LIMIT_NOT_FOUND =
  "A title rated above the maturity limit of the token's profile answers exactly as one that does not exist.";

/** A browse row: a page of title cards, the same for every row but its order and filter. */
const row = <const Path extends string>(path: Path, what: string) =>
  defineEndpoint({
    method: 'GET',
    path,
    access: 'public',
    tags,
    description: `${what} ${MEMBER_STATE} ${ABOVE_LIMIT_LEFT_OUT}`,
    query: PageQuerySchema,
    success: { status: 200, data: z.array(MovieCardSchema) },
  });

/** The browse rows of the home page. */
export const CatalogRowEndpoints = {
  popular: row(
    '/user/popular-movie',
    'Popular titles of both types: the most viewed of recent days first (the Top 10 row).',
  ),
  popularMovies: row(
    '/user/all-time-popular-movie',
    'Movies only, by likes and views of all time together (the Popular Movies row).',
  ),
  latest: row('/user/latest-movie', 'Movies, newest first.'),
  topChannels: row(
    '/user/top-channels',
    'TV shows: the most viewed of recent days first, then the best rated.',
  ),
  free: row('/user/free-movie', 'Titles free to watch without a plan, newest first.'),
  mostLiked: row('/user/most-like-movie', 'The most liked titles first.'),
  mostViewed: row('/user/most-view-movie', 'The most viewed titles first.'),
};
export type RowName = keyof typeof CatalogRowEndpoints;

/** Banners, lists, genres and title details: open to visitors. */
export const CatalogEndpoints = {
  banners: defineEndpoint({
    method: 'GET',
    path: '/user/banners',
    access: 'public',
    tags,
    description: `The home page banners, in their order, with the title each promotes. ${ABOVE_LIMIT_LEFT_OUT}`,
    success: { status: 200, data: z.array(BannerSchema) },
  }),
  tvShows: defineEndpoint({
    method: 'GET',
    path: '/user/tvshow-list',
    access: 'public',
    tags,
    description: `TV shows, newest first. ${MEMBER_STATE} ${ABOVE_LIMIT_LEFT_OUT}`,
    query: PageQuerySchema,
    success: { status: 200, data: z.array(MovieCardSchema) },
  }),
  genres: defineEndpoint({
    method: 'GET',
    path: '/user/get-gener',
    access: 'public',
    tags,
    description: 'Every genre, by name.',
    success: { status: 200, data: z.array(GenreSchema) },
  }),
  movieList: defineEndpoint({
    method: 'GET',
    path: '/user/movie-list',
    access: 'public',
    tags,
    description: `Titles of a genre (\`genre_id\`) and/or a cast member (\`actor_id\`), newest first; with neither, every movie. ${MEMBER_STATE} ${ABOVE_LIMIT_LEFT_OUT}`,
    query: MovieListQuerySchema,
    success: { status: 200, data: z.array(MovieCardSchema) },
  }),
  movieDetails: defineEndpoint({
    method: 'GET',
    path: '/user/movie-details/:id',
    access: 'public',
    tags,
    description: `A title with its cast, seasons and similar titles. \`video_links\` (and those of episodes) are filled only for members, \`progress\`, \`is_watch_list\` and \`is_liked\` only with a valid bearer token. Similar titles leave out those above the profile's maturity limit.`,
    params: IdParamsSchema,
    success: { status: 200, data: MovieDetailSchema },
    errors: { 404: `No published title has this id. ${ABOVE_LIMIT_NOT_FOUND}` },
  }),
};
