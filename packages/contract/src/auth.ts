import { z } from 'zod';
import { blankableField, DateStringSchema } from './common';
import { defineEndpoint } from './endpoint';
import { Messages } from './messages';

const MAX_TEXT = 255;

/** Email as the spec validates it: required, then well-formed. Trimmed and lower-cased. */
export const emailField = (invalid: string = Messages.emailInvalid) =>
  z
    .string({ error: Messages.emailRequired })
    .trim()
    .min(1, { error: Messages.emailRequired })
    .max(MAX_TEXT, { error: invalid })
    .pipe(z.email({ error: invalid }))
    .transform((email) => email.toLowerCase())
    .meta({ format: 'email' });

const passwordAtLeast6 = z
  .string({ error: Messages.passwordRequired })
  .min(1, { error: Messages.passwordRequired })
  .min(6, { error: Messages.passwordMin6 })
  .max(1024, { error: 'Password must be at most 1024 characters' });

const requiredName = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(100, { error: 'Name must be at most 100 characters' });

export const LoginBodySchema = z.object({
  email: emailField(),
  password: passwordAtLeast6,
});
export type LoginBody = z.input<typeof LoginBodySchema>;

export const RegisterBodySchema = z.object({
  first_name: requiredName(Messages.firstNameRequired),
  last_name: requiredName(Messages.lastNameRequired),
  email: emailField(),
  password: passwordAtLeast6,
});
export type RegisterBody = z.input<typeof RegisterBodySchema>;

export const ForgotPasswordBodySchema = z.object({ email: emailField() });
export type ForgotPasswordBody = z.input<typeof ForgotPasswordBodySchema>;

/** "Passwords must match" is shown only once a confirmation was typed; an empty one is "required". */
const newPasswordFields = {
  new_password: z
    .string({ error: Messages.newPasswordRequired })
    .min(1, { error: Messages.newPasswordRequired })
    .min(8, { error: Messages.passwordMin8 })
    .max(1024, { error: 'Password must be at most 1024 characters' }),
  new_password_confirmation: z
    .string({ error: Messages.confirmPasswordRequired })
    .min(1, { error: Messages.confirmPasswordRequired }),
};

export const ResetPasswordBodySchema = z
  .object({
    token: z
      .string({ error: Messages.tokenRequired })
      .min(1, { error: Messages.tokenRequired })
      .max(200, { error: Messages.tokenTooLong }),
    password: newPasswordFields.new_password,
    password_confirmation: newPasswordFields.new_password_confirmation,
  })
  .refine((body) => body.password_confirmation === '' || body.password === body.password_confirmation, {
    error: Messages.passwordsMustMatch,
    path: ['password_confirmation'],
  });
export type ResetPasswordBody = z.input<typeof ResetPasswordBodySchema>;

export const ChangePasswordBodySchema = z
  .object({
    old_password: z
      .string({ error: Messages.oldPasswordRequired })
      .min(1, { error: Messages.oldPasswordRequired })
      .max(1024, { error: Messages.oldPasswordTooLong }),
    ...newPasswordFields,
  })
  .refine(
    (body) => body.new_password_confirmation === '' || body.new_password === body.new_password_confirmation,
    {
      error: Messages.passwordsMustMatch,
      path: ['new_password_confirmation'],
    },
  );
export type ChangePasswordBody = z.input<typeof ChangePasswordBodySchema>;

export const GenderSchema = z.enum(['male', 'female', 'other'], { error: Messages.genderInvalid });
export type Gender = z.infer<typeof GenderSchema>;

/** Today's date where the day is furthest ahead (UTC+14), so no member's today counts as the future. */
const latestToday = () => new Date(Date.now() + 14 * 60 * 60 * 1000).toISOString().slice(0, 10);

export const UpdateProfileBodySchema = z.object({
  first_name: requiredName(Messages.profileFirstNameRequired),
  last_name: requiredName(Messages.profileLastNameRequired),
  email: emailField(Messages.profileEmailInvalid),
  mobile: blankableField(
    z
      .string()
      .trim()
      .max(20, { error: 'Mobile number must be at most 20 characters' })
      .regex(/^[+0-9 ()-]*$/, { error: 'Mobile number may contain digits, spaces, +, - and brackets only' }),
  ),
  gender: blankableField(GenderSchema, Messages.genderInvalid),
  date_of_birth: blankableField(DateStringSchema, Messages.dateInvalid, {
    accepts: (date) => date <= latestToday(),
    error: Messages.dateOfBirthInFuture,
  }),
});
export type UpdateProfileBody = z.input<typeof UpdateProfileBodySchema>;

