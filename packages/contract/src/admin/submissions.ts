/** The console's review of members' submissions: schemas, messages and endpoints. */
import { z } from 'zod';
import { AdminPageSchema } from '../admin';
import { LinkTypeSchema } from '../catalog';
import { IdParamsSchema, optionalFilter, PageQuerySchema } from '../common';
import { defineEndpoint } from '../endpoint';
import { SubmissionStatusSchema } from '../submissions';

/** Limits shared by the review form and the server. */
export const AdminSubmissionsLimits = {
  rejectionReason: 1000,
} as const;

/** What the review queue says, written once for the server and the web app. */
export const AdminSubmissionsMessages = {
  submissionNotFound: 'That submission no longer exists.',
  submissionAlreadyReviewed: (status: 'approved' | 'rejected') =>
    `This submission was already ${status}; it cannot be reviewed again.`,
  rejectionReasonRequired: 'A reason is required',
  rejectionReasonTooLong: `A reason has at most ${AdminSubmissionsLimits.rejectionReason} characters`,
  submissionApproved: 'Submission approved: a draft title was created and the member was told.',
  submissionRejected: 'Submission rejected and the member was told why.',
  statusInvalid: 'status must be pending, approved or rejected',
} as const;

const M = AdminSubmissionsMessages;

export const AdminSubmissionsQuerySchema = PageQuerySchema.extend({
  /** Empty means every status. */
  status: optionalFilter(SubmissionStatusSchema, AdminSubmissionsMessages.statusInvalid),
});
export type AdminSubmissionsQuery = z.input<typeof AdminSubmissionsQuerySchema>;
/** The query as the server reads it, defaults filled in. */
export type AdminSubmissionsFilter = z.output<typeof AdminSubmissionsQuerySchema>;

export const AdminSubmissionCastSchema = z.object({
  name: z.string(),
  job_title: z.string(),
  email: z.string().nullable(),
  image: z.string(),
});

/** A submission as the review queue shows it. */
export const AdminSubmissionSchema = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string().nullable(),
  /** As the member gave it: `Movie`, `TV show` or nothing. */
  type: z.string().nullable(),
  platform: z.string().nullable(),
  link: z.string(),
  /** How the link plays: an embed for YouTube, Vimeo and Dailymotion, else a plain link. */
  link_type: LinkTypeSchema,
  thumbnail_image: z.string(),
  status: SubmissionStatusSchema,
  /** ISO 8601 UTC. */
  created_at: z.string(),
  reviewed_at: z.string().nullable(),
  rejection_reason: z.string().nullable(),
  /** The draft title an approval created (null once that title is deleted). */
  draft_title_id: z.number().nullable(),
  submitter: z.object({
    user_id: z.number(),
    name: z.string(),
    email: z.string(),
    role: z.string(),
  }),
  cast: z.array(AdminSubmissionCastSchema),
});
export type AdminSubmission = z.infer<typeof AdminSubmissionSchema>;

export const AdminSubmissionsPageSchema = AdminPageSchema(AdminSubmissionSchema);
export type AdminSubmissionsPage = z.infer<typeof AdminSubmissionsPageSchema>;

export const RejectSubmissionBodySchema = z.strictObject({
  reason: z
    .string({ error: M.rejectionReasonRequired })
    .trim()
    .min(1, { error: M.rejectionReasonRequired })
    .max(AdminSubmissionsLimits.rejectionReason, { error: M.rejectionReasonTooLong }),
});
export type RejectSubmissionBody = z.input<typeof RejectSubmissionBodySchema>;

export const ApproveSubmissionResultSchema = z.object({
  draft_title_id: z.number(),
  submission: AdminSubmissionSchema,
});
export type ApproveSubmissionResult = z.infer<typeof ApproveSubmissionResultSchema>;

const tags = ['admin: submissions'];
const alreadyReviewed = 'The submission was already approved or rejected.';

/** The review queue of members' submissions. */
export const AdminSubmissionsEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/admin/submissions',
    access: 'admin',
    tags,
    description:
      'Submissions newest first, of one `status` or all, with their cast and how their link plays.',
    query: AdminSubmissionsQuerySchema,
    success: { status: 200, data: AdminSubmissionsPageSchema },
  }),
  approve: defineEndpoint({
    method: 'POST',
    path: '/admin/submissions/:id/approve',
    access: 'admin',
    tags,
    description:
      'Approves a pending submission: creates an unpublished draft title from it (poster, trailer link, cast as people with their photos and addresses) and mails the member.',
    params: IdParamsSchema,
    success: { status: 200, data: ApproveSubmissionResultSchema },
    errors: { 404: M.submissionNotFound, 409: alreadyReviewed },
  }),
  reject: defineEndpoint({
    method: 'POST',
    path: '/admin/submissions/:id/reject',
    access: 'admin',
    tags,
    description: `Rejects a pending submission with a reason (at most ${AdminSubmissionsLimits.rejectionReason} characters), which the member receives by mail and sees in My submissions.`,
    params: IdParamsSchema,
    body: RejectSubmissionBodySchema,
    success: { status: 200, data: AdminSubmissionSchema },
    errors: { 404: M.submissionNotFound, 409: alreadyReviewed },
  }),
};
