import { z } from 'zod';
import {
  AdminTitleLimits as L,
  AdminTitlesMessages as M,
  DateStringSchema,
  LinkTypeSchema,
  TitleTrailerSchema,
  type AdminTitleDetail,
  type CreateTitleBody,
} from '@reeltime/contract';

/**
 * The editor's fields as its inputs hold them (text for numbers, `none` for no trailer). Each
 * rule and message is the contract's, so the form and the server refuse the same things.
 */
export const TitleFormSchema = z
  .object({
    type: z.enum(['movie', 'tvshow'], { error: M.typeInvalid }),
    name: z.string().trim().min(1, { error: M.nameRequired }).max(L.name, { error: M.nameTooLong }),
    description: z.string().max(L.description, { error: M.descriptionTooLong }),
    release_date: z.union([z.literal(''), DateStringSchema]),
    language: z.string().trim().max(L.language, { error: M.languageTooLong }),
    duration_minutes: z
      .string()
      .trim()
      .refine(
        (text) =>
          text === '' || (/^\d+$/.test(text) && Number(text) >= 1 && Number(text) <= L.maxDurationMinutes),
        {
          error: M.durationInvalid,
        },
      ),
    imdb_rating: z
      .string()
      .trim()
      .refine((text) => text === '' || (/^\d+(\.\d+)?$/.test(text) && Number(text) <= 10), {
        error: M.imdbRatingInvalid,
      }),
    content_rating: z.string().trim().max(L.contentRating, { error: M.contentRatingTooLong }),
    genre_ids: z.array(z.string()).max(L.genres, { error: M.genresInvalid }),
    cast: z
      .array(
        z.object({
          person_id: z.number(),
          name: z.string(),
          job_title: z
            .string()
            .trim()
            .min(1, { error: M.jobTitleRequired })
            .max(L.jobTitle, { error: M.jobTitleTooLong }),
        }),
      )
      .max(L.cast, { error: M.castInvalid }),
    is_free: z.boolean(),
    is_published: z.boolean(),
    trailer_type: z.union([z.literal('none'), LinkTypeSchema]),
    trailer_url: z.string().trim(),
  })
  .superRefine((values, issues) => {
    const seen = new Set<string>();
    values.cast.forEach((entry, index) => {
      const key = `${entry.person_id}\n${entry.job_title.trim().toLowerCase()}`;
      if (seen.has(key)) {
        issues.addIssue({ code: 'custom', path: ['cast', index, 'job_title'], message: M.castDuplicate });
      }
      seen.add(key);
    });
    if (values.trailer_type === 'none') return;
    const trailer = TitleTrailerSchema.safeParse({ type: values.trailer_type, url: values.trailer_url });
    if (!trailer.success) {
      issues.addIssue({
        code: 'custom',
        path: ['trailer_url'],
        message: trailer.error.issues[0]?.message ?? M.trailerUrlInvalid,
      });
    }
  });

export type TitleFormValues = z.input<typeof TitleFormSchema>;

export const emptyTitleForm: TitleFormValues = {
  type: 'movie',
  name: '',
  description: '',
  release_date: '',
  language: '',
  duration_minutes: '',
  imdb_rating: '',
  content_rating: '',
  genre_ids: [],
  cast: [],
  is_free: false,
  is_published: false,
  trailer_type: 'none',
  trailer_url: '',
};

/** A stored title as the editor's inputs show it. */
export function toFormValues(title: AdminTitleDetail): TitleFormValues {
  return {
    type: title.type,
    name: title.name,
    description: title.description,
    release_date: title.release_date ?? '',
    language: title.language,
    duration_minutes: title.duration_minutes === null ? '' : String(title.duration_minutes),
    imdb_rating: title.imdb_rating ? String(title.imdb_rating) : '',
    content_rating: title.content_rating,
    genre_ids: title.genres.map((genre) => String(genre.id)),
    cast: title.cast.map((entry) => ({
      person_id: entry.person_id,
      name: entry.name,
      job_title: entry.job_title,
    })),
    is_free: title.is_free,
    is_published: title.is_published,
    trailer_type: title.trailer?.type ?? 'none',
    trailer_url: title.trailer?.url ?? '',
  };
}

/** The editor's values as the API takes them: every field, so an edit saves exactly what is on screen. */
export function toTitleBody(values: TitleFormValues): Required<CreateTitleBody> {
  return {
    type: values.type,
    name: values.name.trim(),
    description: values.description.trim(),
    release_date: values.release_date || null,
    language: values.language.trim(),
    duration_minutes: values.duration_minutes.trim() ? Number(values.duration_minutes) : null,
    imdb_rating: values.imdb_rating.trim() ? Number(values.imdb_rating) : 0,
    content_rating: values.content_rating.trim(),
    genre_ids: values.genre_ids.map(Number),
    cast: values.cast.map((entry) => ({ person_id: entry.person_id, job_title: entry.job_title.trim() })),
    is_free: values.is_free,
    is_published: values.is_published,
    trailer:
      values.trailer_type === 'none' ? null : { type: values.trailer_type, url: values.trailer_url.trim() },
  };
}
