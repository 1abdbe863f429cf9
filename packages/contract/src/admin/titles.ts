/** The console's titles, seasons and episodes: schemas and endpoints. */
import { z } from 'zod';
import { AdminPageSchema } from '../admin';
import { GenreSchema, LinkTypeSchema, TitleTypeSchema } from '../catalog';
import { DateStringSchema, IdParamsSchema, IdSchema, PageQuerySchema } from '../common';
import { linkIsOnPlatform } from '../submissions';
import { defineEndpoint } from '../endpoint';

/** Every message the titles section shows, written once for the server and the web app. */
export const AdminTitlesMessages = {
  typeInvalid: 'Choose Movie or TV show.',
  nameRequired: "Enter the title's name.",
  nameTooLong: 'The name can be at most 200 characters.',
  descriptionTooLong: 'The description can be at most 5000 characters.',
  languageTooLong: 'The language can be at most 50 characters.',
  contentRatingTooLong: 'The content rating can be at most 20 characters.',
  durationInvalid: 'The duration is a whole number of minutes from 1 to 1440.',
  imdbRatingInvalid: 'The IMDB rating is a number from 0 to 10.',
  flagInvalid: 'Choose yes or no.',
  genresInvalid: 'Choose at most 20 genres from the list.',
  genreUnknown: 'One of these genres does not exist (any more).',
  castInvalid: 'A title has at most 100 cast and crew entries.',
  personUnknown: 'This person does not exist (any more).',
  jobTitleRequired: 'Enter the role or job, for example Actor or Director.',
  jobTitleTooLong: 'The role can be at most 100 characters.',
  castDuplicate: 'This person is already listed with this role.',
  trailerUrlInvalid: 'Enter a web address starting with http:// or https:// (at most 2000 characters).',
  trailerNotYoutube: 'This is not a YouTube link.',
  trailerNotVimeo: 'This is not a Vimeo link.',
  trailerNotDailymotion: 'This is not a Dailymotion link.',
  trailerNotHls: 'An HLS trailer is the address of a .m3u8 playlist.',
  nothingToChange: 'Change at least one field.',
  titleNotFound: 'This title does not exist (any more).',
  seasonNotFound: 'This season does not exist (any more).',
  episodeNotFound: 'This episode does not exist (any more).',
  showHasSeasons: 'This show has seasons: delete them before making it a movie.',
  movieHasVideo: 'This movie has its own video: delete it in Media before making it a TV show.',
  seasonsOnlyForShows: 'Only TV shows have seasons and episodes.',
  seasonNumberInvalid: 'The season number is a whole number from 1 to 999.',
  seasonNumberTaken: 'This show already has a season with this number.',
  seasonNameTooLong: 'The season name can be at most 100 characters.',
  episodeNumberInvalid: 'The episode number is a whole number from 1 to 9999.',
  episodeNumberTaken: 'This season already has an episode with this number.',
  episodeNameRequired: "Enter the episode's name.",
  orderInvalid: 'List every item exactly once, in the new order.',
  imageRequired: 'Choose a poster or a thumbnail image.',
  imageTooLarge: 'An image can be at most 10 MB.',
  imageUnsupported: 'Images must be JPEG, PNG, WebP or GIF files (checked by their content).',
  bulkIdsInvalid: 'Choose between 1 and 100 titles.',
  bulkActionInvalid: 'Choose publish or unpublish.',
  bulkUnknownTitles: 'Some of the chosen titles do not exist (any more); nothing was changed.',
  searchTooLong: 'Search text can be at most 100 characters.',
  created: 'Title created.',
  saved: 'Title saved.',
  imagesSaved: 'Images saved.',
  deleted: 'Title deleted.',
  published: 'Title published: members can see it now.',
  unpublished: 'Title unpublished: members no longer see it.',
  bulkPublished: (count: number) => `${count} ${count === 1 ? 'title' : 'titles'} published.`,
  bulkUnpublished: (count: number) => `${count} ${count === 1 ? 'title' : 'titles'} unpublished.`,
  seasonCreated: 'Season added.',
  seasonSaved: 'Season saved.',
  seasonDeleted: 'Season deleted with its episodes.',
  seasonsReordered: 'Seasons renumbered in the new order.',
  episodeCreated: 'Episode added.',
  episodeSaved: 'Episode saved.',
  episodeDeleted: 'Episode deleted.',
  episodesReordered: 'Episodes renumbered in the new order.',
} as const;

