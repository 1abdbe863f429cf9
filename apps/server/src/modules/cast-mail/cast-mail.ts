import type { MailMessage } from '../../adapters/mail/mailer';
import { siteMail, type MailSite } from '../mail/site-mail';

/** A member's message to a cast member; replies go straight to the member. */
export function castMessageMail(
  site: MailSite,
  cast: { name: string; email: string },
  member: { name: string; email: string },
  message: string,
): MailMessage {
  return siteMail(
    site,
    {
      to: cast.email,
      replyTo: member.email,
      subject: `${member.name} sent you a message on ${site.appName}`,
    },
    [
      `Hello ${cast.name},`,
      `${member.name} sent you this message through ${site.appName}:`,
      message,
      `Reply to this email to answer ${member.name} directly.`,
    ],
  );
}
