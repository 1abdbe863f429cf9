import { z } from 'zod';
import { formFlag, IdParamsSchema } from './common';
import { defineEndpoint } from './endpoint';

/**
 * Household profiles: the people sharing one account, each with their own watch list, progress,
 * likes and maturity limit. A token acts as one profile (docs/decisions/0039-profile-tokens.md).
 */

/** The built-in avatars a profile can choose; the web app draws each one. */
export const PROFILE_AVATARS = [
  'red',
  'orange',
  'yellow',
  'green',
  'teal',
  'blue',
  'purple',
  'pink',
] as const;
export type ProfileAvatar = (typeof PROFILE_AVATARS)[number];

/** No account has more profiles than this, whatever its plan allows. */
export const MAX_PROFILES = 20;
/** Profiles an account without a plan may have. */
export const PROFILES_WITHOUT_PLAN = 1;
/** Wrong PINs in a row that lock a profile (or the account PIN) … */
export const PIN_ATTEMPTS = 5;
/** … for this long. */
export const PIN_LOCK_MINUTES = 15;
export const PROFILE_NAME_MAX = 50;
/** The request header that carries the account PIN to the endpoints that manage profiles. */
export const ACCOUNT_PIN_HEADER = 'x-account-pin';

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

export const HouseholdMessages = {
  profileNotFound: 'Profile not found.',
  nameRequired: 'Name is required',
  nameTooLong: `Name must be at most ${PROFILE_NAME_MAX} characters`,
  nameTaken: 'Another profile of this account already has this name.',
  avatarInvalid: `Avatar must be one of ${PROFILE_AVATARS.join(', ')}`,
  pinInvalid: 'PIN must be 4 digits',
  maturityLimitInvalid: 'Maturity limit must be a rating label, or null for no limit',
  maturityNotOnScale: (scale: readonly string[]) => `Maturity limit must be one of ${scale.join(', ')}`,
  kidsNeedLimit: 'A kids profile needs a maturity limit.',
  ownerCannotBeKids: "The account owner's profile cannot be a kids profile.",
  ownerCannotBeDeleted: "The account owner's profile cannot be deleted.",
  tooManyProfiles: (limit: number) =>
    `Your plan allows ${plural(limit, 'profile')}: delete one or choose a bigger plan to add another.`,
  tooManyProfilesAtAll: `An account can have at most ${MAX_PROFILES} profiles.`,
  nothingToChange: 'Send at least one field to change.',
  pinRequired: 'This profile is locked with a PIN: enter it.',
  pinWrong: (triesLeft: number) =>
    `Wrong PIN. ${plural(triesLeft, 'try', 'tries')} left before the profile is locked.`,
  profileLocked: (minutes: number) =>
    `Too many wrong PINs: this profile is locked. Try again in ${plural(minutes, 'minute')}.`,
  accountPinRequired: 'Enter the account PIN to manage profiles.',
  accountPinWrong: (triesLeft: number) =>
    `Wrong account PIN. ${plural(triesLeft, 'try', 'tries')} left before profile management is locked.`,
  accountPinLocked: (minutes: number) =>
    `Too many wrong account PINs: managing profiles is locked. Try again in ${plural(minutes, 'minute')}.`,
  passwordRequired: 'Password is required',
  passwordWrong: 'The password is incorrect.',
  kidsProfileRefused: 'A kids profile cannot do this: switch to another profile.',
  profileCreated: 'Profile created.',
  profileSaved: 'Profile saved.',
  profileDeleted: 'Profile deleted.',
  profileSelected: 'Profile selected.',
  accountPinSet: 'Account PIN saved.',
  accountPinCleared: 'Account PIN removed.',
} as const;

const M = HouseholdMessages;

const ProfileNameSchema = z
  .string({ error: M.nameRequired })
  .trim()
  .min(1, { error: M.nameRequired })
  .max(PROFILE_NAME_MAX, { error: M.nameTooLong });

export const ProfileAvatarSchema = z.enum(PROFILE_AVATARS, { error: M.avatarInvalid });

/** Four digits, as text so a leading zero counts. */
export const PinSchema = z
  .string({ error: M.pinInvalid })
  .regex(/^\d{4}$/, { error: M.pinInvalid })
  .meta({ pattern: '^\\d{4}$', example: '1234' });

