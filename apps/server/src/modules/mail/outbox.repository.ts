import { sql, type Selectable } from 'kysely';
import type { MailStatus } from '@reeltime/contract';
import type { Db } from '../../db/connection';
import type { OutboxTable } from '../../db/database';
import { containing, inPage } from '../../db/sql-helpers';
import type { Page } from '../../lib/page';
import type { MailMessage } from '../../adapters/mail/mailer';

export type OutboxRow = Selectable<OutboxTable>;
export type OutboxSummaryRow = Omit<OutboxRow, 'text_body' | 'html_body' | 'reply_to'>;

const ERROR_LENGTH = 1000;

/** All SQL over the outbox: every mail the site sends, with its delivery state. */
export function createOutboxRepository(db: Db) {
  return {
    insert(message: MailMessage, status: 'pending' | 'stored', now: number): Promise<{ id: number }> {
      return db
        .insertInto('outbox')
        .values({
          to_address: message.to,
          reply_to: message.replyTo ?? null,
          subject: message.subject,
          text_body: message.text,
          html_body: message.html ?? null,
          status,
          attempts: 0,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    },

    findById: (id: number): Promise<OutboxRow | undefined> =>
      db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirst(),

    /** Newest first, by status and recipient, without the bodies (for the console). */
    async list(
      filter: { status: MailStatus | undefined; search: string },
      page: Page,
    ): Promise<{ rows: OutboxSummaryRow[]; total: number }> {
      let query = db.selectFrom('outbox');
      if (filter.status !== undefined) query = query.where('status', '=', filter.status);
      if (filter.search) {
        query = query.where(sql`lower(to_address)`, 'like', containing(filter.search));
      }
      const [rows, count] = await Promise.all([
        query
          .select([
            'id',
            'to_address',
            'subject',
            'status',
            'attempts',
            'last_error',
            'created_at',
            'sent_at',
          ])
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .$call(inPage(page))
          .execute(),
        query.select((eb) => eb.fn.countAll<number | string>().as('count')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.count) };
    },

    async markSent(id: number, now: number): Promise<void> {
      await db
        .updateTable('outbox')
        .set((eb) => ({ status: 'sent', sent_at: now, last_error: null, attempts: eb('attempts', '+', 1) }))
        .where('id', '=', id)
        .execute();
    },

    /** A failed attempt stays visible as `failed` with its error, while the job retries it. */
    async markAttemptFailed(id: number, error: string): Promise<void> {
      await db
        .updateTable('outbox')
        .set((eb) => ({
          status: 'failed',
          last_error: error.slice(0, ERROR_LENGTH),
          attempts: eb('attempts', '+', 1),
        }))
        .where('id', '=', id)
        .execute();
    },

    /** A failed message becomes pending again; false when it was not failed (any more). */
    async markPendingAgain(id: number): Promise<boolean> {
      const result = await db
        .updateTable('outbox')
        .set({ status: 'pending' })
        .where('id', '=', id)
        .where('status', '=', 'failed')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}
