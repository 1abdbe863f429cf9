import type { MailMessage } from '../../adapters/mail/mailer';
import type { Config } from '../../config';
import { escapeHtml } from '../../lib/html';

export type MailSite = Pick<Config, 'appName' | 'publicUrl'>;

/**
 * A mail from the site: the same lines as plain text and as escaped HTML (a line break in a line
 * is kept in both), with a footer naming the site.
 */
export function siteMail(
  site: MailSite,
  message: { to: string; subject: string; replyTo?: string },
  lines: string[],
): MailMessage {
  const footer = `${site.appName} · ${site.publicUrl}`;
  const html =
    lines.map((line) => (line ? `<p>${escapeHtml(line).replaceAll('\n', '<br>')}</p>` : '')).join('') +
    `<hr><p style="color:#777">${escapeHtml(footer)}</p>`;
  return {
    to: message.to,
    subject: message.subject,
    text: `${lines.join('\n')}\n\n--\n${footer}\n`,
    html,
    ...(message.replyTo ? { replyTo: message.replyTo } : {}),
  };
}
