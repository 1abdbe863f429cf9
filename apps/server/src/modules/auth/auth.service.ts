import {
  AdminMembersMessages,
  ServerMessages,
  type ChangePasswordBody,
  type LoginBody,
  type LoginData,
  type RegisterBody,
  type ResetPasswordBody,
  type User,
} from '@reeltime/contract';
import type { AppContext } from '../../context';
import { Conflict, Forbidden, Validation } from '../../lib/errors';
import { toUser } from '../users/user.mapper';
import { createUserRepository } from '../users/user.repository';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../users/passwords';
import { createPasswordResetRepository } from '../users/password-reset.repository';
import { createHouseholdRepository } from '../household/household.repository';
import { hashToken } from './tokens';

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
        const row = await ctx.db.transaction().execute(async (trx) => {
          const user = await createUserRepository(trx).insert({
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
          await createHouseholdRepository(trx).insertOwner(user, now);
          return user;
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
      // Said only to whoever knows the password, so it does not tell strangers the account exists.
      if (row.disabled_at !== null) throw new Forbidden(AdminMembersMessages.accountDisabled);
      const { token } = await tokens.issue(row.id);
      return { ...toUser(row), api_token: token };
    },

    logout: (tokenId: number) => tokens.revoke(tokenId),

    /**
     * Queues the reset request and returns: the same single write whatever the email, so neither
     * the answer nor its timing tells whether an account exists. The job sends the link.
     */
    async forgotPassword(email: string): Promise<void> {
      await ctx.jobs.enqueue('auth.password-reset', { email });
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

    /**
     * Changes the password, revokes every token of the member and returns a fresh one, acting as
     * the same profile.
     */
    async changePassword(userId: number, profileId: number, body: Parsed<ChangePasswordBody>) {
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
      const { token } = await tokens.issue(userId, profileId);
      return { api_token: token };
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
