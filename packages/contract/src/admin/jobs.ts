/** The console's background jobs: schemas, messages and endpoints. */
import { z } from 'zod';
import { AdminPageSchema } from '../admin';
import { IdParamsSchema, optionalFilter, PageQuerySchema } from '../common';
import { defineEndpoint } from '../endpoint';

/** What the jobs section says; the server and the web app share them. */
export const AdminJobsMessages = {
  jobNotFound: 'There is no job with this id.',
  jobNotRetryable: 'Only a failed or cancelled job can be retried.',
  jobNotCancellable: 'Only a queued or running job can be cancelled.',
  jobRequeued: 'The job is queued again.',
  jobCancelled: 'The job is cancelled.',
  typeInvalid: 'type is a job name such as mail.deliver',
  typeTooLong: 'type is at most 64 characters',
  stateInvalid: 'state must be queued, running, done, failed or cancelled',
} as const;

/** ISO 8601 UTC. */
const Timestamp = z.string();

export const ADMIN_JOB_STATES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
export type AdminJobState = (typeof ADMIN_JOB_STATES)[number];

/** The longest payload summary a job is listed with. */
export const PAYLOAD_SUMMARY_MAX = 300;

/** The longest job name the type filter takes. */
export const JOB_TYPE_MAX = 64;

export const AdminJobsQuerySchema = PageQuerySchema.extend({
  /** A job name such as `mail.deliver`; empty means every type. */
  type: optionalFilter(
    z
      .string()
      .trim()
      .max(JOB_TYPE_MAX, { error: AdminJobsMessages.typeTooLong })
      .regex(/^[a-z0-9.-]*$/, { error: AdminJobsMessages.typeInvalid }),
    AdminJobsMessages.typeInvalid,
  ),
  /** Empty means every state. */
  state: optionalFilter(z.enum(ADMIN_JOB_STATES), AdminJobsMessages.stateInvalid),
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
  payload_summary: z.string().max(PAYLOAD_SUMMARY_MAX),
});
export type AdminJob = z.infer<typeof AdminJobSchema>;

export const AdminJobListSchema = AdminPageSchema(AdminJobSchema).extend({
  /** Every job type the server knows, for the type filter. */
  types: z.array(z.string()),
});
export type AdminJobList = z.infer<typeof AdminJobListSchema>;

const tags = ['admin: jobs'];

/** Background jobs: what ran, what failed and why, and a retry or a cancel. */
export const AdminJobsEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/admin/jobs',
    access: 'admin',
    tags,
    description:
      'Background jobs newest first: filter by type and state; each with progress, attempts, last error and a payload summary.',
    query: AdminJobsQuerySchema,
    success: { status: 200, data: AdminJobListSchema },
  }),
  retry: defineEndpoint({
    method: 'POST',
    path: '/admin/jobs/:id/retry',
    access: 'admin',
    tags,
    description: 'Queues a failed or cancelled job again with fresh attempts.',
    params: IdParamsSchema,
    success: { status: 200, data: AdminJobSchema },
    errors: { 404: AdminJobsMessages.jobNotFound, 409: 'The job is neither failed nor cancelled.' },
  }),
  cancel: defineEndpoint({
    method: 'POST',
    path: '/admin/jobs/:id/cancel',
    access: 'admin',
    tags,
    description: 'Cancels a queued or running job; a running one stops at its worker’s next heartbeat.',
    params: IdParamsSchema,
    success: { status: 200, data: AdminJobSchema },
    errors: { 404: AdminJobsMessages.jobNotFound, 409: 'The job is neither queued nor running.' },
  }),
};
