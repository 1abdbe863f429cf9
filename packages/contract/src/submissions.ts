import { z } from 'zod';
import { emailField } from './auth';
import { blankableField, FormLimits, IdSchema } from './common';
import { defineEndpoint } from './endpoint';
import { Messages } from './messages';

/** Submissions a member may send an hour; refused attempts count too, leaving room for a few corrections. */
export const SUBMISSIONS_PER_HOUR = 10;
/** Mails to cast members a member may send an hour. */
export const CAST_MAILS_PER_HOUR = 5;

export const SUBMISSION_ROLES = ['Actor', 'Director', 'Executive Producer', 'Producer'] as const;
export const SUBMISSION_PLATFORMS = ['youtube', 'vimeo', 'dailymotion', 'other'] as const;

/** Optional free text of at most `max` characters, with the message naming that limit. */
const optionalText = (max: number, tooLong: string) =>
  blankableField(z.string().trim().max(max, { error: tooLong }));

export const SubmissionCastFieldsSchema = z.object({
  name: z
    .string({ error: Messages.castNameRequired })
    .trim()
    .min(1, { error: Messages.castNameRequired })
    .max(100, { error: Messages.castNameTooLong }),
  jobTitle: z
    .string({ error: Messages.jobTitleRequired })
    .trim()
    .min(1, { error: Messages.jobTitleRequired })
    .max(100, { error: Messages.jobTitleTooLong }),
  email: blankableField(z.email({ error: Messages.castEmailInvalid }).max(255), Messages.castEmailInvalid),
});

type SubmissionCastFields = z.input<typeof SubmissionCastFieldsSchema>;

/**
 * The cast as a list, however it was sent: a JSON list, `cast[0][name]` form fields, or one form
 * field holding the JSON list (how OpenAPI encodes a list in a multipart body).
 */
const castList = z.preprocess(
  (value: SubmissionCastFields[] | string, context) => {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      context.addIssue({ code: 'custom', message: Messages.castNotJson, input: value });
      return value;
    }
  },
  z
    .array(SubmissionCastFieldsSchema, { error: Messages.castRequired })
    .min(1, { error: Messages.castRequired })
    .max(FormLimits.maxListItems, { error: Messages.castTooMany }),
);

/** The text fields of `POST /user/movie-detail-request`; files are checked by the server separately. */
export const SubmissionFieldsSchema = z
  .object({
    name: z
      .string({ error: Messages.yourNameRequired })
      .trim()
      .min(1, { error: Messages.yourNameRequired })
      .max(100, { error: Messages.yourNameTooLong }),
    email: emailField(),
    role: z.enum(SUBMISSION_ROLES, { error: Messages.roleRequired }),
    title: z
      .string({ error: Messages.titleRequired })
      .trim()
      .min(1, { error: Messages.titleRequired })
      .max(200, { error: Messages.titleTooLong }),
    description: optionalText(5000, Messages.descriptionTooLong),
    type: optionalText(50, Messages.typeTooLong),
    platform: blankableField(z.enum(SUBMISSION_PLATFORMS), Messages.platformInvalid),
    link: z
      .string({ error: Messages.urlInvalid })
      .trim()
      .max(2000, { error: Messages.urlInvalid })
      .pipe(z.url({ protocol: /^https?$/, error: Messages.urlInvalid }))
      .meta({ format: 'uri', pattern: String.raw`^\s*[hH][tT][tT][pP][sS]?://` }),
    cast: castList,
  })
  .superRefine((fields, issues) => {
    // A link that is not a web address has its own message already.
    const host = webHost(fields.link);
    if (!fields.platform || host === undefined || hostIsOnPlatform(host, fields.platform)) return;
    issues.addIssue({ code: 'custom', path: ['link'], message: Messages.linkNotOnPlatform });
  });
export type SubmissionFields = z.input<typeof SubmissionFieldsSchema>;

/** Where the link of a submission may point for each platform; `other` takes any web address. */
export const PLATFORM_HOSTS: Record<SubmissionPlatform, readonly string[] | null> = {
  youtube: ['youtube.com', 'youtu.be', 'youtube-nocookie.com'],
  vimeo: ['vimeo.com'],
  dailymotion: ['dailymotion.com', 'dai.ly'],
  other: null,
};
export type SubmissionPlatform = (typeof SUBMISSION_PLATFORMS)[number];

