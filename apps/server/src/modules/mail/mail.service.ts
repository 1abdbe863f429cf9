import type { MailMessage } from '../../adapters/mail/mailer';
import type { Db } from '../../db/connection';
import type { JobQueue } from '../../jobs/queue';
import { createOutboxRepository } from './outbox.repository';

export interface MailServiceDeps {
  db: Db;
  jobs: JobQueue;
  /** Whether a transport delivers mail; without one, mail is kept in the outbox for the operator. */
  delivers: boolean;
}

/**
 * Queues mail: an outbox row, written in the transaction of the change that causes it, and a
 * delivery job for it. Nothing here waits for a mail server.
 */
export function createMailService({ db, jobs, delivers }: MailServiceDeps) {
  return {
    /** `within`: the transaction of the change that causes the mail. */
    async send(message: MailMessage, within: Db = db): Promise<{ outboxId: number }> {
      const { id } = await createOutboxRepository(within).insert(
        message,
        delivers ? 'pending' : 'stored',
        Date.now(),
      );
      if (delivers) await jobs.enqueue('mail.deliver', { outboxId: id }, { within });
      return { outboxId: id };
    },
  };
}
export type MailService = ReturnType<typeof createMailService>;
