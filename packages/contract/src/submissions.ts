import { z } from 'zod';
import { emailField } from './auth';
import { FormLimits, IdSchema, optionalField } from './common';
import { Messages } from './messages';

export const SUBMISSION_ROLES = ['Actor', 'Director', 'Executive Producer', 'Producer'] as const;
export const SUBMISSION_PLATFORMS = ['youtube', 'vimeo', 'dailymotion', 'other'] as const;

const optionalText = (max: number) => optionalField(z.string().trim().max(max));

export const SubmissionCastFieldsSchema = z.object({
  name: z
    .string({ error: Messages.castNameRequired })
    .trim()
    .min(1, { error: Messages.castNameRequired })
    .max(100),
  jobTitle: z
    .string({ error: Messages.jobTitleRequired })
    .trim()
    .min(1, { error: Messages.jobTitleRequired })
    .max(100),
  email: optionalField(z.email({ error: Messages.castEmailInvalid }).max(255)),
});

/** The text fields of `POST /user/movie-detail-request`; files are checked by the server separately. */
export const SubmissionFieldsSchema = z.object({
  name: z
    .string({ error: Messages.yourNameRequired })
    .trim()
    .min(1, { error: Messages.yourNameRequired })
    .max(100),
  email: emailField(),
  role: z.enum(SUBMISSION_ROLES, { error: Messages.roleRequired }),
  title: z
    .string({ error: Messages.titleRequired })
    .trim()
    .min(1, { error: Messages.titleRequired })
    .max(200),
  description: optionalText(5000),
  type: optionalText(50),
  platform: optionalField(z.enum(SUBMISSION_PLATFORMS)),
  link: z.url({ error: Messages.urlInvalid }).max(2000),
  cast: z
    .array(SubmissionCastFieldsSchema)
    .min(1, { error: Messages.castRequired })
    .max(FormLimits.maxListItems, { error: Messages.castTooMany }),
});
export type SubmissionFields = z.input<typeof SubmissionFieldsSchema>;

export const SubmissionResultSchema = z.object({ id: z.number(), status: z.literal('pending') });

export const SendMailToCastBodySchema = z.object({
  cast_id: IdSchema,
  message: z
    .string({ error: Messages.messageRequired })
    .trim()
    .min(1, { error: Messages.messageRequired })
    .max(2000, { error: Messages.messageTooLong }),
});
export type SendMailToCastBody = z.input<typeof SendMailToCastBodySchema>;