export const UserSchema = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  mobile: z.string().nullable(),
  gender: GenderSchema.nullable(),
  date_of_birth: z.string().nullable(),
  profile_image: z.string().nullable(),
  is_admin: z.boolean(),
});
export type User = z.infer<typeof UserSchema>;

export const LoginDataSchema = UserSchema.extend({ api_token: z.string() });
export type LoginData = z.infer<typeof LoginDataSchema>;

export const ApiTokenDataSchema = z.object({ api_token: z.string() });
export type ApiTokenData = z.infer<typeof ApiTokenDataSchema>;

const authTags = ['auth'];

/** Sign-up, sign-in and out, and a forgotten password: open to visitors but sign-out. */
export const AuthEndpoints = {
  register: defineEndpoint({
    method: 'POST',
    path: '/register',
    access: 'public',
    tags: authTags,
    description: 'Creates a member account. Rate limited per address.',
    encoding: 'json-or-form',
    body: RegisterBodySchema,
    success: { status: 201, data: UserSchema },
    errors: {
      403: 'The operator has closed sign-ups.',
      409: 'An account with this email already exists.',
    },
  }),
  login: defineEndpoint({
    method: 'POST',
    path: '/login',
    access: 'public',
    tags: authTags,
    description:
      'Signs in with email and password; `api_token` is the bearer token of every member call. A wrong email or password is a 422 on `email`. Rate limited per address.',
    encoding: 'json-or-form',
    body: LoginBodySchema,
    success: { status: 200, data: LoginDataSchema },
    errors: { 403: 'The account has been disabled by an administrator.' },
  }),
  logout: defineEndpoint({
    method: 'GET',
    path: '/logout',
    access: 'member',
    tags: authTags,
    description: 'Signs out: the token sent stops working.',
    success: { status: 200, data: z.null() },
  }),
  forgotPassword: defineEndpoint({
    method: 'POST',
    path: '/forgot-password',
    access: 'public',
    tags: authTags,
    description:
      'Mails a password reset link when the address has an account; the answer is the same either way. Rate limited per address.',
    encoding: 'json-or-form',
    body: ForgotPasswordBodySchema,
    success: { status: 200, data: z.null() },
  }),
  resetPassword: defineEndpoint({
    method: 'POST',
    path: '/reset-password',
    access: 'public',
    tags: authTags,
    description:
      'Sets a new password with the token of a reset link; an unknown, used or expired token is a 422 on `token`. Rate limited per address.',
    body: ResetPasswordBodySchema,
    success: { status: 200, data: z.null() },
  }),
};

const profileTags = ['profile'];

/** The signed-in member's own account. */
export const ProfileEndpoints = {
  updateProfile: defineEndpoint({
    method: 'POST',
    path: '/user/update-profile',
    access: 'account',
    tags: profileTags,
    description:
      "Updates the profile, and the avatar when `file_url` is sent (multipart only). `email` must be the account's own address (a 422 on `email` otherwise). `mobile`, `gender` and `date_of_birth` may be empty or null to clear them.",
    encoding: 'json-or-form',
    body: UpdateProfileBodySchema,
    files: {
      file_url: {
        description:
          "Optional new avatar: a JPEG, PNG, WebP or GIF image (checked by its bytes), multipart only, at most the site's upload limit (`max_upload_mb` of `GET /site-settings`).",
        required: false,
        noun: 'picture',
      },
    },
    success: { status: 200, data: UserSchema },
  }),
  changePassword: defineEndpoint({
    method: 'POST',
    path: '/user/change-password',
    access: 'account',
    tags: profileTags,
    description:
      'Changes the password: every session of the account ends, and the answer carries a new token for this one. A wrong `old_password` is a 422 on it.',
    encoding: 'json-or-form',
    body: ChangePasswordBodySchema,
    success: { status: 200, data: ApiTokenDataSchema },
  }),
};
