/** The console's genres, people and banners: paths, schemas and endpoints. */
import { z } from 'zod';
import { AdminPageSchema } from '../admin';
import { IdParamsSchema, IdSchema, optionalField, PageQuerySchema } from '../common';
import type { AdminEndpoint } from './endpoint';

/** Paths relative to API_BASE. */
export const AdminLibraryPaths = {
  genres: '/admin/genres',
  genre: '/admin/genres/:id',
  people: '/admin/people',
  person: '/admin/people/:id',
  banners: '/admin/banners',
  banner: '/admin/banners/:id',
  bannerOrder: '/admin/banners/order',
  bannerTitleChoices: '/admin/banners/title-choices',
} as const;

/** Limits shared by the forms and the server. */
export const AdminLibraryLimits = {
  genreName: 100,
  personName: 255,
  email: 255,
  /** Photos and banner art, before they are re-encoded. */
  imageBytes: 8 * 1024 * 1024,
  searchText: 100,
} as const;

/** What the console says, written once for the server and the web app. */
export const AdminLibraryMessages = {
  genreNameRequired: 'Genre name is required',
  genreNameTooLong: `A genre name has at most ${AdminLibraryLimits.genreName} characters`,
  genreNameTaken: 'A genre with this name already exists',
  genreNotFound: 'That genre no longer exists.',
  genreInUse: (titles: number) =>
    `This genre is used by ${titles} ${titles === 1 ? 'title' : 'titles'}. Remove it from ${titles === 1 ? 'that title' : 'them'} first.`,
  genreCreated: 'Genre created.',
  genreRenamed: 'Genre renamed.',
  genreDeleted: 'Genre deleted.',

  personNameRequired: 'Name is required',
  personNameTooLong: `A name has at most ${AdminLibraryLimits.personName} characters`,
  personEmailInvalid: 'Invalid email',
  personPhotoRequired: 'A photo is required',
  personNotFound: 'That person no longer exists.',
  personInUse: (titles: number) =>
    `This person is in the cast of ${titles} ${titles === 1 ? 'title' : 'titles'}. Remove them from ${titles === 1 ? 'that title' : 'those titles'} first.`,
  personCreated: 'Person added.',
  personSaved: 'Person saved.',
  personDeleted: 'Person deleted.',

  bannerTitleRequired: 'Choose the title the banner links to',
  bannerTitleNotFound: 'That title no longer exists.',
  bannerArtRequired: 'Banner art is required',
  bannerNotFound: 'That banner no longer exists.',
  bannerOrderMismatch: 'The new order must list every banner exactly once. Reload and try again.',
  bannerCreated: 'Banner created.',
  bannerSaved: 'Banner saved.',
  bannerDeleted: 'Banner deleted.',
  bannersReordered: 'Banner order saved.',

  imageTooLarge: `An image may be at most ${AdminLibraryLimits.imageBytes / 1024 / 1024} MB.`,
  flagInvalid: 'Must be true or false',
} as const;

const M = AdminLibraryMessages;

