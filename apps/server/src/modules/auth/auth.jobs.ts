import type { AppContext } from '../../context';
import type { JobHandlers } from '../../jobs/job-map';
import { MINUTE_MS } from '../../lib/time';
import { createPasswordResetRepository } from '../users/password-reset.repository';
import { createUserRepository } from '../users/user.repository';
import { hashToken, newToken } from './tokens';
import { siteIdentity } from '../site-settings/site-settings.service';

export const RESET_TOKEN_TTL_MS = 60 * MINUTE_MS;
/** Reset mails one account can receive in an hour, whoever asks and from wherever. */
export const RESET_MAILS_PER_HOUR = 3;
const HOUR_MS = 60 * MINUTE_MS;

/** The auth module's jobs: a reset link for an account that exists, within its hourly allowance. */
export function authJobHandlers(ctx: AppContext): Pick<JobHandlers, 'auth.password-reset'> {
  return {
    'auth.password-reset': {
      async run({ email }) {
        await ctx.db.transaction().execute(async (trx) => {
          const user = await createUserRepository(trx).lockEnabledByEmail(email, ctx.dialect);
          if (!user) return;
          const resets = createPasswordResetRepository(trx);
          const now = Date.now();
          if ((await resets.countSince(user.id, now - HOUR_MS)) >= RESET_MAILS_PER_HOUR) {
            ctx.log.warn({ userId: user.id }, 'password reset refused: hourly allowance used');
            return;
          }
          const token = newToken();
          await resets.insert(
            user.id,
            hashToken(token, ctx.config.tokenPepper),
            now + RESET_TOKEN_TTL_MS,
            now,
          );
          const link = `${ctx.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
          const site = (await siteIdentity(ctx, trx)).appName;
          await ctx.mail.send(
            {
              to: user.email,
              subject: `Reset your ${site} password`,
              text:
                `Hello ${user.first_name},\n\nSomeone asked to reset the password of your ${site} account.\n` +
                `Open this link within 60 minutes to choose a new one:\n\n${link}\n\n` +
                `If it was not you, ignore this message: your password stays as it is.\n`,
            },
            trx,
          );
        });
      },
    },
  };
}
