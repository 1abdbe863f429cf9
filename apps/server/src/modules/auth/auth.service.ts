import {
  ServerMessages,
  type ChangePasswordBody,
  type LoginBody,
  type LoginData,
  type RegisterBody,
  type ResetPasswordBody,
  type User,
} from '@reeltime/contract';
import type { AppContext } from '../../context';
import { Conflict, Validation } from '../../lib/errors';
import { MINUTE_MS } from '../../lib/time';
import { toUser } from '../users/user.mapper';
import { createUserRepository } from '../users/user.repository';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../users/passwords';
import { createPasswordResetRepository } from './password-reset.repository';
import { hashToken, newToken } from './tokens';

export const RESET_TOKEN_TTL_MS = 60 * MINUTE_MS;

type Parsed<T> = { [K in keyof T]-?: Exclude<T[K], undefined> };

export function createAuthService(ctx: AppContext) {
  const users = createUserRepository(ctx.db);
  const resets = createPasswordResetRepository(ctx.db);
  const { tokens } = ctx;

  return {
    async register(body: Parsed<RegisterBody>): Promise<User> {
      if (await users.findByEmail(body.email)) {
        throw new Conflict(ServerMessages.emailTaken);
      }
      const now = Date.now();
      const passwordHash = await hashPassword(body.password);
      try {
        const row = await users.insert({
          first_name: body.first_name,
          last_name: body.last_name,
          email: body.email,
          password_hash: passwordHash,
          mobile: null,
          gender: null,
          date_of_birth: null,
          profile_image: null,
          is_admin: 0,
          created_at: now,
          updated_at: now,
        });
        return toUser(row);
      } catch (error) {
        // Two registrations racing for one email: the unique index decides.
        if (await users.findByEmail(body.email)) throw new Conflict(ServerMessages.emailTaken);
        throw error;
      }
    },

    async login(body: Parsed<LoginBody>): Promise<LoginData> {
      const row = await users.findByEmail(body.email);
      const valid = await verifyPassword(row?.password_hash ?? (await dummyPasswordHash()), body.password);
      if (!row || !valid) {
        throw new Validation(ServerMessages.loginWrong, { email: [ServerMessages.loginWrong] });
      }
      const { token } = await tokens.issue(row.id);
      return { ...toUser(row), api_token: token };
    },

    logout: (tokenId: number) => tokens.revoke(tokenId),

    /** Sends a reset link when the account exists; the caller answers the same either way. */
    async forgotPassword(email: string): Promise<void> {
      const row = await users.findByEmail(email);
      if (!row) return;
      const token = newToken();
      const now = Date.now();
      await resets.insert(row.id, hashToken(token, ctx.config.tokenPepper), now + RESET_TOKEN_TTL_MS, now);
      const link = `${ctx.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
      // A delivery failure is recorded in the outbox and logged; the answer must not reveal it.
      await ctx.mailer
        .send({
          to: row.email,
          subject: `Reset your ${ctx.config.appName} password`,
          text:
            `Hello ${row.first_name},\n\nSomeone asked to reset the password of your ${ctx.config.appName} account.\n` +
            `Open this link within 60 minutes to choose a new one:\n\n${link}\n\n` +
            `If it was not you, ignore this message: your password stays as it is.\n`,
        })
        .catch((error: unknown) => ctx.log.error({ err: error }, 'password reset mail not delivered'));
    },

    async resetPassword(body: Parsed<ResetPasswordBody>): Promise<void> {
      const now = Date.now();
      const reset = await resets.findUsable(hashToken(body.token, ctx.config.tokenPepper), now);
      if (!reset || !(await resets.markUsed(reset.id, now))) {
        throw new Validation(ServerMessages.resetTokenInvalid, { token: [ServerMessages.resetTokenInvalid] });
      }
      await users.update(reset.user_id, {
        password_hash: await hashPassword(body.password),
        updated_at: now,
      });
      await tokens.revokeAllOfUser(reset.user_id);
    },

    /** Changes the password, revokes every token of the member and returns a fresh one. */
    async changePassword(userId: number, body: Parsed<ChangePasswordBody>) {
      const row = await users.findById(userId);
      if (!row || !(await verifyPassword(row.password_hash, body.old_password))) {
        throw new Validation(ServerMessages.oldPasswordWrong, {
          old_password: [ServerMessages.oldPasswordWrong],
        });
      }
      await users.update(userId, {
        password_hash: await hashPassword(body.new_password),
        updated_at: Date.now(),
      });
      await tokens.revokeAllOfUser(userId);
      const { token } = await tokens.issue(userId);
      return { api_token: token };
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
