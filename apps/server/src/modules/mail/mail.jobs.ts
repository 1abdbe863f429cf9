import type { MailTransport } from '../../adapters/mail/mailer';
import type { Db } from '../../db/connection';
import type { JobHandlers } from '../../jobs/job-map';
import { createOutboxRepository } from './outbox.repository';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Delivers one outbox row; a failure is recorded on the row and the job retries with backoff. */
export function mailJobHandlers(deps: {
  db: Db;
  transport: MailTransport | null;
}): Pick<JobHandlers, 'mail.deliver'> {
  const outbox = createOutboxRepository(deps.db);
  return {
    'mail.deliver': {
      async run({ outboxId }) {
        const row = await outbox.findById(outboxId);
        if (!row || row.status === 'sent' || row.status === 'stored' || !deps.transport) return;
        try {
          await deps.transport.deliver({
            to: row.to_address,
            subject: row.subject,
            text: row.text_body,
            ...(row.html_body ? { html: row.html_body } : {}),
            ...(row.reply_to ? { replyTo: row.reply_to } : {}),
          });
        } catch (error) {
          await outbox.markAttemptFailed(outboxId, messageOf(error));
          throw error;
        }
        await outbox.markSent(outboxId, Date.now());
      },
    },
  };
}
