import type { AuditEntry, AuditPageSchema, AuditQuerySchema } from '@reeltime/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { createAuditLogRepository } from '../audit/audit-log.repository';

const DAY_MS = 86_400_000;
const startOfDay = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** Stored JSON text back to a value; text that is not JSON is shown as it is. */
function parseStored(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The audit log as the console reads it. */
export function createAuditLogService(ctx: Pick<AppContext, 'db'>) {
  const repo = createAuditLogRepository(ctx.db);
  return {
    async list(query: z.output<typeof AuditQuerySchema>): Promise<z.output<typeof AuditPageSchema>> {
      const { rows, total } = await repo.list({
        actorEmail: query.actor,
        action: query.action,
        entityType: query.entity_type,
        entityId: query.entity_id,
        from: query.from ? startOfDay(query.from) : undefined,
        until: query.to ? startOfDay(query.to) + DAY_MS : undefined,
        limit: query.per_page,
        offset: (query.page - 1) * query.per_page,
      });
      const items: AuditEntry[] = rows.map((row) => ({
        id: row.id,
        actor_id: row.actor_id,
        actor_email: row.actor_email,
        action: row.action,
        entity_type: row.entity_type,
        entity_id: row.entity_id,
        before: parseStored(row.before),
        after: parseStored(row.after),
        created_at: new Date(Number(row.created_at)).toISOString(),
      }));
      return { items, total, page: query.page, per_page: query.per_page };
    },
  };
}
