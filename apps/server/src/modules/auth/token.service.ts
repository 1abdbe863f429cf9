import type { AuthUser } from './auth-user';
import type { Db } from '../../db/connection';
import { DAY_MS, MINUTE_MS } from '../../lib/time';
import { createTokenRepository, type TokenOwner } from './token.repository';
import { hashToken, newToken } from './tokens';

/** Tokens expire after this long without use. */
export const TOKEN_IDLE_MS = 30 * DAY_MS;
/** last_used_at is refreshed at most this often, so reads do not all become writes. */
const TOUCH_EVERY_MS = MINUTE_MS;
/**
 * A verified token is trusted this long before the database is asked again. Revoking through this
 * process forgets it at once; another process of a scaled-out deployment sees a revocation within
 * this time. See docs/decisions/0002-opaque-hashed-tokens.md.
 */
export const VERIFIED_TOKEN_TTL_MS = 5_000;
const MAX_VERIFIED_TOKENS = 10_000;

/**
 * Issues, verifies and revokes bearer tokens. One instance per app (it is on the app context), so
 * every revocation reaches the cache of verified tokens.
 */
export function createTokenService(db: Db, pepper: string) {
  const tokens = createTokenRepository(db);
  const verified = new Map<string, { owner: TokenOwner; checkedAt: number }>();
  // Bumped by every revocation: a lookup that started before one is not cached, so a token
  // revoked while its lookup was running is not trusted again.
  let revocations = 0;

  const forget = (matches: (owner: TokenOwner) => boolean) => {
    revocations++;
    for (const [hash, entry] of verified) if (matches(entry.owner)) verified.delete(hash);
  };

  async function lookUp(hash: string, now: number): Promise<TokenOwner | null> {
    const entry = verified.get(hash);
    if (entry && now - entry.checkedAt <= VERIFIED_TOKEN_TTL_MS) return entry.owner;
    const startedAt = revocations;
    const owner = await tokens.findByHash(hash);
    if (!owner) {
      verified.delete(hash);
      return null;
    }
    if (startedAt === revocations) {
      verified.delete(hash);
      if (verified.size >= MAX_VERIFIED_TOKENS) verified.delete(verified.keys().next().value!);
      verified.set(hash, { owner, checkedAt: now });
    }
    return owner;
  }

  return {
    async issue(userId: number): Promise<{ token: string; id: number }> {
      const token = newToken();
      const id = await tokens.insert(userId, hashToken(token, pepper), Date.now());
      return { token, id };
    },
    /** The member behind a token, or null when it is unknown or idle too long. */
    async verify(token: string): Promise<AuthUser | null> {
      if (token.length < 20 || token.length > 200) return null;
      const hash = hashToken(token, pepper);
      const now = Date.now();
      const owner = await lookUp(hash, now);
      if (!owner) return null;
      if (now - owner.last_used_at > TOKEN_IDLE_MS) {
        forget((cached) => cached.id === owner.id);
        await tokens.delete(owner.id);
        return null;
      }
      if (now - owner.last_used_at > TOUCH_EVERY_MS) {
        owner.last_used_at = now;
        await tokens.touch(owner.id, now);
      }
      return { id: owner.user_id, isAdmin: owner.is_admin === 1, tokenId: owner.id };
    },
    async revoke(tokenId: number): Promise<void> {
      forget((owner) => owner.id === tokenId);
      await tokens.delete(tokenId);
    },
    async revokeAllOfUser(userId: number, except: number | null = null): Promise<void> {
      forget((owner) => owner.user_id === userId && owner.id !== except);
      await tokens.deleteAllOfUserExcept(userId, except);
    },
  };
}
export type TokenService = ReturnType<typeof createTokenService>;
