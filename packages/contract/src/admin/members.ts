/** The console's members, the mail outbox and background jobs: paths, schemas and endpoints. */
import { z } from 'zod';
import { AdminPageSchema } from '../admin';
import { IdParamsSchema, PageQuerySchema } from '../common';
import type { AdminEndpoint } from './endpoint';

/** What the members, mail and jobs sections say; the server and the web app share them. */
export const AdminMembersMessages = {
  accountDisabled: 'This account has been disabled. Contact support.',
  memberNotFound: 'There is no member with this id.',
  cannotDisableSelf: 'You cannot disable your own account.',
  lastAdmin: 'This is the last admin: grant admin to another member first.',
  lastEnabledAdmin: 'This is the last enabled admin: the site would have no one left to run it.',
  actorNoLongerAdmin: 'Your account is no longer an enabled admin.',
  memberDisabled: 'The member is disabled and signed out everywhere.',
  memberEnabled: 'The member can sign in again.',
  alreadyDisabled: 'The member is already disabled.',
  alreadyEnabled: 'The member is already enabled.',
  adminGranted: 'The member is now an admin.',
  adminRevoked: 'The member is no longer an admin.',
  alreadyAdmin: 'The member is already an admin.',
  notAdmin: 'The member is not an admin.',
  signedOutEverywhere: 'The member is signed out on every device.',
  mailNotFound: 'There is no message with this id.',
  mailNotFailed: 'Only a message whose delivery failed can be sent again.',
  mailRequeued: 'The message is queued for delivery again.',
  jobNotFound: 'There is no job with this id.',
  jobNotRetryable: 'Only a failed or cancelled job can be retried.',
  jobNotCancellable: 'Only a queued or running job can be cancelled.',
  jobRequeued: 'The job is queued again.',
  jobCancelled: 'The job is cancelled.',
  searchTooLong: 'Search is at most 100 characters.',
} as const;

/** Paths relative to API_BASE. */
export const AdminMembersPaths = {
  members: '/admin/members',
  member: '/admin/members/:id',
  disableMember: '/admin/members/:id/disable',
  enableMember: '/admin/members/:id/enable',
  grantAdmin: '/admin/members/:id/grant-admin',
  revokeAdmin: '/admin/members/:id/revoke-admin',
  signOutMember: '/admin/members/:id/sign-out',
  mail: '/admin/mail',
  mailMessage: '/admin/mail/:id',
  retryMail: '/admin/mail/:id/retry',
  jobs: '/admin/jobs',
  retryJob: '/admin/jobs/:id/retry',
  cancelJob: '/admin/jobs/:id/cancel',
} as const;

const SearchSchema = z.string().trim().max(100, { error: AdminMembersMessages.searchTooLong }).default('');
/** ISO 8601 UTC. */
const Timestamp = z.string();

// Members

export const MEMBER_STATUS_FILTERS = ['active', 'disabled', 'admin'] as const;
export type MemberStatusFilter = (typeof MEMBER_STATUS_FILTERS)[number];

export const AdminMembersQuerySchema = PageQuerySchema.extend({
  /** Part of the first name, last name, full name or email, any case. */
  search: SearchSchema,
  status: z.enum(MEMBER_STATUS_FILTERS, { error: 'status must be active, disabled or admin' }).optional(),
});
export type AdminMembersQuery = z.input<typeof AdminMembersQuerySchema>;
/** The query as the server reads it, defaults filled in. */
export type AdminMembersFilter = z.output<typeof AdminMembersQuerySchema>;

/** The subscription that gives the member access today. */
export const AdminCurrentPlanSchema = z.object({
  subscription_id: z.number(),
  plan_id: z.number(),
  name: z.string(),
  status: z.enum(['active', 'cancelled']),
  end_date: z.string(),
});

export const AdminMemberSummarySchema = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  is_admin: z.boolean(),
  status: z.enum(['active', 'disabled']),
  disabled_at: Timestamp.nullable(),
  created_at: Timestamp,
  plan: AdminCurrentPlanSchema.nullable(),
});
export type AdminMemberSummary = z.infer<typeof AdminMemberSummarySchema>;

