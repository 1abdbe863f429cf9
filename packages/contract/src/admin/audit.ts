/** The console's audit log: schemas, messages and endpoints. */
import { z } from 'zod';
import { AdminPageSchema } from '../admin';
import { DateStringSchema, PageQuerySchema } from '../common';
import { defineEndpoint } from '../endpoint';

/** What the audit log section says. */
export const AdminAuditMessages = {
  auditRangeInvalid: 'The start date must be on or before the end date.',
  auditFilterTooLong: 'A filter can be at most 255 characters.',
  auditFailed: 'The audit log could not be loaded.',
} as const;

/** The longest text a filter of the audit log takes. */
export const AUDIT_FILTER_MAX = 255;

const FilterText = z
  .string()
  .trim()
  .max(AUDIT_FILTER_MAX, { error: AdminAuditMessages.auditFilterTooLong })
  .optional()
  .transform((value) => (value === '' ? undefined : value));

/**
 * Filters of the audit log: `actor` is part of an email, `action` an action or its start
 * (`title` finds `title.update`), `entity_type` and `entity_id` exact, `from` and `to` UTC days,
 * both included.
 */
export const AuditQuerySchema = PageQuerySchema.extend({
  actor: FilterText,
  action: FilterText,
  entity_type: FilterText,
  entity_id: FilterText,
  from: DateStringSchema.optional(),
  to: DateStringSchema.optional(),
}).refine((query) => !query.from || !query.to || query.from <= query.to, {
  error: AdminAuditMessages.auditRangeInvalid,
  path: ['to'],
});
export type AuditQuery = z.input<typeof AuditQuerySchema>;

/** One change made in the console. `before` and `after` are the stored JSON, parsed. */
export const AuditEntrySchema = z.object({
  id: z.number().int(),
  actor_id: z.number().int().nullable(),
  actor_email: z.string(),
  action: z.string(),
  entity_type: z.string(),
  entity_id: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  /** ISO 8601. */
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditPageSchema = AdminPageSchema(AuditEntrySchema);

/** Changes made in the console. */
export const AdminAuditEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/admin/audit',
    access: 'admin',
    tags: ['admin'],
    description:
      'Changes made in the console, newest first, filtered by actor email (part of it), action (or its start, ' +
      'such as `title`), entity type and id, and UTC days `from`/`to` (both included).',
    query: AuditQuerySchema,
    success: { status: 200, data: AuditPageSchema },
  }),
};
