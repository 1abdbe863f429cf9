import type { Config } from '../../config';
import type { Db } from '../../db/connection';
import type { Mailer } from './mailer';
import { createOutboxMailer } from './outbox';
import { createSmtpMailer } from './smtp';

export function createMailer(config: Config, db: Db): Mailer {
  return config.smtpUrl ? createSmtpMailer(db, config.smtpUrl, config.mailFrom) : createOutboxMailer(db);
}