const M = AdminTitlesMessages;

/** Limits of the editor's fields, shared by the form and the server. */
export const AdminTitleLimits = {
  name: 200,
  description: 5000,
  language: 50,
  contentRating: 20,
  maxDurationMinutes: 1440,
  genres: 20,
  cast: 100,
  jobTitle: 100,
  url: 2000,
  seasonNumber: 999,
  seasonName: 100,
  episodeNumber: 9999,
  episodeName: 200,
  bulkIds: 100,
  /** Posters and thumbnails are refused past this size before any decoding. */
  imageBytes: 10 * 1024 * 1024,
  /** Seasons or episodes in one reorder. */
  orderItems: 500,
} as const;

const L = AdminTitleLimits;

/** A JSON boolean (never text or 0/1: the editor sends JSON). */
const flagField = z.boolean({ error: M.flagInvalid });

const wholeNumberIn = (min: number, max: number, message: string) =>
  z
    .number({ error: message })
    .int({ error: message })
    .min(min, { error: message })
    .max(max, { error: message });

export const TitleTrailerSchema = z
  .strictObject({
    type: LinkTypeSchema,
    url: z
      .string({ error: M.trailerUrlInvalid })
      .trim()
      .max(L.url, { error: M.trailerUrlInvalid })
      .regex(/^https?:\/\//i, { error: M.trailerUrlInvalid })
      .meta({ format: 'uri' })
      .pipe(z.url({ protocol: /^https?$/, error: M.trailerUrlInvalid })),
  })
  .superRefine((trailer, issues) => {
    const message = trailerMismatch(trailer.type, trailer.url);
    if (message) issues.addIssue({ code: 'custom', path: ['url'], message });
  });
export type TitleTrailer = z.infer<typeof TitleTrailerSchema>;

function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return '';
  }
}

/** Why a trailer address does not fit its link type, or undefined when it does. */
function trailerMismatch(type: z.infer<typeof LinkTypeSchema>, url: string): string | undefined {
  switch (type) {
    case 'youtube':
      return linkIsOnPlatform(url, 'youtube') ? undefined : M.trailerNotYoutube;
    case 'vimeo':
      return linkIsOnPlatform(url, 'vimeo') ? undefined : M.trailerNotVimeo;
    case 'dailymotion':
      return linkIsOnPlatform(url, 'dailymotion') ? undefined : M.trailerNotDailymotion;
    case 'hls':
      return /\.m3u8$/i.test(pathOf(url)) ? undefined : M.trailerNotHls;
    case 'url':
      return undefined;
  }
}

export const TitleCastEntrySchema = z.strictObject({
  person_id: IdSchema,
  job_title: z
    .string({ error: M.jobTitleRequired })
    .trim()
    .min(1, { error: M.jobTitleRequired })
    .max(L.jobTitle, { error: M.jobTitleTooLong }),
});
export type TitleCastEntry = z.infer<typeof TitleCastEntrySchema>;

/** Every editable field of a title; create requires `type` and `name`, an edit sends any of them. */
const titleFields = {
  type: z.enum(['movie', 'tvshow'], { error: M.typeInvalid }),
  name: z
    .string({ error: M.nameRequired })
    .trim()
    .min(1, { error: M.nameRequired })
    .max(L.name, { error: M.nameTooLong }),
  description: z
    .string({ error: M.descriptionTooLong })
    .trim()
    .max(L.description, { error: M.descriptionTooLong }),
  release_date: DateStringSchema.nullable(),
  language: z.string({ error: M.languageTooLong }).trim().max(L.language, { error: M.languageTooLong }),
  duration_minutes: wholeNumberIn(1, L.maxDurationMinutes, M.durationInvalid).nullable(),
  imdb_rating: z.number({ error: M.imdbRatingInvalid }).min(0, { error: M.imdbRatingInvalid }).max(10, {
    error: M.imdbRatingInvalid,
  }),
  content_rating: z
    .string({ error: M.contentRatingTooLong })
    .trim()
    .max(L.contentRating, { error: M.contentRatingTooLong }),
  /** In any order; a genre given twice counts once. */
  genre_ids: z.array(IdSchema, { error: M.genresInvalid }).max(L.genres, { error: M.genresInvalid }),
  /** In the order members see them. */
  cast: z.array(TitleCastEntrySchema, { error: M.castInvalid }).max(L.cast, { error: M.castInvalid }),
  is_free: flagField,
  is_published: flagField,
  /** null: no trailer link (a trailer video uploaded in Media still plays). */
  trailer: TitleTrailerSchema.nullable(),
};

