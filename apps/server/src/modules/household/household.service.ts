import {
  HouseholdMessages as M,
  MAX_PROFILES,
  PROFILE_AVATARS,
  PROFILES_WITHOUT_PLAN,
  type AccountPinBody,
  type Household,
  type HouseholdProfile,
  type HouseholdProfilePatchSchema,
  type NewHouseholdProfileBodySchema,
  type ProfileAvatar,
  type SelectedProfile,
} from '@reeltime/contract';
import type { Updateable } from 'kysely';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Db } from '../../db/connection';
import type { ProfileRow, ProfilesTable } from '../../db/database';
import { NotFound, Validation } from '../../lib/errors';
import { MINUTE_MS } from '../../lib/time';
import type { AuthUser } from '../auth/auth-user';
import { createEntitlementService } from '../billing/entitlement.service';
import { isOnRatingScale, readRatingScale } from '../catalog/rating-scale';
import { createPlaybackService } from '../playback/playback.service';
import { siteIdentity } from '../site-settings/site-settings.service';
import { hashPassword, verifyPassword } from '../users/passwords';
import { createUserRepository } from '../users/user.repository';
import { pinLockedMail, type LockedPin } from './household-mail';
import { createHouseholdRepository } from './household.repository';
import { checkPin, type PinTries } from './pin-guard';

export type NewProfileInput = z.output<typeof NewHouseholdProfileBodySchema>;
export type ProfilePatchInput = z.output<typeof HouseholdProfilePatchSchema>;

/** Uploaded profile avatars: stored at most this size, apart from the accounts' own avatars. */
const AVATAR_SIZE = { width: 300, height: 300 };
export const PROFILE_AVATAR_FOLDER = 'profile-avatars';
/** An avatar file younger than this may belong to a change still in flight, so the sweep keeps it. */
export const UNUSED_PROFILE_AVATAR_MIN_AGE_MS = 60 * MINUTE_MS;

const iso = (at: number) => new Date(at).toISOString();

export function toHouseholdProfile(row: ProfileRow, now = Date.now()): HouseholdProfile {
  return {
    id: row.id,
    name: row.name,
    avatar: (PROFILE_AVATARS as readonly string[]).includes(row.avatar_key)
      ? (row.avatar_key as ProfileAvatar)
      : PROFILE_AVATARS[0],
    avatar_image: row.avatar_image,
    is_owner: row.is_owner === 1,
    is_kids: row.is_kids === 1,
    maturity_limit: row.maturity_limit,
    has_pin: row.pin_hash !== null,
    locked_until: row.locked_until !== null && row.locked_until > now ? iso(row.locked_until) : null,
  };
}

const sameName = (a: string, b: string) => a.toLocaleLowerCase() === b.toLocaleLowerCase();

/**
 * An account's household profiles: listing, adding, changing and deleting them (behind the
 * optional account PIN), and choosing one, behind its own PIN, for a token that acts as it.
 */
