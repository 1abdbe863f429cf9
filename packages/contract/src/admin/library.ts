/** The console's genres, people and banners: schemas and endpoints. */
import { z } from 'zod';
import { AdminPageSchema } from '../admin';
import {
  formFlag,
  IdParamsSchema,
  IdSchema,
  idWithMessages,
  optionalField,
  PageQuerySchema,
} from '../common';
import { defineEndpoint } from '../endpoint';

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
  bannerTitleNull: 'A banner always links to a title: send the id of the new one, or leave title_id out',
  bannerActiveNull: 'Send true or false, or leave is_active out',
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

export const FormFlagSchema = formFlag(() => M.flagInvalid);

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

/** An address, or nothing: empty text and null both mean no address. */
const personEmail = z
  .union(
    [
      z.literal(''),
      z
        .string()
        .trim()
        .email({ error: M.personEmailInvalid })
        .max(AdminLibraryLimits.email, { error: M.personEmailInvalid }),
    ],
    { error: M.personEmailInvalid },
  )
  .nullable()
  .transform((email) => email || null)
  .meta({ description: 'The private address; empty, null or left out: the person has no address.' });

/**
 * The text fields of a person; the photo travels as the multipart file `photo` (required to
 * create, optional to replace). Both fields are saved as sent: an email that is empty, null or
 * left out means the person has no address.
 */
export const PersonBodySchema = z.strictObject({
  name: z
    .string({ error: M.personNameRequired })
    .trim()
    .min(1, { error: M.personNameRequired })
    .max(AdminLibraryLimits.personName, { error: M.personNameTooLong }),
  email: personEmail.optional(),
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

/** A banner's fields; its art travels as the multipart file `art` (required too). */
export const BannerBodySchema = z.strictObject({
  title_id: idWithMessages((input) => (input === undefined ? M.bannerTitleRequired : undefined)),
  /** Active unless false. */
  is_active: FormFlagSchema.optional(),
});
export type BannerBody = z.input<typeof BannerBodySchema>;

/** What an edit may change; a field left out keeps its value (null is refused: a banner always has both). */
export const BannerPatchSchema = z.strictObject({
  title_id: idWithMessages((input) => (input === null ? M.bannerTitleNull : undefined)).optional(),
  is_active: formFlag((issue) => (issue.input === null ? M.bannerActiveNull : M.flagInvalid)).optional(),
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

// ---- Endpoints of genres, people and banners ---------------------------------------------

const IMAGE_RULE = `a JPEG, PNG, WebP or GIF image of at most ${AdminLibraryLimits.imageBytes / 1024 / 1024} MB, checked by its bytes and re-encoded`;
const IMAGE_REFUSED =
  'The file is not a JPEG, PNG, WebP or GIF image (checked by its bytes), or the body is not one this endpoint reads.';
const IMAGE_TOO_LARGE = `The body is too large, or the image is larger than ${AdminLibraryLimits.imageBytes / 1024 / 1024} MB.`;

/** The genres titles are filed under. */
export const AdminGenresEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/admin/genres',
    access: 'admin',
    tags: ['admin: genres'],
    description: 'Every genre by name, with how many titles (published or not) carry it.',
    success: { status: 200, data: z.array(AdminGenreSchema) },
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/admin/genres',
    access: 'admin',
    tags: ['admin: genres'],
    description: 'Adds a genre.',
    body: GenreBodySchema,
    success: { status: 201, data: AdminGenreSchema },
    errors: { 409: 'Another genre has the same name in any case.' },
  }),
  rename: defineEndpoint({
    method: 'PATCH',
    path: '/admin/genres/:id',
    access: 'admin',
    tags: ['admin: genres'],
    description: 'Renames a genre; members see the new name on their next load.',
    params: IdParamsSchema,
    body: GenreBodySchema,
    success: { status: 200, data: AdminGenreSchema },
    errors: { 404: 'The genre does not exist.', 409: 'Another genre has the same name in any case.' },
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/admin/genres/:id',
    access: 'admin',
    tags: ['admin: genres'],
    description: 'Deletes a genre no title carries.',
    params: IdParamsSchema,
    success: { status: 200, data: z.null() },
    errors: {
      404: 'The genre does not exist.',
      409: 'Titles still carry the genre: the message says how many.',
    },
  }),
};

const PHOTO_FILE = `${IMAGE_RULE} to at most 800x800`;

/** The people titles name in their cast. */
export const AdminPeopleEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/admin/people',
    access: 'admin',
    tags: ['admin: people'],
    description:
      'People by name, one page at a time; `search` matches part of the name or address. Includes the private address, which only the console sees.',
    query: PeopleQuerySchema,
    success: { status: 200, data: AdminPeoplePageSchema },
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/admin/people',
    access: 'admin',
    tags: ['admin: people'],
    description:
      'Adds a person with their photo and an optional private address (a form: the photo is required).',
    encoding: 'form',
    body: PersonBodySchema,
    files: { photo: { description: `The photo: ${PHOTO_FILE}.`, required: true } },
    success: { status: 201, data: AdminPersonSchema },
    errors: { 413: IMAGE_TOO_LARGE, 415: IMAGE_REFUSED },
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/admin/people/:id',
    access: 'admin',
    tags: ['admin: people'],
    description:
      'Saves a person: name and address as sent (an address that is empty, null or left out is removed), and a new photo when one is sent (as a form).',
    params: IdParamsSchema,
    encoding: 'json-or-form',
    body: PersonBodySchema,
    files: { photo: { description: `A new photo: ${PHOTO_FILE}.`, required: false } },
    success: { status: 200, data: AdminPersonSchema },
    errors: { 404: 'The person does not exist.', 413: IMAGE_TOO_LARGE, 415: IMAGE_REFUSED },
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/admin/people/:id',
    access: 'admin',
    tags: ['admin: people'],
    description: 'Deletes a person cast in no title, and their photo.',
    params: IdParamsSchema,
    success: { status: 200, data: z.null() },
    errors: {
      404: 'The person does not exist.',
      409: 'The person is in the cast of titles: the message says how many.',
    },
  }),
};