/** The same person in the same role twice is refused at the second entry. */
function refineCast(fields: { cast?: TitleCastEntry[] | undefined }, issues: z.RefinementCtx) {
  const seen = new Set<string>();
  fields.cast?.forEach((entry, index) => {
    const key = `${entry.person_id}\n${entry.job_title.toLowerCase()}`;
    if (seen.has(key))
      issues.addIssue({ code: 'custom', path: ['cast', index, 'job_title'], message: M.castDuplicate });
    seen.add(key);
  });
}

export const CreateTitleBodySchema = z
  .strictObject({
    ...titleFields,
    description: titleFields.description.optional(),
    release_date: titleFields.release_date.optional(),
    language: titleFields.language.optional(),
    duration_minutes: titleFields.duration_minutes.optional(),
    imdb_rating: titleFields.imdb_rating.optional(),
    content_rating: titleFields.content_rating.optional(),
    genre_ids: titleFields.genre_ids.optional(),
    cast: titleFields.cast.optional(),
    is_free: flagField.optional(),
    /** A new title is a draft unless told otherwise. */
    is_published: flagField.optional(),
    trailer: titleFields.trailer.optional(),
  })
  .superRefine(refineCast);
export type CreateTitleBody = z.input<typeof CreateTitleBodySchema>;
export type CreateTitle = z.output<typeof CreateTitleBodySchema>;

export const UpdateTitleBodySchema = z
  .strictObject(titleFields)
  .partial()
  .superRefine((fields, issues) => {
    if (Object.values(fields).every((value) => value === undefined)) {
      issues.addIssue({ code: 'custom', path: [], message: M.nothingToChange });
    }
    refineCast(fields, issues);
  })
  .meta({ minProperties: 1 });
export type UpdateTitleBody = z.input<typeof UpdateTitleBodySchema>;
export type UpdateTitle = z.output<typeof UpdateTitleBodySchema>;

/**
 * Where a title's or an episode's full video stands: `none` (no video), `processing` (uploaded,
 * transcoding or queued), `ready` (members can play it), `failed` (the last transcode failed).
 * For a show, the best state among its episodes.
 */
export const VideoStateSchema = z.enum(['none', 'processing', 'ready', 'failed']);
export type VideoState = z.infer<typeof VideoStateSchema>;

export const TITLE_SORTS = ['name', 'release_date', 'created', 'views'] as const;
export const TitleSortSchema = z.enum(TITLE_SORTS);
export type TitleSort = z.infer<typeof TitleSortSchema>;

const yesNo = z.enum(['true', 'false'], { error: M.flagInvalid }).transform((value) => value === 'true');

export const AdminTitleListQuerySchema = PageQuerySchema.extend({
  /** Part of the name, any case. */
  search: z.string().trim().max(100, { error: M.searchTooLong }).optional(),
  type: z.enum(['movie', 'tvshow'], { error: M.typeInvalid }).optional(),
  genre_id: IdSchema.optional(),
  published: yesNo.optional(),
  /** A full video members can play: the movie's own, or any episode's for a show. */
  has_video: yesNo.optional(),
  sort: TitleSortSchema.default('created'),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type AdminTitleListQuery = z.input<typeof AdminTitleListQuerySchema>;

const isoTime = z.string();

export const AdminTitleRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  type: TitleTypeSchema,
  poster_image: z.string(),
  thumbnail_image: z.string(),
  genres: z.array(GenreSchema),
  is_published: z.boolean(),
  is_free: z.boolean(),
  video_state: VideoStateSchema,
  /** Shows only: how many episodes there are, and how many of them members can play. */
  episodes: z.object({ total: z.number(), ready: z.number() }).nullable(),
  release_date: z.string().nullable(),
  views: z.number(),
  created_at: isoTime,
});
export type AdminTitleRow = z.infer<typeof AdminTitleRowSchema>;

export const AdminTitlePageSchema = AdminPageSchema(AdminTitleRowSchema);
export type AdminTitlePage = z.infer<typeof AdminTitlePageSchema>;

