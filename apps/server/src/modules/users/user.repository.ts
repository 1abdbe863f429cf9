import type { Db } from '../../db/connection';
import type { NewUser, UserRow, UserUpdate } from '../../db/database';

export function createUserRepository(db: Db) {
  return {
    findById: (id: number): Promise<UserRow | undefined> =>
      db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst(),
    findByEmail: (email: string): Promise<UserRow | undefined> =>
      db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst(),
    async insert(user: NewUser): Promise<UserRow> {
      return db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
    },
    /** Which of these profile image URLs some user still has. */
    async profileImagesAmong(urls: string[]): Promise<Set<string>> {
      const used = new Set<string>();
      // In slices, to stay well under the databases' limits on bound parameters.
      for (let start = 0; start < urls.length; start += 500) {
        const rows = await db
          .selectFrom('users')
          .select('profile_image')
          .where('profile_image', 'in', urls.slice(start, start + 500))
          .execute();
        for (const row of rows) if (row.profile_image) used.add(row.profile_image);
      }
      return used;
    },
    async update(id: number, changes: UserUpdate): Promise<UserRow> {
      return db
        .updateTable('users')
        .set(changes)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
    },
  };
}