export const AdminMemberListSchema = AdminPageSchema(AdminMemberSummarySchema);
export type AdminMemberList = z.infer<typeof AdminMemberListSchema>;

export const AdminMemberSubscriptionSchema = z.object({
  id: z.number(),
  plan_id: z.number(),
  plan_name: z.string(),
  status: z.enum(['active', 'cancelled', 'expired']),
  start_date: z.string(),
  end_date: z.string(),
  gateway: z.string(),
  past_due: z.boolean(),
  created_at: Timestamp,
});

export const AdminMemberPaymentSchema = z.object({
  id: z.number(),
  plan_name: z.string(),
  /** Major units. */
  amount: z.number(),
  currency: z.string(),
  paid_at: Timestamp,
  card_brand: z.string().nullable(),
  card_last4: z.string().nullable(),
});

/** Where the member is in a movie or an episode. */
export const AdminMemberProgressSchema = z.object({
  title_id: z.number(),
  title_name: z.string(),
  episode_id: z.number().nullable(),
  episode_name: z.string().nullable(),
  position_seconds: z.number(),
  duration_seconds: z.number(),
  finished: z.boolean(),
  updated_at: Timestamp,
});

/** A day on which the member started a title. */
export const AdminMemberViewSchema = z.object({
  title_id: z.number(),
  title_name: z.string(),
  day: z.string(),
  created_at: Timestamp,
});

export const AdminMemberDetailSchema = AdminMemberSummarySchema.extend({
  mobile: z.string().nullable(),
  gender: z.enum(['male', 'female', 'other']).nullable(),
  date_of_birth: z.string().nullable(),
  profile_image: z.string().nullable(),
  updated_at: Timestamp,
  /** Devices signed in now (tokens not revoked or expired). */
  sessions: z.number().int().nonnegative(),
  subscriptions: z.array(AdminMemberSubscriptionSchema),
  payments: z.array(AdminMemberPaymentSchema),
  /** The last 20, newest first. */
  progress: z.array(AdminMemberProgressSchema),
  /** The last 20, newest first. */
  views: z.array(AdminMemberViewSchema),
});
export type AdminMemberDetail = z.infer<typeof AdminMemberDetailSchema>;

// Mail

export const ADMIN_MAIL_STATUSES = ['pending', 'sent', 'failed', 'stored'] as const;
export type MailStatus = (typeof ADMIN_MAIL_STATUSES)[number];

export const AdminMailQuerySchema = PageQuerySchema.extend({
  status: z.enum(ADMIN_MAIL_STATUSES, { error: 'status must be pending, sent, failed or stored' }).optional(),
  /** Part of the recipient's address, any case. */
  search: SearchSchema,
});
export type AdminMailQuery = z.input<typeof AdminMailQuerySchema>;
/** The query as the server reads it, defaults filled in. */
export type AdminMailFilter = z.output<typeof AdminMailQuerySchema>;

export const AdminMailSummarySchema = z.object({
  id: z.number(),
  to: z.string(),
  subject: z.string(),
  status: z.enum(ADMIN_MAIL_STATUSES),
  attempts: z.number(),
  last_error: z.string().nullable(),
  created_at: Timestamp,
  sent_at: Timestamp.nullable(),
});
export type AdminMailSummary = z.infer<typeof AdminMailSummarySchema>;

export const AdminMailListSchema = AdminPageSchema(AdminMailSummarySchema);
export type AdminMailList = z.infer<typeof AdminMailListSchema>;

export const AdminMailMessageSchema = AdminMailSummarySchema.extend({
  reply_to: z.string().nullable(),
  text: z.string(),
  /** Shown only inside a sandboxed frame, never in the console's own page. */
  html: z.string().nullable(),
});
export type AdminMailMessage = z.infer<typeof AdminMailMessageSchema>;