export const AdminCastMemberSchema = z.object({
  person_id: z.number(),
  name: z.string(),
  profile_image: z.string(),
  job_title: z.string(),
});
export type AdminCastMember = z.infer<typeof AdminCastMemberSchema>;

export const AdminEpisodeSchema = z.object({
  id: z.number(),
  season_id: z.number(),
  episode_number: z.number(),
  name: z.string(),
  description: z.string(),
  duration_minutes: z.number().nullable(),
  thumbnail_image: z.string(),
  video_state: VideoStateSchema,
});
export type AdminEpisode = z.infer<typeof AdminEpisodeSchema>;

export const AdminSeasonSchema = z.object({
  id: z.number(),
  title_id: z.number(),
  season_number: z.number(),
  name: z.string(),
  episodes: z.array(AdminEpisodeSchema),
});
export type AdminSeason = z.infer<typeof AdminSeasonSchema>;

export const AdminTitleDetailSchema = z.object({
  id: z.number(),
  type: TitleTypeSchema,
  name: z.string(),
  description: z.string(),
  release_date: z.string().nullable(),
  language: z.string(),
  duration_minutes: z.number().nullable(),
  imdb_rating: z.number(),
  content_rating: z.string(),
  poster_image: z.string(),
  thumbnail_image: z.string(),
  trailer: z.object({ type: LinkTypeSchema, url: z.string() }).nullable(),
  is_free: z.boolean(),
  is_published: z.boolean(),
  genres: z.array(GenreSchema),
  cast: z.array(AdminCastMemberSchema),
  /** The movie's own full video; a show's episodes carry theirs. */
  video_state: VideoStateSchema,
  /** Empty for a movie. */
  seasons: z.array(AdminSeasonSchema),
  views: z.number(),
  likes: z.number(),
  created_at: isoTime,
  updated_at: isoTime,
});
export type AdminTitleDetail = z.infer<typeof AdminTitleDetailSchema>;

export const BulkTitlesBodySchema = z.strictObject({
  ids: z.array(IdSchema, { error: M.bulkIdsInvalid }).min(1, { error: M.bulkIdsInvalid }).max(L.bulkIds, {
    error: M.bulkIdsInvalid,
  }),
  action: z.enum(['publish', 'unpublish'], { error: M.bulkActionInvalid }),
});
export type BulkTitlesBody = z.input<typeof BulkTitlesBodySchema>;
export const BulkTitlesResultSchema = z.object({ updated: z.number() });

/** The forms of a title's poster and thumbnail and of an episode's thumbnail: files only, no text fields. */
export const TitleImagesBodySchema = z.strictObject({});
export const TitleImageFields = { poster: 'poster', thumbnail: 'thumbnail' } as const;

const seasonNumber = wholeNumberIn(1, L.seasonNumber, M.seasonNumberInvalid);
const seasonName = z
  .string({ error: M.seasonNameTooLong })
  .trim()
  .max(L.seasonName, { error: M.seasonNameTooLong });

export const CreateSeasonBodySchema = z.strictObject({
  /** The next free number when left out. */
  season_number: seasonNumber.optional(),
  /** `Season <number>` when left out or empty. */
  name: seasonName.optional(),
});
export type CreateSeasonBody = z.input<typeof CreateSeasonBodySchema>;

export const UpdateSeasonBodySchema = z
  .strictObject({ season_number: seasonNumber, name: seasonName })
  .partial()
  .refine((fields) => fields.season_number !== undefined || fields.name !== undefined, {
    error: M.nothingToChange,
  })
  .meta({ minProperties: 1 });
export type UpdateSeasonBody = z.input<typeof UpdateSeasonBodySchema>;

/** Every item of the parent exactly once, in the new order; they are numbered 1, 2, 3... */
export const OrderBodySchema = z.strictObject({
  ids: z
    .array(IdSchema, { error: M.orderInvalid })
    .min(1, { error: M.orderInvalid })
    .max(L.orderItems, { error: M.orderInvalid })
    .refine((ids) => new Set(ids).size === ids.length, { error: M.orderInvalid })
    .meta({ uniqueItems: true }),
});
export type OrderBody = z.input<typeof OrderBodySchema>;

