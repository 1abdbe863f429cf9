/** The console's mail outbox: schemas, messages and endpoints. */
import { z } from 'zod';
import { AdminPageSchema } from '../admin';
import { IdParamsSchema, optionalFilter, PageQuerySchema } from '../common';
import { defineEndpoint } from '../endpoint';
import { AdminSearchSchema } from './members';

/** What the mail section says; the server and the web app share them. */
export const AdminMailMessages = {
  mailNotFound: 'There is no message with this id.',
  mailNotFailed: 'Only a message whose delivery failed can be sent again.',
  mailRequeued: 'The message is queued for delivery again.',
  searchTooLong: 'Search is at most 100 characters.',
} as const;

/** ISO 8601 UTC. */
const Timestamp = z.string();

export const ADMIN_MAIL_STATUSES = ['pending', 'sent', 'failed', 'stored'] as const;
export type MailStatus = (typeof ADMIN_MAIL_STATUSES)[number];

export const AdminMailQuerySchema = PageQuerySchema.extend({
  /** Empty means every status. */
  status: optionalFilter(z.enum(ADMIN_MAIL_STATUSES), 'status must be pending, sent, failed or stored'),
  /** Part of the recipient's address, any case. */
  search: AdminSearchSchema(AdminMailMessages.searchTooLong),
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

const tags = ['admin: mail'];

/** The outbox: every mail the site sent or tried to, and a second chance for failed ones. */
export const AdminMailEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/admin/mail',
    access: 'admin',
    tags,
    description: 'The outbox newest first: filter by status, search by recipient.',
    query: AdminMailQuerySchema,
    success: { status: 200, data: AdminMailListSchema },
  }),
  message: defineEndpoint({
    method: 'GET',
    path: '/admin/mail/:id',
    access: 'admin',
    tags,
    description: 'One message with its text and HTML bodies.',
    params: IdParamsSchema,
    success: { status: 200, data: AdminMailMessageSchema },
    errors: { 404: AdminMailMessages.mailNotFound },
  }),
  retry: defineEndpoint({
    method: 'POST',
    path: '/admin/mail/:id/retry',
    access: 'admin',
    tags,
    description: 'Queues a failed message for delivery again, with a new delivery job and fresh attempts.',
    params: IdParamsSchema,
    success: { status: 200, data: AdminMailMessageSchema },
    errors: { 404: AdminMailMessages.mailNotFound, 409: 'The message is not failed.' },
  }),
};
