import { z } from 'zod';
import { DateStringSchema, optionalField } from './common';
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
    token: z.string({ error: Messages.tokenRequired }).min(1, { error: Messages.tokenRequired }).max(200),
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
      .max(1024),
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

export const UpdateProfileBodySchema = z.object({
  first_name: requiredName(Messages.profileFirstNameRequired),
  last_name: requiredName(Messages.profileLastNameRequired),
  email: emailField(Messages.profileEmailInvalid),
  mobile: optionalField(
    z
      .string()
      .trim()
      .max(20, { error: 'Mobile number must be at most 20 characters' })
      .regex(/^[+0-9 ()-]*$/, { error: 'Mobile number may contain digits, spaces, +, - and brackets only' }),
  ),
  gender: optionalField(GenderSchema),
  date_of_birth: optionalField(DateStringSchema),
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
