import { ServerMessages, type UpdateProfileBody, type User } from '@reeltime/contract';
import type { AppContext } from '../../context';
import { NotFound, Validation } from '../../lib/errors';
import { toUser } from '../users/user.mapper';
import { createUserRepository } from '../users/user.repository';

type ParsedProfile = Omit<Required<UpdateProfileBody>, 'mobile' | 'gender' | 'date_of_birth'> & {
  mobile?: string | undefined;
  gender?: 'male' | 'female' | 'other' | undefined;
  date_of_birth?: string | undefined;
};

/** Avatars are stored at most this size; the app shows them at 150x150 (and 2x for dense screens). */
const AVATAR_SIZE = { width: 300, height: 300 };

export function createProfileService(ctx: AppContext) {
  const users = createUserRepository(ctx.db);
  return {
    async update(userId: number, body: ParsedProfile, avatar: Buffer | undefined): Promise<User> {
      const row = await users.findById(userId);
      if (!row) throw new NotFound();
      if (body.email !== row.email) {
        throw new Validation(ServerMessages.profileEmailMismatch, {
          email: [ServerMessages.profileEmailMismatch],
        });
      }
      const profileImage = avatar
        ? await ctx.images.saveImage(avatar, 'avatars', AVATAR_SIZE)
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
      return toUser(updated);
    },
  };
}
