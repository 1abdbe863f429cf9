import { sql } from 'kysely';
import type { Db } from '../../db/connection';
import type { AuditLogTable } from '../../db/database';
import type { Selectable } from 'kysely';
import { containing, inPage, startingWith } from '../../db/sql-helpers';

export interface AuditLogFilter {
  /** Part of the actor's email, any case. */
  actorEmail?: string;
  /** An action, or the start of one (`title` finds `title.update`). */
  action?: string;
  entityType?: string;
  entityId?: string;
  /** Epoch ms, included. */
  from?: number;
  /** Epoch ms, excluded. */
  until?: number;
  limit: number;
  offset: number;
}

export function createAuditLogRepository(db: Db) {
  const filtered = (filter: AuditLogFilter) => {
    let query = db.selectFrom('audit_log');
    if (filter.actorEmail) {
      query = query.where(sql`lower(actor_email)`, 'like', containing(filter.actorEmail));
    }
    if (filter.action) {
      query = query.where('action', 'like', startingWith(filter.action));
    }
    if (filter.entityType) query = query.where('entity_type', '=', filter.entityType);
    if (filter.entityId) query = query.where('entity_id', '=', filter.entityId);
    if (filter.from !== undefined) query = query.where('created_at', '>=', filter.from);
    if (filter.until !== undefined) query = query.where('created_at', '<', filter.until);
    return query;
  };

  return {
    /** One page of entries, newest first, and how many match in all. */
    async list(filter: AuditLogFilter): Promise<{ rows: Selectable<AuditLogTable>[]; total: number }> {
      const [rows, count] = await Promise.all([
        filtered(filter)
          .selectAll()
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .$call(inPage(filter))
          .execute(),
        filtered(filter)
          .select((eb) => eb.fn.countAll<number | string>().as('count'))
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.count) };
    },
  };
}
