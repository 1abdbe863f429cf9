import { z } from 'zod';
import { IdSchema, PageQuerySchema } from './common';

export const TitleTypeSchema = z.enum(['movie', 'tvshow']);
export type TitleType = z.infer<typeof TitleTypeSchema>;

export const LinkTypeSchema = z.enum(['youtube', 'vimeo', 'dailymotion', 'hls', 'url']);
export type LinkType = z.infer<typeof LinkTypeSchema>;

export const GenreSchema = z.object({ id: z.number(), name: z.string() });
export type Genre = z.infer<typeof GenreSchema>;

export const MovieCardSchema = z.object({
  id: z.number(),
  name: z.string(),
  type: TitleTypeSchema,
  poster_image: z.string(),
  thumbnail_image: z.string(),
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
