import type { User } from '@reeltime/contract';
import type { UserRow } from '../../db/database';

/** The public shape of a member: never the password hash. */
export function toUser(row: UserRow): User {
  return {
    id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    mobile: row.mobile,
    gender: row.gender,
    date_of_birth: row.date_of_birth,
    profile_image: row.profile_image,
    is_admin: row.is_admin === 1,
  };
}