// Jobs

export const ADMIN_JOB_STATES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
export type AdminJobState = (typeof ADMIN_JOB_STATES)[number];

export const AdminJobsQuerySchema = PageQuerySchema.extend({
  type: z
    .string()
    .trim()
    .max(64)
    .regex(/^[a-z0-9.-]*$/, { error: 'type is a job name such as mail.deliver' })
    .optional(),
  state: z
    .enum(ADMIN_JOB_STATES, { error: 'state must be queued, running, done, failed or cancelled' })
    .optional(),
});
export type AdminJobsQuery = z.input<typeof AdminJobsQuerySchema>;
/** The query as the server reads it, defaults filled in. */
export type AdminJobsFilter = z.output<typeof AdminJobsQuerySchema>;

export const AdminJobSchema = z.object({
  id: z.number(),
  type: z.string(),
  state: z.enum(ADMIN_JOB_STATES),
  /** Percent, 0–100. */
  progress: z.number(),
  attempts: z.number(),
  max_attempts: z.number(),
  last_error: z.string().nullable(),
  run_at: Timestamp,
  created_at: Timestamp,
  updated_at: Timestamp,
  /** What the job works on, as `key: value` pairs; text values that could be private are left out. */
  payload_summary: z.string(),
});
export type AdminJob = z.infer<typeof AdminJobSchema>;

export const AdminJobListSchema = AdminPageSchema(AdminJobSchema).extend({
  /** Every job type the server knows, for the type filter. */
  types: z.array(z.string()),
});
export type AdminJobList = z.infer<typeof AdminJobListSchema>;

type Out<T extends z.ZodType> = z.output<T>;
type In<T extends z.ZodType> = z.input<T>;
type IdParams = In<typeof IdParamsSchema>;

/** Keyed by `"<METHOD> <path>"`; each is an {@link AdminEndpoint}. */
export type AdminMembersEndpoints = {
  'GET /admin/members': AdminEndpoint & {
    query: In<typeof AdminMembersQuerySchema>;
    response: Out<typeof AdminMemberListSchema>;
  };
  'GET /admin/members/:id': AdminEndpoint & {
    params: IdParams;
    response: Out<typeof AdminMemberDetailSchema>;
  };
  'POST /admin/members/:id/disable': AdminEndpoint & {
    params: IdParams;
    response: Out<typeof AdminMemberDetailSchema>;
  };
  'POST /admin/members/:id/enable': AdminEndpoint & {
    params: IdParams;
    response: Out<typeof AdminMemberDetailSchema>;
  };
  'POST /admin/members/:id/grant-admin': AdminEndpoint & {
    params: IdParams;
    response: Out<typeof AdminMemberDetailSchema>;
  };
  'POST /admin/members/:id/revoke-admin': AdminEndpoint & {
    params: IdParams;
    response: Out<typeof AdminMemberDetailSchema>;
  };
  'POST /admin/members/:id/sign-out': AdminEndpoint & {
    params: IdParams;
    response: Out<typeof AdminMemberDetailSchema>;
  };
  'GET /admin/mail': AdminEndpoint & {
    query: In<typeof AdminMailQuerySchema>;
    response: Out<typeof AdminMailListSchema>;
  };
  'GET /admin/mail/:id': AdminEndpoint & { params: IdParams; response: Out<typeof AdminMailMessageSchema> };
  'POST /admin/mail/:id/retry': AdminEndpoint & {
    params: IdParams;
    response: Out<typeof AdminMailMessageSchema>;
  };
  'GET /admin/jobs': AdminEndpoint & {
    query: In<typeof AdminJobsQuerySchema>;
    response: Out<typeof AdminJobListSchema>;
  };
  'POST /admin/jobs/:id/retry': AdminEndpoint & { params: IdParams; response: Out<typeof AdminJobSchema> };
  'POST /admin/jobs/:id/cancel': AdminEndpoint & { params: IdParams; response: Out<typeof AdminJobSchema> };
};
