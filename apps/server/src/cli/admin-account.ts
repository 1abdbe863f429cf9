import type { AppContext } from '../context';
import type { UserRow } from '../db/database';
import { DAY_MS } from '../lib/time';
import { recordAudit, type AuditEntry } from '../modules/audit/audit';
import { createPasswordResetRepository } from '../modules/users/password-reset.repository';
import { hashToken, newToken } from '../modules/auth/tokens';
import { createUserRepository } from '../modules/users/user.repository';
import { createHouseholdRepository } from '../modules/household/household.repository';
import { hashPassword } from '../modules/users/passwords';

/** How the audit log names a change made from the server's command line. */
export const CLI_ACTOR: AuditEntry['actor'] = { id: null, email: 'cli' };

/** A set-password link printed by the command stays usable this long (once). */
export const SET_PASSWORD_LINK_TTL_MS = DAY_MS;

export interface AdminAccountInput {
  email: string;
  firstName: string;
  lastName: string;
  /** The new password; null to leave it (a new account then gets none that can be used). */
  password: string | null;
  /** Make a one-time set-password link. */
  link: boolean;
}

export interface AdminAccountResult {
  userId: number;
  outcome: 'created' | 'promoted' | 'already-admin';
  /** It was disabled and is enabled again. */
  reenabled: boolean;
  setPasswordLink: string | null;
}

const auditedState = (row: UserRow) => ({
  email: row.email,
  is_admin: row.is_admin === 1,
  disabled_at: row.disabled_at === null ? null : new Date(row.disabled_at).toISOString(),
});

/**
 * Creates an admin account, or makes an existing account an admin (enabling it if it was
 * disabled: this is how an operator gets back in). With a password it is set, and the account's
 * sessions end; with `link`, a one-time link to choose one is made from the password-reset
 * mechanism. One transaction, audited as the command line.
 */
export async function createOrPromoteAdmin(
  ctx: AppContext,
  input: AdminAccountInput,
): Promise<AdminAccountResult> {
  const now = Date.now();
  // A password nobody knows: the account can only be entered through the link.
  const passwordHash = await hashPassword(input.password ?? newToken());
  const token = input.link ? newToken() : null;
  const result = await ctx.db.transaction().execute(async (trx) => {
    const users = createUserRepository(trx);
    const existing = await users.findByEmail(input.email);
    let row: UserRow;
    let action: string;
    if (!existing) {
      row = await users.insert({
        first_name: input.firstName,
        last_name: input.lastName,
        email: input.email,
        password_hash: passwordHash,
        mobile: null,
        gender: null,
        date_of_birth: null,
        profile_image: null,
        is_admin: 1,
        created_at: now,
        updated_at: now,
      });
      await createHouseholdRepository(trx).insertOwner(row, now);
      action = 'member.create-admin';
    } else {
      row = await users.update(existing.id, {
        is_admin: 1,
        disabled_at: null,
        updated_at: now,
        ...(input.password === null ? {} : { password_hash: passwordHash }),
      });
      action =
        existing.is_admin !== 1
          ? 'member.grant-admin'
          : input.password !== null
            ? 'member.set-password'
            : 'member.password-link';
    }
    if (token) {
      await createPasswordResetRepository(trx).insert(
        row.id,
        hashToken(token, ctx.config.tokenPepper),
        now + SET_PASSWORD_LINK_TTL_MS,
        now,
      );
    }
    await recordAudit(trx, {
      actor: CLI_ACTOR,
      action,
      entityType: 'member',
      entityId: row.id,
      ...(existing ? { before: auditedState(existing) } : {}),
      after: auditedState(row),
    });
    return {
      userId: row.id,
      outcome: !existing ? 'created' : existing.is_admin !== 1 ? 'promoted' : 'already-admin',
      reenabled: existing?.disabled_at != null,
    } as const;
  });
  // A new password ends every session of the account, as a password change does.
  if (input.password !== null && result.outcome !== 'created')
    await ctx.tokens.revokeAllOfUser(result.userId);
  return {
    ...result,
    setPasswordLink: token
      ? `${ctx.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`
      : null,
  };
}
