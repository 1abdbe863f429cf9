import nodemailer from 'nodemailer';
import type { Db } from '../../db/connection';
import type { MailMessage, Mailer } from './mailer';

/** SMTP through nodemailer; the outbox row records whether delivery worked. */
export function createSmtpMailer(db: Db, smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message: MailMessage) {
      const row = await db
        .insertInto('outbox')
        .values({
          to_address: message.to,
          subject: message.subject,
          text_body: message.text,
          html_body: message.html ?? null,
          status: 'pending',
          attempts: 1,
          created_at: Date.now(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      try {
        await transport.sendMail({
          from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
        });
        await db
          .updateTable('outbox')
          .set({ status: 'sent', sent_at: Date.now() })
          .where('id', '=', row.id)
          .execute();
      } catch (error) {
        await db
          .updateTable('outbox')
          .set({ status: 'failed', last_error: String(error).slice(0, 1000) })
          .where('id', '=', row.id)
          .execute();
        throw error;
      }
    },
    async close() {
      transport.close();
    },
  };
}