const ART_FILE = `${IMAGE_RULE} to at most 1920x800`;
const BANNER_TITLE_MISSING = 'is refused (422) when the title does not exist';

/** The banners of the browse page. */
export const AdminBannersEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/admin/banners',
    access: 'admin',
    tags: ['admin: banners'],
    description:
      'Every banner in the order members see them. Members see only the active banners of published titles.',
    success: { status: 200, data: z.array(AdminBannerSchema) },
  }),
  titleChoices: defineEndpoint({
    method: 'GET',
    path: '/admin/banners/title-choices',
    access: 'admin',
    tags: ['admin: banners'],
    description: 'Up to 20 titles by name (matching `search` when given) that a banner may link to.',
    query: TitleChoicesQuerySchema,
    success: { status: 200, data: z.array(TitleChoiceSchema) },
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/admin/banners',
    access: 'admin',
    tags: ['admin: banners'],
    description: `Adds a banner after the last one (a form, with its art); \`title_id\` ${BANNER_TITLE_MISSING}. Active unless \`is_active\` is false.`,
    encoding: 'form',
    body: BannerBodySchema,
    files: { art: { description: `The banner art: ${ART_FILE}.`, required: true } },
    success: { status: 201, data: AdminBannerSchema },
    errors: { 413: IMAGE_TOO_LARGE, 415: IMAGE_REFUSED },
  }),
  reorder: defineEndpoint({
    method: 'PUT',
    path: '/admin/banners/order',
    access: 'admin',
    tags: ['admin: banners'],
    description: 'Puts the banners in the order of `ids`, which must name every banner once (422 otherwise).',
    body: BannerOrderBodySchema,
    success: { status: 200, data: z.array(AdminBannerSchema) },
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/admin/banners/:id',
    access: 'admin',
    tags: ['admin: banners'],
    description: `Changes the title a banner links to (\`title_id\` ${BANNER_TITLE_MISSING}), its art (as a form) or whether it is active; a field left out keeps its value.`,
    params: IdParamsSchema,
    encoding: 'json-or-form',
    body: BannerPatchSchema,
    files: { art: { description: `New art: ${ART_FILE}.`, required: false } },
    success: { status: 200, data: AdminBannerSchema },
    errors: { 404: 'The banner does not exist.', 413: IMAGE_TOO_LARGE, 415: IMAGE_REFUSED },
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/admin/banners/:id',
    access: 'admin',
    tags: ['admin: banners'],
    description: 'Deletes a banner and its art.',
    params: IdParamsSchema,
    success: { status: 200, data: z.null() },
    errors: { 404: 'The banner does not exist.' },
  }),
};
