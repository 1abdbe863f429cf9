import type { Selectable } from 'kysely';
import type { Db } from '../../db/connection';
import type { OutboxTable } from '../../db/database';
import type { MailMessage } from '../../adapters/mail/mailer';

export type OutboxRow = Selectable<OutboxTable>;

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
  };
}
