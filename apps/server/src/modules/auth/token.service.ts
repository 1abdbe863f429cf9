import type { AuthUser } from './auth-user';
import type { Cache } from '../../adapters/cache/cache';
import type { Db } from '../../db/connection';
import { DAY_MS, MINUTE_MS } from '../../lib/time';
import { createTokenRepository, type TokenOwner } from '../users/token.repository';
import { createUserRepository } from '../users/user.repository';
import { createHouseholdRepository } from '../household/household.repository';
import { hashToken, newToken } from './tokens';

/** Tokens expire after this long without use. */
export const TOKEN_IDLE_MS = 30 * DAY_MS;
/** last_used_at is refreshed at most this often, so reads do not all become writes. */
const TOUCH_EVERY_MS = MINUTE_MS;
/**
 * A verified token is trusted this long before the database is asked again. Every revocation
 * forgets all verified tokens at once, in the shared cache, so it takes effect at once in every
 * process that shares that cache. See docs/decisions/0002-opaque-hashed-tokens.md.
 */
export const VERIFIED_TOKEN_TTL_MS = 5_000;
/** The cache namespace of verified tokens, read from the shared store on every request. */
export const VERIFIED_TOKENS_NAMESPACE = 'tokens';
const TOKENS = VERIFIED_TOKENS_NAMESPACE;

/** Issues, verifies and revokes bearer tokens; verified tokens are remembered in the cache. */
export function createTokenService(db: Db, pepper: string, cache: Cache) {
  const tokens = createTokenRepository(db);
  // Bumped by every revocation here: a lookup that started before one is not remembered, so a
  // token revoked while its lookup was running is not trusted again.
  let revocations = 0;

  const forgetVerified = async () => {
    revocations++;
    await cache.invalidate(TOKENS);
  };
  const remember = (hash: string, owner: TokenOwner) =>
    cache.set(`${TOKENS}:${hash}`, owner, VERIFIED_TOKEN_TTL_MS / 1000);

  async function lookUp(hash: string): Promise<TokenOwner | null> {
    const known = await cache.get<TokenOwner>(`${TOKENS}:${hash}`);
    if (known) return known;
    const startedAt = revocations;
    const owner = await tokens.findByHash(hash);
    if (!owner) return null;
    if (startedAt === revocations) await remember(hash, owner);
    return owner;
  }

  /**
   * The account owner's profile, which a token from sign-in acts as. An account made without one
   * (by a tool writing rows directly) gets it here, named after the member.
   */
  async function ownerProfileId(userId: number): Promise<number> {
    const profiles = createHouseholdRepository(db);
    const owner = await profiles.owner(userId);
    if (owner) return owner.id;
    const user = await createUserRepository(db).findById(userId);
    if (!user) throw new Error(`No account ${userId} to issue a token for`);
    await profiles.insertOwner(user, Date.now());
    return (await profiles.owner(userId))!.id;
  }

  return {
    /** A new token of the member, acting as `profileId` (one of theirs), or the owner's profile. */
    async issue(userId: number, profileId?: number): Promise<{ token: string; id: number }> {
      const token = newToken();
      const actingAs = profileId ?? (await ownerProfileId(userId));
      const id = await tokens.insert(userId, actingAs, hashToken(token, pepper), Date.now());
      return { token, id };
    },
    /** The member behind a token, or null when it is unknown or idle too long. */
    async verify(token: string): Promise<AuthUser | null> {
      if (token.length < 20 || token.length > 200) return null;
      const hash = hashToken(token, pepper);
      const now = Date.now();
      const owner = await lookUp(hash);
      if (!owner) return null;
      if (now - owner.last_used_at > TOKEN_IDLE_MS) {
        await forgetVerified();
        await tokens.delete(owner.id);
        return null;
      }
      if (now - owner.last_used_at > TOUCH_EVERY_MS) {
        await tokens.touch(owner.id, now);
        await remember(hash, { ...owner, last_used_at: now });
      }
      return {
        id: owner.user_id,
        isAdmin: owner.is_admin === 1,
        tokenId: owner.id,
        profile: { id: owner.profile_id, isKids: owner.is_kids === 1, maturityLimit: owner.maturity_limit },
      };
    },
    async revoke(tokenId: number): Promise<void> {
      await tokens.delete(tokenId);
      await forgetVerified();
    },
    async revokeAllOfUser(userId: number, except: number | null = null): Promise<void> {
      await tokens.deleteAllOfUserExcept(userId, except);
      await forgetVerified();
    },
    /**
     * Deletes every token of the member inside the caller's transaction and returns how many
     * there were. Call {@link forgetVerified} once it commits, so none is trusted from the cache.
     */
    deleteAllOfUser: (userId: number, within: Db): Promise<number> =>
      createTokenRepository(within).deleteAllOfUser(userId),
    /** Forgets every verified token: the next request of each is checked against the database. */
    forgetVerified,
    /** Tokens of the member that still work (not revoked, not idle too long). */
    countLiveOfUser: (userId: number): Promise<number> =>
      tokens.countUsedSince(userId, Date.now() - TOKEN_IDLE_MS),
  };
}
export type TokenService = ReturnType<typeof createTokenService>;
