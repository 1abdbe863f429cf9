import { describe, expect, it } from 'vitest';
import { linkIsOnPlatform, Messages, SubmissionFieldsSchema } from './index';

const VALID = {
  name: 'Asha Rao',
  email: 'asha@example.com',
  role: 'Producer',
  title: 'Monsoon Letters',
  platform: 'vimeo',
  link: 'https://vimeo.com/1084537',
  cast: [{ name: 'Priya', jobTitle: 'Actor', email: '' }],
};

function firstMessages(value: unknown): Record<string, string> {
  const result = SubmissionFieldsSchema.safeParse(value);
  if (result.success) return {};
  const byField: Record<string, string> = {};
  for (const issue of result.error.issues) byField[issue.path.join('.')] ??= issue.message;
  return byField;
}

describe('SubmissionFieldsSchema', () => {
  it('accepts a complete submission, an empty cast email meaning none', () => {
    expect(SubmissionFieldsSchema.parse(VALID).cast[0]!.email).toBeUndefined();
  });

  it('gives the spec messages, one per field', () => {
    expect(
      firstMessages({ name: '', email: 'x', role: '', title: '', link: 'nope', cast: [{ email: 'bad' }] }),
    ).toEqual({
      name: Messages.yourNameRequired,
      email: Messages.emailInvalid,
      role: Messages.roleRequired,
      title: Messages.titleRequired,
      link: Messages.urlInvalid,
      'cast.0.name': Messages.castNameRequired,
      'cast.0.jobTitle': Messages.jobTitleRequired,
      'cast.0.email': Messages.castEmailInvalid,
    });
    expect(firstMessages({ ...VALID, cast: undefined })).toEqual({ cast: Messages.castRequired });
    expect(firstMessages({ ...VALID, cast: [] })).toEqual({ cast: Messages.castRequired });
    const many = Array.from({ length: 21 }, () => VALID.cast[0]);
    expect(firstMessages({ ...VALID, cast: many })).toEqual({ cast: Messages.castTooMany });
  });

  it('wants a link on the chosen platform', () => {
    expect(firstMessages({ ...VALID, link: 'https://www.youtube.com/watch?v=1' })).toEqual({
      link: Messages.linkNotOnPlatform,
    });
    expect(firstMessages({ ...VALID, platform: 'other', link: 'https://example.com/x' })).toEqual({});
    expect(firstMessages({ ...VALID, platform: undefined, link: 'https://example.com/x' })).toEqual({});
  });

  it('matches platform hosts and their subdomains, never look-alikes', () => {
    expect(linkIsOnPlatform('https://m.youtube.com/watch?v=1', 'youtube')).toBe(true);
    expect(linkIsOnPlatform('https://youtu.be/abc', 'youtube')).toBe(true);
    expect(linkIsOnPlatform('https://notyoutube.com/watch?v=1', 'youtube')).toBe(false);
    expect(linkIsOnPlatform('https://vimeo.com.example.org/1', 'vimeo')).toBe(false);
    expect(linkIsOnPlatform('https://geo.dailymotion.com/player.html?video=x1', 'dailymotion')).toBe(true);
    expect(linkIsOnPlatform('ftp://dailymotion.com/x', 'dailymotion')).toBe(false);
  });
});
