import {
  AdminMailMessages as Said,
  type AdminMailList,
  type AdminMailMessage,
  type AdminMailFilter,
  type AdminMailSummary,
} from '@reeltime/contract';
import type { AppContext } from '../../context';
import { Conflict, NotFound } from '../../lib/errors';
import { toPage } from '../../lib/page';
import { auditActor, recordAudit } from '../audit/audit';
import { createOutboxRepository, type OutboxRow, type OutboxSummaryRow } from '../mail/outbox.repository';

const iso = (at: number) => new Date(at).toISOString();

const toSummary = (row: OutboxSummaryRow): AdminMailSummary => ({
  id: row.id,
  to: row.to_address,
  subject: row.subject,
  status: row.status,
  attempts: row.attempts,
  last_error: row.last_error,
  created_at: iso(row.created_at),
  sent_at: row.sent_at === null ? null : iso(row.sent_at),
});

const toMessage = (row: OutboxRow): AdminMailMessage => ({
  ...toSummary(row),
  reply_to: row.reply_to,
  text: row.text_body,
  html: row.html_body,
});

/** The outbox for the operator: every mail the site sent or tried to, and a second chance for failed ones. */
export function createMailOutboxService(ctx: Pick<AppContext, 'db' | 'jobs'>) {
  const outbox = createOutboxRepository(ctx.db);

  async function message(id: number): Promise<AdminMailMessage> {
    const row = await outbox.findById(id);
    if (!row) throw new NotFound(Said.mailNotFound);
    return toMessage(row);
  }

  return {
    async list(query: AdminMailFilter): Promise<AdminMailList> {
      const { rows, total } = await outbox.list(
        { status: query.status, search: query.search },
        toPage(query),
      );
      return { items: rows.map(toSummary), total, page: query.page, per_page: query.per_page };
    },

    message,

    /**
     * Queues a failed message for delivery again: it turns pending, and a new delivery job starts
     * with fresh attempts. A job still waiting to retry it finds it sent and stops.
     */
    async retry(actorId: number, id: number): Promise<AdminMailMessage> {
      await ctx.db.transaction().execute(async (trx) => {
        const mail = createOutboxRepository(trx);
        const row = await mail.findById(id);
        if (!row) throw new NotFound(Said.mailNotFound);
        if (!(await mail.markPendingAgain(id))) throw new Conflict(Said.mailNotFailed);
        const job = await ctx.jobs.enqueue('mail.deliver', { outboxId: id }, { within: trx });
        await recordAudit(trx, {
          actor: await auditActor(trx, actorId),
          action: 'mail.retry',
          entityType: 'mail',
          entityId: id,
          before: { status: row.status, attempts: row.attempts, last_error: row.last_error },
          after: { status: 'pending', job_id: job.id },
        });
      });
      return message(id);
    },
  };
}