/** A label of the site's content-rating scale; the server checks it is on the scale. */
const MaturityLimitSchema = z
  .string({ error: M.maturityLimitInvalid })
  .trim()
  .min(1, { error: M.maturityLimitInvalid })
  .max(20, { error: M.maturityLimitInvalid });

/** A value that may be cleared: `null` (JSON) or empty text (a form) clears it. */
const clearable = <T extends z.ZodType>(schema: T, invalid: string) =>
  z.union([z.literal('').transform(() => null), z.null(), schema], { error: invalid });

const IsKidsSchema = formFlag('is_kids must be true or false');

export const HouseholdProfileSchema = z.object({
  id: z.number(),
  name: z.string(),
  /** The built-in avatar; `avatar_image`, when set, is shown instead. */
  avatar: ProfileAvatarSchema,
  /** An uploaded avatar's URL, or null. */
  avatar_image: z.string().nullable(),
  /** The account owner's profile: it cannot be deleted nor be a kids profile. */
  is_owner: z.boolean(),
  is_kids: z.boolean(),
  /** The highest content rating the profile is shown (a label of `rating_scale`); null for no limit. */
  maturity_limit: z.string().nullable(),
  /** Selecting the profile needs its PIN. */
  has_pin: z.boolean(),
  /** ISO 8601 UTC until which its PIN is refused after too many wrong ones; null when not locked. */
  locked_until: z.string().nullable(),
});
export type HouseholdProfile = z.infer<typeof HouseholdProfileSchema>;

export const HouseholdSchema = z.object({
  /** The owner's profile first, then the others in the order they were added. */
  profiles: z.array(HouseholdProfileSchema),
  /** The profile the token sent acts as. */
  current_profile_id: z.number(),
  /** Profiles the account may have now: its plan's limit (1 without a plan), at most 20. */
  max_profiles: z.number(),
  /** Whether adding, editing and deleting profiles needs the account PIN (header X-Account-Pin). */
  account_pin: z.boolean(),
  /** The content-rating labels a maturity limit may take, from the lowest to the highest. */
  rating_scale: z.array(z.string()),
});
export type Household = z.infer<typeof HouseholdSchema>;

export const NewHouseholdProfileBodySchema = z.strictObject({
  name: ProfileNameSchema,
  /** Defaults to the first built-in avatar no other profile of the account uses. */
  avatar: ProfileAvatarSchema.optional(),
  is_kids: IsKidsSchema.default(false),
  /** Null or left out: no limit (an adult profile only). */
  maturity_limit: clearable(MaturityLimitSchema, M.maturityLimitInvalid).optional(),
  pin: clearable(PinSchema, M.pinInvalid).optional(),
});
export type NewHouseholdProfileBody = z.input<typeof NewHouseholdProfileBodySchema>;

export const HouseholdProfilePatchSchema = z.strictObject({
  name: ProfileNameSchema.optional(),
  /** A built-in avatar; it replaces an uploaded one. */
  avatar: ProfileAvatarSchema.optional(),
  is_kids: IsKidsSchema.optional(),
  /** Null (or empty in a form) removes the limit. */
  maturity_limit: clearable(MaturityLimitSchema, M.maturityLimitInvalid).optional(),
  /** Null (or empty in a form) removes the PIN. */
  pin: clearable(PinSchema, M.pinInvalid).optional(),
});
export type HouseholdProfilePatch = z.input<typeof HouseholdProfilePatchSchema>;

export const SelectProfileBodySchema = z.strictObject({
  /** Required when the profile has a PIN. */
  pin: PinSchema.optional(),
});
export type SelectProfileBody = z.input<typeof SelectProfileBodySchema>;

export const SelectedProfileSchema = z.object({
  /** The bearer token of the chosen profile: every member call made with it acts as that profile. */
  api_token: z.string(),
  profile: HouseholdProfileSchema,
});
export type SelectedProfile = z.infer<typeof SelectedProfileSchema>;

export const AccountPinBodySchema = z.strictObject({
  /** The account's password, required to set, change or remove the account PIN. */
  password: z
    .string({ error: M.passwordRequired })
    .min(1, { error: M.passwordRequired })
    .max(1024, { error: M.passwordWrong }),
  /** The new account PIN, or null to remove it. */
  pin: PinSchema.nullable(),
});
export type AccountPinBody = z.input<typeof AccountPinBodySchema>;

export const AccountPinStateSchema = z.object({ account_pin: z.boolean() });

export const ProfileIdParamsSchema = IdParamsSchema;

const tags = ['profiles'];