const episodeFields = {
  episode_number: wholeNumberIn(1, L.episodeNumber, M.episodeNumberInvalid),
  name: z
    .string({ error: M.episodeNameRequired })
    .trim()
    .min(1, { error: M.episodeNameRequired })
    .max(L.episodeName, { error: M.nameTooLong }),
  description: titleFields.description,
  duration_minutes: titleFields.duration_minutes,
};

export const CreateEpisodeBodySchema = z.strictObject({
  ...episodeFields,
  /** The next free number when left out. */
  episode_number: episodeFields.episode_number.optional(),
  description: episodeFields.description.optional(),
  duration_minutes: episodeFields.duration_minutes.optional(),
});
export type CreateEpisodeBody = z.input<typeof CreateEpisodeBodySchema>;

export const UpdateEpisodeBodySchema = z
  .strictObject(episodeFields)
  .partial()
  .refine((fields) => Object.values(fields).some((value) => value !== undefined), {
    error: M.nothingToChange,
  })
  .meta({ minProperties: 1 });
export type UpdateEpisodeBody = z.input<typeof UpdateEpisodeBodySchema>;

const tags = ['admin'];
const IMAGE_FILE = 'a JPEG, PNG, WebP or GIF image of at most 10 MB, checked by its bytes';
const IMAGE_REFUSED =
  'The file is not a JPEG, PNG, WebP or GIF image (checked by its bytes), or the body is not a form.';
const IMAGE_TOO_LARGE = 'The body is too large, or an image is larger than 10 MB.';

/** The console's titles. */
export const AdminTitlesEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/admin/titles',
    access: 'admin',
    tags,
    description:
      'Every title, published or not: search by name, filter by type, genre, published and has_video, sort by name, release_date, created or views, one page at a time.',
    query: AdminTitleListQuerySchema,
    success: { status: 200, data: AdminTitlePageSchema },
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/admin/titles',
    access: 'admin',
    tags,
    description:
      'Creates a title (a draft unless is_published is true) with its genres and cast. A trailer link must be on the platform its type names (an HLS trailer is a .m3u8 playlist); the same person in the same role is refused the second time.',
    body: CreateTitleBodySchema,
    success: { status: 201, data: AdminTitleDetailSchema },
  }),
  bulk: defineEndpoint({
    method: 'POST',
    path: '/admin/titles/bulk',
    access: 'admin',
    tags,
    description:
      'Publishes or unpublishes up to 100 titles at once; nothing changes when any id is unknown (422).',
    body: BulkTitlesBodySchema,
    success: { status: 200, data: BulkTitlesResultSchema },
  }),
  detail: defineEndpoint({
    method: 'GET',
    path: '/admin/titles/:id',
    access: 'admin',
    tags,
    description: 'The whole title: every field, genres, cast, seasons with episodes and video states.',
    params: IdParamsSchema,
    success: { status: 200, data: AdminTitleDetailSchema },
    errors: { 404: 'The title does not exist.' },
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/admin/titles/:id',
    access: 'admin',
    tags,
    description:
      'Changes the fields sent (at least one); `genre_ids` and `cast` replace the lists, null clears `release_date`, `duration_minutes` and `trailer`. The trailer and cast rules of create apply. A show with seasons cannot become a movie, nor a movie with its own video a show (422).',
    params: IdParamsSchema,
    body: UpdateTitleBodySchema,
    success: { status: 200, data: AdminTitleDetailSchema },
    errors: { 404: 'The title does not exist.' },
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/admin/titles/:id',
    access: 'admin',
    tags,
    description:
      'Deletes the title with its seasons, episodes, videos and members’ state in it, then frees its images and video files.',
    params: IdParamsSchema,
    success: { status: 200, data: z.null() },
    errors: { 404: 'The title does not exist.' },
  }),
  saveImages: defineEndpoint({
    method: 'POST',
    path: '/admin/titles/:id/images',
    access: 'admin',
    tags,
    description: 'Replaces the poster and/or the thumbnail (at least one); the replaced files are deleted.',
    params: IdParamsSchema,
    encoding: 'form',
    body: TitleImagesBodySchema,
    files: {
      [TitleImageFields.poster]: { description: `A new poster: ${IMAGE_FILE}.`, required: false },
      [TitleImageFields.thumbnail]: { description: `A new thumbnail: ${IMAGE_FILE}.`, required: false },
    },
    success: { status: 200, data: AdminTitleDetailSchema },
    errors: { 404: 'The title does not exist.', 413: IMAGE_TOO_LARGE, 415: IMAGE_REFUSED },
  }),
};

