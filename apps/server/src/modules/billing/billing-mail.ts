import type { MailMessage } from '../../adapters/mail/mailer';
import type { Config } from '../../config';
import { escapeHtml } from '../../lib/html';
import { isoDay } from '../../lib/time';
import { formatMoney, type Breakdown } from './money';

type Site = Pick<Config, 'appName' | 'publicUrl' | 'currency'>;
interface Member {
  email: string;
  first_name: string;
}

/** Plain text and escaped HTML of the same lines, with a footer naming the site. */
function mail(site: Site, to: string, subject: string, lines: string[]): MailMessage {
  const footer = `${site.appName} · ${site.publicUrl}`;
  return {
    to,
    subject,
    text: `${lines.join('\n')}\n\n--\n${footer}\n`,
    html:
      lines.map((line) => (line ? `<p>${escapeHtml(line)}</p>` : '')).join('') +
      `<hr><p style="color:#777">${escapeHtml(footer)}</p>`,
  };
}

export function receiptMail(
  site: Site,
  member: Member,
  receipt: { planName: string; breakdown: Breakdown; paymentId: number; periodEnd: number },
): MailMessage {
  const money = (minor: number) => formatMoney(minor, site.currency);
  const { breakdown } = receipt;
  return mail(site, member.email, `Your ${site.appName} receipt for ${receipt.planName}`, [
    `Hello ${member.first_name},`,
    `Thank you for your payment. Your ${receipt.planName} plan is active until ${isoDay(receipt.periodEnd)}.`,
    '',
    `Price: ${money(breakdown.priceMinor)}`,
    `Discount${breakdown.discountPercent > 0 ? ` (${breakdown.discountPercent}%)` : ''}: -${money(breakdown.discountMinor)}`,
    `Subtotal: ${money(breakdown.subtotalMinor)}`,
    ...breakdown.taxes.map((tax) => `${tax.name} (${tax.percent}%): ${money(tax.amountMinor)}`),
    ...(breakdown.credit ? [`${breakdown.credit.description}: -${money(breakdown.credit.amountMinor)}`] : []),
    `Total paid: ${money(breakdown.totalMinor)}`,
    '',
    `Receipt: ${site.publicUrl}/billing/${receipt.paymentId}/receipt`,
  ]);
}

export function cancellationMail(site: Site, member: Member, planName: string, endsAt: number): MailMessage {
  return mail(site, member.email, `Your ${site.appName} subscription is cancelled`, [
    `Hello ${member.first_name},`,
    `Your ${planName} plan is cancelled and will not renew. You can keep watching until ${isoDay(endsAt)}.`,
    `Changed your mind? Choose a plan again at ${site.publicUrl}/plans.`,
  ]);
}

export function renewalReminderMail(
  site: Site,
  member: Member,
  planName: string,
  endsAt: number,
): MailMessage {
  return mail(site, member.email, `Your ${site.appName} plan ends on ${isoDay(endsAt)}`, [
    `Hello ${member.first_name},`,
    `Your ${planName} plan ends on ${isoDay(endsAt)}. To keep watching without a break, renew it at ${site.publicUrl}/plans.`,
  ]);
}

export function paymentFailedMail(site: Site, member: Member, planName: string, endsAt: number): MailMessage {
  return mail(site, member.email, `Your ${site.appName} payment did not go through`, [
    `Hello ${member.first_name},`,
    `We could not take the payment to renew your ${planName} plan. You can keep watching until ${isoDay(endsAt)}.`,
    `Your card will be tried again; to keep your plan without a break, check your payment method at ${site.publicUrl}/plans.`,
  ]);
}