const avatarFile = {
  avatar_file: {
    description:
      'Optional uploaded avatar: a JPEG, PNG, WebP or GIF image (checked by its bytes), multipart only. It is shown instead of the built-in avatar.',
    required: false,
  },
} as const;

const accountPinHeader = {
  [ACCOUNT_PIN_HEADER]: {
    description: 'The account PIN, when the account has one (GET /user/profiles answers `account_pin`).',
    required: false,
  },
} as const;

const accountPinErrors = {
  403: 'The token acts as a kids profile.',
  422: 'The account PIN is missing or wrong (`errors.account_pin`), or a value is invalid.',
  429: `${PIN_ATTEMPTS} wrong account PINs in a row lock managing profiles for ${PIN_LOCK_MINUTES} minutes (Retry-After gives the seconds left), and mail the account owner.`,
} as const;

/** The account's household profiles, and choosing which one a token acts as. */
export const HouseholdEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/user/profiles',
    access: 'member',
    tags,
    description:
      "The account's profiles (the owner's first), which one the token acts as, how many the plan allows, whether managing them needs the account PIN, and the rating labels a maturity limit may take.",
    success: { status: 200, data: HouseholdSchema },
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/user/profiles',
    access: 'account',
    tags,
    description: `Adds a profile. An account may have as many profiles as its plan allows (1 without a plan), and never more than ${MAX_PROFILES}: one more is a 422 naming the limit. A kids profile needs a maturity limit, which must be a label of the rating scale. A field this endpoint does not take is refused (422), so a misspelt limit is never ignored.`,
    encoding: 'json-or-form',
    body: NewHouseholdProfileBodySchema,
    files: avatarFile,
    headers: accountPinHeader,
    success: { status: 201, data: HouseholdProfileSchema },
    errors: {
      ...accountPinErrors,
      422: `${accountPinErrors[422]} Or the account has as many profiles as it may have (the message names the limit).`,
    },
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/user/profiles/:id',
    access: 'account',
    tags,
    description:
      "Changes a profile: its name, avatar (built-in, or an uploaded `avatar_file`), kids flag, maturity limit or PIN (null removes the limit or the PIN). The owner's profile cannot become a kids profile. Changes reach the profile's sessions on their next request. A field this endpoint does not take is refused (422).",
    encoding: 'json-or-form',
    params: ProfileIdParamsSchema,
    body: HouseholdProfilePatchSchema,
    files: avatarFile,
    headers: accountPinHeader,
    success: { status: 200, data: HouseholdProfileSchema },
    errors: { ...accountPinErrors, 404: 'The account has no profile with this id.' },
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/user/profiles/:id',
    access: 'account',
    tags,
    description:
      "Deletes a profile with its watch list, progress, likes and views; its sessions end. The owner's profile cannot be deleted (422).",
    params: ProfileIdParamsSchema,
    headers: accountPinHeader,
    success: { status: 200, data: z.null() },
    errors: { ...accountPinErrors, 404: 'The account has no profile with this id.' },
  }),
  select: defineEndpoint({
    method: 'POST',
    path: '/user/profiles/:id/select',
    access: 'member',
    tags,
    description: `Answers a token acting as the profile (\`data.api_token\`), which the client uses from then on; the token sent keeps working. A profile with a PIN needs it in \`pin\`: a wrong one is a 422, and ${PIN_ATTEMPTS} wrong ones in a row lock the profile for ${PIN_LOCK_MINUTES} minutes (429 with Retry-After, the fifth included) and mail the account owner.`,
    params: ProfileIdParamsSchema,
    body: SelectProfileBodySchema.nullish(),
    success: { status: 200, data: SelectedProfileSchema },
    errors: {
      404: 'The account has no profile with this id.',
      422: 'The PIN is missing or wrong (`errors.pin`), or a value is invalid.',
      429: `The profile is locked after ${PIN_ATTEMPTS} wrong PINs: Retry-After gives the seconds left.`,
    },
  }),
  setAccountPin: defineEndpoint({
    method: 'PUT',
    path: '/user/profiles/account-pin',
    access: 'account',
    tags,
    description:
      'Sets, changes or removes (`pin: null`) the account PIN that guards adding, editing and deleting profiles. Needs the account password (a wrong one is a 422 on `password`). Rate limited per address.',
    body: AccountPinBodySchema,
    success: { status: 200, data: AccountPinStateSchema },
    errors: { 403: 'The token acts as a kids profile.' },
  }),
};