/** Seasons and episodes of TV shows. */
export const AdminSeasonsEndpoints = {
  createSeason: defineEndpoint({
    method: 'POST',
    path: '/admin/titles/:id/seasons',
    access: 'admin',
    tags,
    description:
      'Adds a season to a TV show: the next number and `Season <n>` unless given. A movie has no seasons (422).',
    params: IdParamsSchema,
    body: CreateSeasonBodySchema,
    success: { status: 201, data: AdminSeasonSchema },
    errors: { 404: 'The title does not exist.' },
  }),
  orderSeasons: defineEndpoint({
    method: 'PUT',
    path: '/admin/titles/:id/season-order',
    access: 'admin',
    tags,
    description: "Renumbers the show's seasons 1, 2, 3... in the order given; `ids` lists every season once.",
    params: IdParamsSchema,
    body: OrderBodySchema,
    success: { status: 200, data: z.array(AdminSeasonSchema) },
    errors: { 404: 'The title does not exist.' },
  }),
  updateSeason: defineEndpoint({
    method: 'PATCH',
    path: '/admin/seasons/:id',
    access: 'admin',
    tags,
    description: "Changes a season's number or name (at least one).",
    params: IdParamsSchema,
    body: UpdateSeasonBodySchema,
    success: { status: 200, data: AdminSeasonSchema },
    errors: { 404: 'The season does not exist.' },
  }),
  deleteSeason: defineEndpoint({
    method: 'DELETE',
    path: '/admin/seasons/:id',
    access: 'admin',
    tags,
    description: "Deletes a season with its episodes, their videos and members' progress in them.",
    params: IdParamsSchema,
    success: { status: 200, data: z.null() },
    errors: { 404: 'The season does not exist.' },
  }),
  createEpisode: defineEndpoint({
    method: 'POST',
    path: '/admin/seasons/:id/episodes',
    access: 'admin',
    tags,
    description: 'Adds an episode to a season: the next number unless given. Its video is uploaded in Media.',
    params: IdParamsSchema,
    body: CreateEpisodeBodySchema,
    success: { status: 201, data: AdminEpisodeSchema },
    errors: { 404: 'The season does not exist.' },
  }),
  orderEpisodes: defineEndpoint({
    method: 'PUT',
    path: '/admin/seasons/:id/episode-order',
    access: 'admin',
    tags,
    description:
      "Renumbers the season's episodes 1, 2, 3... in the order given; `ids` lists every episode once.",
    params: IdParamsSchema,
    body: OrderBodySchema,
    success: { status: 200, data: z.array(AdminEpisodeSchema) },
    errors: { 404: 'The season does not exist.' },
  }),
  updateEpisode: defineEndpoint({
    method: 'PATCH',
    path: '/admin/episodes/:id',
    access: 'admin',
    tags,
    description:
      "Changes an episode's number, name, description or duration (at least one); null clears the duration.",
    params: IdParamsSchema,
    body: UpdateEpisodeBodySchema,
    success: { status: 200, data: AdminEpisodeSchema },
    errors: { 404: 'The episode does not exist.' },
  }),
  deleteEpisode: defineEndpoint({
    method: 'DELETE',
    path: '/admin/episodes/:id',
    access: 'admin',
    tags,
    description: "Deletes an episode with its videos and members' progress in it.",
    params: IdParamsSchema,
    success: { status: 200, data: z.null() },
    errors: { 404: 'The episode does not exist.' },
  }),
  saveEpisodeThumbnail: defineEndpoint({
    method: 'POST',
    path: '/admin/episodes/:id/thumbnail',
    access: 'admin',
    tags,
    description: "Replaces an episode's thumbnail; the replaced file is deleted.",
    params: IdParamsSchema,
    encoding: 'form',
    body: TitleImagesBodySchema,
    files: { thumbnail: { description: `The new thumbnail: ${IMAGE_FILE}.`, required: true } },
    success: { status: 200, data: AdminEpisodeSchema },
    errors: { 404: 'The episode does not exist.', 413: IMAGE_TOO_LARGE, 415: IMAGE_REFUSED },
  }),
};
