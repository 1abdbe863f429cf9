import type { MailMessage } from '../../adapters/mail/mailer';
import { siteMail, type MailSite } from '../mail/site-mail';

/** Tells the member their submission arrived and will be reviewed. */
export function submissionReceivedMail(
  site: MailSite,
  to: string,
  submission: { name: string; title: string },
): MailMessage {
  return siteMail(site, { to, subject: `We received your submission "${submission.title}"` }, [
    `Hello ${submission.name},`,
    `Thank you for submitting "${submission.title}" to ${site.appName}.`,
    'We will review it and let you know. Meanwhile you can follow its status under My submissions.',
  ]);
}
