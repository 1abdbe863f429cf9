import { PIN_ATTEMPTS } from '@reeltime/contract';
import type { MailMessage } from '../../adapters/mail/mailer';
import { siteMail, type MailSite } from '../mail/site-mail';

/** What was locked: one profile (by its name), or the managing of the account's profiles. */
export type LockedPin = { profileName: string } | { accountPin: true };

const hhmm = (at: number) => new Date(at).toISOString().slice(11, 16);

/** Tells the account owner that wrong PINs locked a profile, or their account PIN, for a while. */
export function pinLockedMail(
  site: MailSite,
  owner: { email: string; first_name: string },
  locked: LockedPin,
  until: number,
): MailMessage {
  const what =
    'profileName' in locked
      ? `the PIN of the profile "${locked.profileName}"`
      : 'the account PIN that guards your profiles';
  const effect =
    'profileName' in locked
      ? 'That profile cannot be opened'
      : 'Profiles cannot be added, changed or deleted';
  return siteMail(site, { to: owner.email, subject: `Wrong PINs on your ${site.appName} account` }, [
    `Hello ${owner.first_name},`,
    `Someone entered ${what} wrongly ${PIN_ATTEMPTS} times in a row on your ${site.appName} account. ${effect} until ${hhmm(until)} UTC.`,
    'If it was you or someone in your household, wait and try again. If not, change your password: anyone with it can sign in.',
  ]);
}
