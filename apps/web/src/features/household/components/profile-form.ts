import { z } from 'zod';
import {
  HouseholdMessages as M,
  NewHouseholdProfileBodySchema,
  PinSchema,
  ProfileAvatarSchema,
  type HouseholdProfile,
  type HouseholdProfilePatch,
  type NewHouseholdProfileBody,
  type ProfileAvatar,
} from '@reeltime/contract';

/** The profile editor's fields, checked as the server checks them. */
export const ProfileFormSchema = z
  .object({
    name: NewHouseholdProfileBodySchema.shape.name,
    avatar: ProfileAvatarSchema,
    is_kids: z.boolean(),
    /** A label of the rating scale, or empty for no limit. */
    maturity_limit: z.string(),
    /** A new PIN, or empty to keep the current one (or have none). */
    pin: z.union([z.literal(''), PinSchema]),
    remove_pin: z.boolean(),
  })
  .refine((values) => !values.is_kids || values.maturity_limit !== '', {
    path: ['maturity_limit'],
    message: M.kidsNeedLimit,
  });
export type ProfileFormValues = z.infer<typeof ProfileFormSchema>;

export function profileFormDefaults(
  profile: HouseholdProfile | null,
  avatar: ProfileAvatar,
): ProfileFormValues {
  return {
    name: profile?.name ?? '',
    avatar: profile?.avatar ?? avatar,
    is_kids: profile?.is_kids ?? false,
    maturity_limit: profile?.maturity_limit ?? '',
    pin: '',
    remove_pin: false,
  };
}

/** A new profile as the API takes it. */
export function newProfileBody(values: ProfileFormValues): NewHouseholdProfileBody {
  return {
    name: values.name,
    avatar: values.avatar,
    is_kids: values.is_kids,
    maturity_limit: values.maturity_limit || null,
    ...(values.pin ? { pin: values.pin } : {}),
  };
}

/**
 * The changes to a profile as the API takes them. The built-in avatar is sent only when it was
 * picked, so an uploaded picture stays until another avatar is chosen.
 */
export function profilePatch(values: ProfileFormValues, avatarPicked: boolean): HouseholdProfilePatch {
  return {
    name: values.name,
    ...(avatarPicked ? { avatar: values.avatar } : {}),
    is_kids: values.is_kids,
    maturity_limit: values.maturity_limit || null,
    ...(values.remove_pin ? { pin: null } : values.pin ? { pin: values.pin } : {}),
  };
}

/** The same as multipart form data, with an uploaded picture as `avatar_file`. */
export function asFormData(body: NewHouseholdProfileBody | HouseholdProfilePatch, file: File): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(body)) {
    if (value !== undefined) form.append(key, value === null ? '' : String(value));
  }
  form.append('avatar_file', file);
  return form;
}
