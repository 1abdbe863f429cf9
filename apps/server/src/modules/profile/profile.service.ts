import { ServerMessages, type UpdateProfileBody, type User } from '@reeltime/contract';
import type { AppContext } from '../../context';
import { NotFound, Validation } from '../../lib/errors';
import { MINUTE_MS } from '../../lib/time';
import { toUser } from '../users/user.mapper';
import { createUserRepository } from '../users/user.repository';

type ParsedProfile = Omit<Required<UpdateProfileBody>, 'mobile' | 'gender' | 'date_of_birth'> & {
  mobile?: string | undefined;
  gender?: 'male' | 'female' | 'other' | undefined;
  date_of_birth?: string | undefined;
};

/** Avatars are stored at most this size; the app shows them at 150x150 (and 2x for dense screens). */
const AVATAR_SIZE = { width: 300, height: 300 };
const AVATAR_FOLDER = 'avatars';
/** An avatar file younger than this may belong to an update still in flight, so the sweep keeps it. */
export const UNUSED_AVATAR_MIN_AGE_MS = 60 * MINUTE_MS;

export function createProfileService(ctx: AppContext) {
  const users = createUserRepository(ctx.db);
  return {
    /** `avatarFile`: a new avatar as a local file (the upload as received), checked and re-encoded here. */
    async update(userId: number, body: ParsedProfile, avatarFile: string | undefined): Promise<User> {
      const row = await users.findById(userId);
      if (!row) throw new NotFound();
      if (body.email !== row.email) {
        throw new Validation(ServerMessages.profileEmailMismatch, {
          email: [ServerMessages.profileEmailMismatch],
        });
      }
      const profileImage = avatarFile
        ? await ctx.images.saveImage(avatarFile, AVATAR_FOLDER, AVATAR_SIZE)
        : row.profile_image;
      const updated = await users.update(userId, {
        first_name: body.first_name,
        last_name: body.last_name,
        mobile: body.mobile ?? null,
        gender: body.gender ?? null,
        date_of_birth: body.date_of_birth ?? null,
        profile_image: profileImage,
        updated_at: Date.now(),
      });
      // Only once the row points at the new file; if this fails, the sweep removes the old one later.
      if (row.profile_image && row.profile_image !== profileImage) {
        await ctx.images.deleteImage(row.profile_image).catch((error: unknown) => {
          ctx.log.warn({ err: error }, 'could not delete a replaced avatar');
        });
      }
      return toUser(updated);
    },

    /**
     * Deletes avatar files no user points to (left by a failed delete or an update that failed
     * after its upload), except recent ones. Returns how many were deleted.
     */
    async sweepUnusedAvatars(now = Date.now()): Promise<number> {
      const candidates = await ctx.images.listImages(AVATAR_FOLDER, now - UNUSED_AVATAR_MIN_AGE_MS);
      const used = await users.profileImagesAmong(candidates);
      const unused = candidates.filter((url) => !used.has(url));
      for (const url of unused) await ctx.images.deleteImage(url);
      return unused.length;
    },
  };
}