export function createHouseholdService(ctx: AppContext) {
  const profiles = createHouseholdRepository(ctx.db);
  const users = createUserRepository(ctx.db);
  const entitlement = createEntitlementService(ctx);
  const playback = createPlaybackService(ctx);

  /** Profiles the account may have now: its plan's limit (1 without a plan), never more than 20. */
  async function maxProfiles(userId: number): Promise<number> {
    const plan = await entitlement.currentPlan(userId);
    return Math.min(plan?.profiles ?? PROFILES_WITHOUT_PLAN, MAX_PROFILES);
  }

  /** Locks a PIN in one transaction with the mail that tells the account owner. */
  async function lockWithMail(
    userId: number,
    locked: LockedPin,
    until: number,
    write: (trx: Db) => Promise<void>,
  ): Promise<void> {
    await ctx.db.transaction().execute(async (trx) => {
      await write(trx);
      const owner = await createUserRepository(trx).findById(userId);
      if (!owner) return;
      await ctx.mail.send(pinLockedMail(await siteIdentity(ctx, trx), owner, locked, until), trx);
    });
    const pin = 'profileName' in locked ? 'profile' : 'account';
    ctx.log.warn({ userId, pin }, 'PIN locked after too many wrong tries');
  }

  const profileTries = (profile: ProfileRow): PinTries => ({
    addFailure: () => profiles.addPinFailure(profile.id),
    lock: (until) =>
      lockWithMail(profile.user_id, { profileName: profile.name }, until, async (trx) => {
        await createHouseholdRepository(trx).update(profile.id, { pin_failures: 0, locked_until: until });
      }),
    reset: async () => {
      await profiles.update(profile.id, { pin_failures: 0, locked_until: null });
    },
  });

  const accountTries = (userId: number): PinTries => ({
    addFailure: () => users.addAccountPinFailure(userId),
    lock: (until) =>
      lockWithMail(userId, { accountPin: true }, until, async (trx) => {
        await createUserRepository(trx).update(userId, {
          account_pin_failures: 0,
          account_pin_locked_until: until,
        });
      }),
    reset: async () => {
      await users.update(userId, { account_pin_failures: 0, account_pin_locked_until: null });
    },
  });

  /** Passes when the account has no PIN, or `given` is it (422 when not; 429 while locked). */
  async function requireAccountPin(userId: number, given: string | undefined): Promise<void> {
    const user = await users.findById(userId);
    if (!user?.account_pin_hash) return;
    await checkPin(
      {
        hash: user.account_pin_hash,
        failures: user.account_pin_failures,
        lockedUntil: user.account_pin_locked_until,
      },
      given,
      accountTries(userId),
      {
        field: 'account_pin',
        required: M.accountPinRequired,
        wrong: M.accountPinWrong,
        locked: M.accountPinLocked,
      },
    );
  }

  async function findOwn(userId: number, profileId: number): Promise<ProfileRow> {
    const row = await profiles.findOf(userId, profileId);
    if (!row) throw new NotFound(M.profileNotFound);
    return row;
  }

  /** Refuses a limit off the rating scale, a kids profile without one, and an owner made a kids profile. */
  async function checkLimits(profile: { isOwner: boolean; isKids: boolean; maturityLimit: string | null }) {
    if (profile.maturityLimit !== null) {
      const scale = await readRatingScale(ctx);
      if (!isOnRatingScale(profile.maturityLimit, scale)) {
        const message = M.maturityNotOnScale(scale);
        throw new Validation(message, { maturity_limit: [message] });
      }
    }
    if (profile.isOwner && profile.isKids) {
      throw new Validation(M.ownerCannotBeKids, { is_kids: [M.ownerCannotBeKids] });
    }
    if (profile.isKids && profile.maturityLimit === null) {
      throw new Validation(M.kidsNeedLimit, { maturity_limit: [M.kidsNeedLimit] });
    }
  }

  function refuseTakenName(others: readonly ProfileRow[], name: string): void {
    if (others.some((other) => sameName(other.name, name))) {
      throw new Validation(M.nameTaken, { name: [M.nameTaken] });
    }
  }

  /** Saves an uploaded avatar; runs `change` with its URL, and deletes the file again if that fails. */
  async function withAvatar<T>(file: string | undefined, change: (image: string | null) => Promise<T>) {
    const image = file ? await ctx.images.saveImage(file, PROFILE_AVATAR_FOLDER, AVATAR_SIZE) : null;
    try {
      return await change(image);
    } catch (error) {
      if (image) await deleteAvatar(image);
      throw error;
    }
  }

  async function deleteAvatar(url: string): Promise<void> {
    await ctx.images.deleteImage(url).catch((error: unknown) => {
      ctx.log.warn({ err: error }, 'could not delete a profile avatar');
    });
  }

  return {
    async list(viewer: AuthUser): Promise<Household> {
      const [rows, max, user, scale] = await Promise.all([
        profiles.listOf(viewer.id),
        maxProfiles(viewer.id),
        users.findById(viewer.id),
        readRatingScale(ctx),
      ]);
      const now = Date.now();
      return {
        profiles: rows.map((row) => toHouseholdProfile(row, now)),
        current_profile_id: viewer.profile.id,
        max_profiles: max,
        account_pin: Boolean(user?.account_pin_hash),
        rating_scale: scale,
      };
    },

    async create(
      viewer: AuthUser,
      body: NewProfileInput,
      avatarFile: string | undefined,
      accountPin: string | undefined,
    ): Promise<HouseholdProfile> {
      await requireAccountPin(viewer.id, accountPin);
      const maturityLimit = body.maturity_limit ?? null;
      await checkLimits({ isOwner: false, isKids: body.is_kids, maturityLimit });
      const [max, pinHash] = await Promise.all([
        maxProfiles(viewer.id),
        body.pin ? hashPassword(body.pin) : Promise.resolve(null),
      ]);
      const row = await withAvatar(avatarFile, (image) =>
        ctx.db.transaction().execute(async (trx) => {
          await createUserRepository(trx).lockById(viewer.id, ctx.dialect);
          const txProfiles = createHouseholdRepository(trx);
          const existing = await txProfiles.listOf(viewer.id);
          if (existing.length >= max) {
            const message = max >= MAX_PROFILES ? M.tooManyProfilesAtAll : M.tooManyProfiles(max);
            throw new Validation(message);
          }
          refuseTakenName(existing, body.name);
          const used = new Set(existing.map((profile) => profile.avatar_key));
          return txProfiles.insert({
            user_id: viewer.id,
            name: body.name,
            avatar_key: body.avatar ?? PROFILE_AVATARS.find((key) => !used.has(key)) ?? PROFILE_AVATARS[0],
            avatar_image: image,
            is_owner: 0,
            is_kids: body.is_kids ? 1 : 0,
            maturity_limit: maturityLimit,
            pin_hash: pinHash,
            pin_failures: 0,
            locked_until: null,
            created_at: Date.now(),
          });
        }),
      );
      return toHouseholdProfile(row);
    },

    async update(
      viewer: AuthUser,
      profileId: number,
      body: ProfilePatchInput,
      avatarFile: string | undefined,
      accountPin: string | undefined,
    ): Promise<HouseholdProfile> {
      const current = await findOwn(viewer.id, profileId);
      await requireAccountPin(viewer.id, accountPin);
      if (Object.values(body).every((value) => value === undefined) && !avatarFile) {
        throw new Validation(M.nothingToChange);
      }
      const isKids = body.is_kids ?? current.is_kids === 1;
      const maturityLimit = body.maturity_limit === undefined ? current.maturity_limit : body.maturity_limit;
      await checkLimits({ isOwner: current.is_owner === 1, isKids, maturityLimit });
      if (body.name !== undefined) {
        const others = (await profiles.listOf(viewer.id)).filter((profile) => profile.id !== profileId);
        refuseTakenName(others, body.name);
      }
      const changes: Updateable<ProfilesTable> = {
        is_kids: isKids ? 1 : 0,
        maturity_limit: maturityLimit,
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.avatar !== undefined ? { avatar_key: body.avatar, avatar_image: null } : {}),
      };
      if (body.pin !== undefined) {
        // A new PIN, or none: the tries and the lock of the old one no longer count.
        changes.pin_hash = body.pin === null ? null : await hashPassword(body.pin);
        changes.pin_failures = 0;
        changes.locked_until = null;
      }
      const row = await withAvatar(avatarFile, (image) =>
        profiles.update(profileId, image ? { ...changes, avatar_image: image } : changes),
      );
      // Tokens carry the kids flag and the limit: forgetting them makes the change count at once.
      await ctx.tokens.forgetVerified();
      if (current.avatar_image && current.avatar_image !== row.avatar_image) {
        await deleteAvatar(current.avatar_image);
      }
      return toHouseholdProfile(row);
    },

    async remove(viewer: AuthUser, profileId: number, accountPin: string | undefined): Promise<void> {
      const current = await findOwn(viewer.id, profileId);
      await requireAccountPin(viewer.id, accountPin);
      if (current.is_owner === 1) {
        throw new Validation(M.ownerCannotBeDeleted);
      }
      await ctx.db.transaction().execute(async (trx) => {
        await playback.forgetProfile(trx, profileId);
        await createHouseholdRepository(trx).delete(profileId);
      });
      await ctx.tokens.forgetVerified();
      if (current.avatar_image) await deleteAvatar(current.avatar_image);
    },

    /** A token acting as the profile; its PIN first when it has one. */
    async select(viewer: AuthUser, profileId: number, pin: string | undefined): Promise<SelectedProfile> {
      const profile = await findOwn(viewer.id, profileId);
      if (profile.pin_hash !== null) {
        await checkPin(
          { hash: profile.pin_hash, failures: profile.pin_failures, lockedUntil: profile.locked_until },
          pin,
          profileTries(profile),
          { field: 'pin', required: M.pinRequired, wrong: M.pinWrong, locked: M.profileLocked },
        );
      }
      const { token } = await ctx.tokens.issue(viewer.id, profile.id);
      return { api_token: token, profile: toHouseholdProfile(profile) };
    },

    /** Sets, changes or removes the account PIN; the password is asked each time. */
    async setAccountPin(viewer: AuthUser, body: AccountPinBody): Promise<{ account_pin: boolean }> {
      const user = await users.findById(viewer.id);
      if (!user || !(await verifyPassword(user.password_hash, body.password))) {
        throw new Validation(M.passwordWrong, { password: [M.passwordWrong] });
      }
      await users.update(viewer.id, {
        account_pin_hash: body.pin === null ? null : await hashPassword(body.pin),
        account_pin_failures: 0,
        account_pin_locked_until: null,
        updated_at: Date.now(),
      });
      return { account_pin: body.pin !== null };
    },

    /**
     * Deletes uploaded profile avatars no profile shows (left by a failed delete or a change that
     * failed after its upload), except recent ones. Returns how many were deleted.
     */
    async sweepUnusedAvatars(now = Date.now()): Promise<number> {
      const candidates = await ctx.images.listImages(
        PROFILE_AVATAR_FOLDER,
        now - UNUSED_PROFILE_AVATAR_MIN_AGE_MS,
      );
      const used = await profiles.avatarImagesAmong(candidates);
      const unused = candidates.filter((url) => !used.has(url));
      for (const url of unused) await ctx.images.deleteImage(url);
      return unused.length;
    },
  };
}
export type HouseholdService = ReturnType<typeof createHouseholdService>;
