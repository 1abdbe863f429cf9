import type { MailMessage } from '../../adapters/mail/mailer';
import { siteMail, type MailSite } from '../mail/site-mail';

interface ReviewedSubmission {
  /** The submitter's name as they gave it. */
  name: string;
  title: string;
}

/** Tells the member their submission was accepted and will be published once it is ready. */
export function submissionApprovedMail(
  site: MailSite,
  to: string,
  submission: ReviewedSubmission,
): MailMessage {
  return siteMail(site, { to, subject: `Your submission "${submission.title}" was approved` }, [
    `Hello ${submission.name},`,
    `Good news: "${submission.title}" was approved for ${site.appName}.`,
    'We are preparing its page now; it will appear on the site once it is published. My submissions shows it as approved.',
  ]);
}

/** Tells the member their submission was declined, and why. */
export function submissionRejectedMail(
  site: MailSite,
  to: string,
  submission: ReviewedSubmission,
  reason: string,
): MailMessage {
  return siteMail(site, { to, subject: `Your submission "${submission.title}" was not accepted` }, [
    `Hello ${submission.name},`,
    `Thank you for submitting "${submission.title}" to ${site.appName}. We are not able to accept it.`,
    `Reason:\n${reason}`,
    'You are welcome to submit again.',
  ]);
}
