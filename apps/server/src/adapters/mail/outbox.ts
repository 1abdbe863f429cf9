import type { Db } from '../../db/connection';
import type { MailMessage, Mailer } from './mailer';

/** Embedded default: mail is kept in the outbox table, readable by the operator. */
export function createOutboxMailer(db: Db): Mailer {
  return {
    async send(message: MailMessage) {
      await db
        .insertInto('outbox')
        .values({
          to_address: message.to,
          subject: message.subject,
          text_body: message.text,
          html_body: message.html ?? null,
          status: 'stored',
          attempts: 0,
          created_at: Date.now(),
        })
        .execute();
    },
    async close() {},
  };
}