/** The host name of an http(s) address, lower-cased; undefined for anything else. */
function webHost(link: string): string | undefined {
  try {
    const url = new URL(link);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.hostname.toLowerCase() : undefined;
  } catch {
    return undefined;
  }
}

/** One of the platform's domains or a subdomain of one (`www.`, `m.`, `player.`). */
const hostIsOnPlatform = (host: string, platform: SubmissionPlatform) =>
  PLATFORM_HOSTS[platform]?.some((domain) => host === domain || host.endsWith(`.${domain}`)) ?? true;

/** Whether a link may be given for the platform: `other` takes any web address. */
export function linkIsOnPlatform(link: string, platform: SubmissionPlatform): boolean {
  const host = webHost(link);
  return host !== undefined && hostIsOnPlatform(host, platform);
}

export const SubmissionResultSchema = z.object({ id: z.number(), status: z.literal('pending') });

/** Upload limits of a submission, named in the refusal. */
export const SubmissionFileLimits = {
  thumbnailBytes: 5 * 1024 * 1024,
  castImageBytes: 2 * 1024 * 1024,
} as const;

export const SUBMISSION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const SubmissionStatusSchema = z.enum(SUBMISSION_STATUSES);
export type SubmissionStatus = z.infer<typeof SubmissionStatusSchema>;

/** One of the member's own submissions in `GET /user/my-submissions`. */
export const MySubmissionSchema = z.object({
  id: z.number(),
  title: z.string(),
  status: SubmissionStatusSchema,
  /** Set only when rejected. */
  rejection_reason: z.string().nullable(),
  /** ISO 8601 UTC. */
  created_at: z.string(),
  thumbnail_image: z.string(),
});
export type MySubmission = z.infer<typeof MySubmissionSchema>;

export const SendMailToCastBodySchema = z.object({
  cast_id: IdSchema,
  message: z
    .string({ error: Messages.messageRequired })
    .trim()
    .min(1, { error: Messages.messageRequired })
    .max(2000, { error: Messages.messageTooLong }),
});
export type SendMailToCastBody = z.input<typeof SendMailToCastBodySchema>;

const IMAGE_RULE = 'a JPEG, PNG, WebP or GIF image (checked by its bytes)';
const MB = 1024 * 1024;

/** Titles members send for review, and their own list of them. */
export const SubmissionEndpoints = {
  submit: defineEndpoint({
    method: 'POST',
    path: '/user/movie-detail-request',
    access: 'account',
    tags: ['submissions'],
    description: `A movie or show for review, with at least one and at most ${FormLimits.maxListItems} cast members. Multipart for the files: \`cast\` as \`cast[0][name]\` fields or as one field holding the JSON list; the image of cast member i is \`cast[i][image]\`. At most ${SUBMISSIONS_PER_HOUR} an hour, refused ones included.`,
    encoding: 'json-or-form',
    body: SubmissionFieldsSchema,
    files: {
      thumnail: {
        description: `The title's thumbnail: ${IMAGE_RULE} of at most ${SubmissionFileLimits.thumbnailBytes / MB} MB.`,
        required: true,
      },
      'cast[{i}][image]': {
        description: `The picture of cast member i: ${IMAGE_RULE} of at most ${SubmissionFileLimits.castImageBytes / MB} MB (400x400 recommended).`,
        required: true,
      },
    },
    success: { status: 201, data: SubmissionResultSchema },
    errors: {
      413: 'The body is too large, or the thumbnail or a cast image is over its limit (named in `message`).',
      415: 'The body is neither JSON nor multipart, or the thumbnail or a cast image is not a JPEG, PNG, WebP or GIF image.',
    },
  }),
  mine: defineEndpoint({
    method: 'GET',
    path: '/user/my-submissions',
    access: 'account',
    tags: ['submissions'],
    description: "The member's own submissions, newest first.",
    success: { status: 200, data: z.array(MySubmissionSchema) },
  }),
};

/** Mail to a title's cast member, on the member's behalf. */
export const CastMailEndpoints = {
  send: defineEndpoint({
    method: 'POST',
    path: '/user/send-mail-to-cast',
    access: 'account',
    tags: ['cast'],
    description: `Mails a cast member on the member's behalf (replies go to the member). At most ${CAST_MAILS_PER_HOUR} an hour.`,
    encoding: 'json-or-form',
    body: SendMailToCastBodySchema,
    success: { status: 200, data: z.null() },
    errors: { 404: 'No cast member has this id, or the cast member has no email address.' },
  }),
};