/** A yes/no form field: JSON booleans, or `true`/`false`/`1`/`0` as form text. */
export const FormFlagSchema = z.union(
  [z.boolean(), z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1')],
  { error: M.flagInvalid },
);

// ---- Genres -------------------------------------------------------------------------------

export const GenreBodySchema = z.strictObject({
  name: z
    .string({ error: M.genreNameRequired })
    .trim()
    .min(1, { error: M.genreNameRequired })
    .max(AdminLibraryLimits.genreName, { error: M.genreNameTooLong }),
});
export type GenreBody = z.input<typeof GenreBodySchema>;

/** A genre with how many titles (published or not) carry it. */
export const AdminGenreSchema = z.object({
  id: z.number(),
  name: z.string(),
  title_count: z.number(),
});
export type AdminGenre = z.infer<typeof AdminGenreSchema>;

// ---- People -------------------------------------------------------------------------------

const searchText = optionalField(z.string().trim().max(AdminLibraryLimits.searchText));

export const PeopleQuerySchema = PageQuerySchema.extend({ search: searchText });
/** What `GET /admin/people` takes (the schema also accepts the numbers as query text). */
export type PeopleQuery = { page?: number; per_page?: number; search?: string };

/**
 * The text fields of a person; the photo travels as the multipart file `photo` (required to
 * create, optional to replace). An empty email removes the address.
 */
export const PersonBodySchema = z.strictObject({
  name: z
    .string({ error: M.personNameRequired })
    .trim()
    .min(1, { error: M.personNameRequired })
    .max(AdminLibraryLimits.personName, { error: M.personNameTooLong }),
  email: optionalField(
    z
      .string()
      .trim()
      .pipe(
        z
          .email({ error: M.personEmailInvalid })
          .max(AdminLibraryLimits.email, { error: M.personEmailInvalid }),
      ),
  ),
});
export type PersonBody = z.input<typeof PersonBodySchema>;

/** A person as the console sees them: the private address included. */
export const AdminPersonSchema = z.object({
  id: z.number(),
  name: z.string(),
  /** Empty when the person has no photo. */
  profile_image: z.string(),
  email: z.string().nullable(),
  has_email: z.boolean(),
  /** Titles whose cast they are in. */
  title_count: z.number(),
});
export type AdminPerson = z.infer<typeof AdminPersonSchema>;

export const AdminPeoplePageSchema = AdminPageSchema(AdminPersonSchema);
export type AdminPeoplePage = z.infer<typeof AdminPeoplePageSchema>;

// ---- Banners ------------------------------------------------------------------------------

/** A banner's fields; its art travels as the multipart file `art` (required when creating). */
export const BannerBodySchema = z.strictObject({
  /** Required; refused with its own message when missing. */
  title_id: optionalField(IdSchema),
  is_active: optionalField(FormFlagSchema),
});
export type BannerBody = z.input<typeof BannerBodySchema>;

export const BannerPatchSchema = z.strictObject({
  title_id: optionalField(IdSchema),
  is_active: optionalField(FormFlagSchema),
});
export type BannerPatch = z.input<typeof BannerPatchSchema>;

export const BannerOrderBodySchema = z.strictObject({
  ids: z.array(IdSchema, { error: M.bannerOrderMismatch }).max(1000, { error: M.bannerOrderMismatch }),
});
export type BannerOrderBody = z.input<typeof BannerOrderBodySchema>;

/** A banner in the console: active or not, and whether members can see its title. */
export const AdminBannerSchema = z.object({
  id: z.number(),
  title_id: z.number(),
  title_name: z.string(),
  title_published: z.boolean(),
  poster_url: z.string(),
  position: z.number(),
  is_active: z.boolean(),
});
export type AdminBanner = z.infer<typeof AdminBannerSchema>;

export const TitleChoicesQuerySchema = z.object({ search: searchText });

/** A title a banner may link to. */
export const TitleChoiceSchema = z.object({
  id: z.number(),
  name: z.string(),
  type: z.enum(['movie', 'tvshow']),
  is_published: z.boolean(),
});
export type TitleChoice = z.infer<typeof TitleChoiceSchema>;

// ---- Endpoints ----------------------------------------------------------------------------

type Params = z.input<typeof IdParamsSchema>;

/** Keyed by `"<METHOD> <path>"`; each is an {@link AdminEndpoint}. */
export type AdminLibraryEndpoints = {
  'GET /admin/genres': AdminEndpoint & { response: AdminGenre[] };
  'POST /admin/genres': AdminEndpoint & { body: GenreBody; response: AdminGenre };
  'PATCH /admin/genres/:id': AdminEndpoint & { params: Params; body: GenreBody; response: AdminGenre };
  'DELETE /admin/genres/:id': AdminEndpoint & { params: Params; response: null };

  'GET /admin/people': AdminEndpoint & { query: PeopleQuery; response: AdminPeoplePage };
  'POST /admin/people': AdminEndpoint & { body: PersonBody; multipart: true; response: AdminPerson };
  'PATCH /admin/people/:id': AdminEndpoint & {
    params: Params;
    body: PersonBody;
    multipart: true;
    response: AdminPerson;
  };
  'DELETE /admin/people/:id': AdminEndpoint & { params: Params; response: null };

  'GET /admin/banners': AdminEndpoint & { response: AdminBanner[] };
  'GET /admin/banners/title-choices': AdminEndpoint & {
    query: { search?: string };
    response: TitleChoice[];
  };
  'POST /admin/banners': AdminEndpoint & { body: BannerBody; multipart: true; response: AdminBanner };
  'PATCH /admin/banners/:id': AdminEndpoint & {
    params: Params;
    body: BannerPatch;
    multipart: true;
    response: AdminBanner;
  };
  'PUT /admin/banners/order': AdminEndpoint & { body: BannerOrderBody; response: AdminBanner[] };
  'DELETE /admin/banners/:id': AdminEndpoint & { params: Params; response: null };
};
