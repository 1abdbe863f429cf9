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
