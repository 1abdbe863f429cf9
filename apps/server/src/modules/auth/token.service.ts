import type { AuthUser } from '../../context';
import type { Db } from '../../db/connection';
import { DAY_MS, MINUTE_MS } from '../../lib/time';
import { createTokenRepository } from './token.repository';
import { hashToken, newToken } from './tokens';

/** Tokens expire after this long without use. */
export const TOKEN_IDLE_MS = 30 * DAY_MS;
/** last_used_at is refreshed at most this often, so reads do not all become writes. */
const TOUCH_EVERY_MS = MINUTE_MS;

export function createTokenService(db: Db, pepper: string) {
  const tokens = createTokenRepository(db);
  return {
    async issue(userId: number): Promise<{ token: string; id: number }> {
      const token = newToken();
      const id = await tokens.insert(userId, hashToken(token, pepper), Date.now());
      return { token, id };
    },
    /** The member behind a token, or null when it is unknown or idle too long. */
    async verify(token: string): Promise<AuthUser | null> {
      if (token.length < 20 || token.length > 200) return null;
      const row = await tokens.findByHash(hashToken(token, pepper));
      if (!row) return null;
      const now = Date.now();
      if (now - row.last_used_at > TOKEN_IDLE_MS) {
        await tokens.delete(row.id);
        return null;
      }
      if (now - row.last_used_at > TOUCH_EVERY_MS) await tokens.touch(row.id, now);
      return { id: row.user_id, isAdmin: row.is_admin === 1, tokenId: row.id };
    },
    revoke: (tokenId: number) => tokens.delete(tokenId),
    revokeAllOfUser: (userId: number, except: number | null = null) =>
      tokens.deleteAllOfUserExcept(userId, except),
  };
}
export type TokenService = ReturnType<typeof createTokenService>;
