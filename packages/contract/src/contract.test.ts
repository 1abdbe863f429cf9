import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  ChangePasswordBodySchema,
  DateStringSchema,
  IdSchema,
  LoginBodySchema,
  Messages,
  PageQuerySchema,
  PlaybackProgressBodySchema,
  RegisterBodySchema,
  UpdateProfileBodySchema,
} from './index';

/** The first message for each field, as the web form and the API's `errors` show it. */
function messages(schema: z.ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  if (result.success) return {};
  const byField: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.join('.') || '_';
    byField[field] ??= issue.message;
  }
  return byField;
}

describe('the specification’s validation messages', () => {
  it('login: required first, then the format and length', () => {
    expect(messages(LoginBodySchema, { email: '', password: '' })).toEqual({
      email: Messages.emailRequired,
      password: Messages.passwordRequired,
    });
    expect(messages(LoginBodySchema, { email: 'not-an-email', password: '12345' })).toEqual({
      email: Messages.emailInvalid,
      password: Messages.passwordMin6,
    });
  });

  it('register: names are required, and the email is trimmed and lower-cased', () => {
    expect(
      messages(RegisterBodySchema, { first_name: ' ', last_name: '', email: 'a@b.co', password: 'secret1' }),
    ).toEqual({
      first_name: Messages.firstNameRequired,
      last_name: Messages.lastNameRequired,
    });
    const parsed = RegisterBodySchema.parse({
      first_name: 'Asha',
      last_name: 'Rao',
      email: '  Asha.Rao@Example.COM ',
      password: 'secret1',
    });
    expect(parsed.email).toBe('asha.rao@example.com');
  });

  it('change password: 8 characters, and "Passwords must match" only once a confirmation is typed', () => {
    expect(
      messages(ChangePasswordBodySchema, {
        old_password: '',
        new_password: 'short',
        new_password_confirmation: '',
      }),
    ).toEqual({
      old_password: Messages.oldPasswordRequired,
      new_password: Messages.passwordMin8,
      new_password_confirmation: Messages.confirmPasswordRequired,
    });
    expect(
      messages(ChangePasswordBodySchema, {
        old_password: 'old-secret',
        new_password: 'new-secret-1',
        new_password_confirmation: 'new-secret-2',
      }),
    ).toEqual({ new_password_confirmation: Messages.passwordsMustMatch });
  });

  it('profile: empty optional fields mean "not given"; a date must exist on the calendar', () => {
    const base = { first_name: 'Asha', last_name: 'Rao', email: 'asha@example.com' };
    expect(UpdateProfileBodySchema.parse({ ...base, mobile: '', gender: '', date_of_birth: '' })).toEqual(
      base,
    );
    expect(messages(UpdateProfileBodySchema, { ...base, date_of_birth: '2023-02-30' })).toEqual({
      date_of_birth: Messages.dateInvalid,
    });
    expect(DateStringSchema.safeParse('2024-02-29').success).toBe(true);
  });
});

describe('ids, pages and seconds', () => {
  it('accepts ids as numbers or numeric text, and nothing else', () => {
    expect(IdSchema.parse('42')).toBe(42);
    for (const bad of ['0', '-3', '1.5', 'abc', '', 2 ** 31]) {
      expect(messages(IdSchema, bad)).toEqual({ _: Messages.idInvalid });
    }
  });

  it('pages default to 1 and 20 and stay within bounds', () => {
    expect(PageQuerySchema.parse({})).toEqual({ page: 1, per_page: 20 });
    expect(messages(PageQuerySchema, { page: '0', per_page: '101' })).toEqual({
      page: 'page must be at least 1',
      per_page: 'per_page must be at most 100',
    });
  });

  it('refuses a playback position past the end of the video', () => {
    expect(
      messages(PlaybackProgressBodySchema, {
        entertainment_id: 1,
        position_seconds: 120,
        duration_seconds: 100,
      }),
    ).toEqual({ position_seconds: 'Position must not be past the end' });
    expect(
      PlaybackProgressBodySchema.parse({
        entertainment_id: '7',
        position_seconds: '30.5',
        duration_seconds: 100,
      }),
    ).toEqual({ entertainment_id: 7, position_seconds: 30.5, duration_seconds: 100 });
  });
});
