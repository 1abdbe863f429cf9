import type { Db } from '../../db/connection';

/** The private address of a cast member, only ever read to send them mail. */
export function createCastMailRepository(db: Db) {
  return {
    findPerson: (id: number): Promise<{ name: string; email: string | null } | undefined> =>
      db.selectFrom('people').select(['name', 'email']).where('id', '=', id).executeTakeFirst(),
  };
}
