import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';
import { createUserRepository } from '../users/user.repository';

/** What an admin changed: `before` and `after` are the row (or the part of it that matters). */
export interface AuditEntry {
  /** An admin, or a command run on the server (id null, email naming it, such as `cli`). */
  actor: { id: number | null; email: string };
  /** `<entity>.<verb>`, for example `title.update` or `member.disable`. */
  action: string;
  entityType: string;
  entityId: string | number | null;
  before?: unknown;
  after?: unknown;
}

const asJson = (value: unknown): string | null => (value === undefined ? null : JSON.stringify(value));

/**
 * Writes one audit entry. Pass the transaction that made the change, so the entry exists exactly
 * when the change does.
 */
export async function recordAudit(db: Kysely<Database>, entry: AuditEntry, now = Date.now()): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      actor_id: entry.actor.id,
      actor_email: entry.actor.email,
      action: entry.action,
      entity_type: entry.entityType,
      entity_id: entry.entityId === null ? null : String(entry.entityId),
      before: asJson(entry.before),
      after: asJson(entry.after),
      created_at: now,
    })
    .execute();
}

/** The admin making a request, as the audit log names them. */
export async function auditActor(db: Kysely<Database>, userId: number): Promise<AuditEntry['actor']> {
  return createUserRepository(db).idAndEmail(userId);
}
