import { sql, type Insertable, type Updateable } from 'kysely';
import { PROFILE_AVATARS, PROFILE_NAME_MAX } from '@reeltime/contract';
import type { Db } from '../../db/connection';
import type { ProfileRow, ProfilesTable } from '../../db/database';

/** All SQL over household profiles (`profiles`). */
export function createHouseholdRepository(db: Db) {
  const owner = (userId: number) =>
    db
      .selectFrom('profiles')
      .selectAll()
      .where('user_id', '=', userId)
      .where('is_owner', '=', 1)
      .executeTakeFirst();

  return {
    /** The account owner's profile. */
    owner,

    /**
     * Creates the account owner's profile, named after the member's first name, unless it exists
     * (one owner per account: the partial unique index decides between two at once).
     */
    async insertOwner(user: { id: number; first_name: string }, now: number): Promise<void> {
      await db
        .insertInto('profiles')
        .values({
          user_id: user.id,
          name: user.first_name.trim().slice(0, PROFILE_NAME_MAX) || 'Me',
          avatar_key: PROFILE_AVATARS[0],
          avatar_image: null,
          is_owner: 1,
          is_kids: 0,
          maturity_limit: null,
          pin_hash: null,
          pin_failures: 0,
          locked_until: null,
          created_at: now,
        })
        .onConflict((conflict) =>
          // A literal, as SQLite matches the conflict target to the partial index's own predicate.
          conflict.column('user_id').where('is_owner', '=', sql.lit(1)).doNothing(),
        )
        .execute();
    },

    /** The account's profiles: the owner's first, then in the order they were added. */
    listOf: (userId: number): Promise<ProfileRow[]> =>
      db
        .selectFrom('profiles')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('is_owner', 'desc')
        .orderBy('id')
        .execute(),

    /** One profile of the account; undefined for an unknown id or another account's profile. */
    findOf: (userId: number, profileId: number): Promise<ProfileRow | undefined> =>
      db
        .selectFrom('profiles')
        .selectAll()
        .where('id', '=', profileId)
        .where('user_id', '=', userId)
        .executeTakeFirst(),

    /** The profiles of these accounts, for the console. */
    listOfAccounts: (userIds: readonly number[]): Promise<ProfileRow[]> =>
      userIds.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom('profiles')
            .selectAll()
            .where('user_id', 'in', userIds)
            .orderBy('is_owner', 'desc')
            .orderBy('id')
            .execute(),

    insert: (row: Insertable<ProfilesTable>): Promise<ProfileRow> =>
      db.insertInto('profiles').values(row).returningAll().executeTakeFirstOrThrow(),

    update: (id: number, changes: Updateable<ProfilesTable>): Promise<ProfileRow> =>
      db.updateTable('profiles').set(changes).where('id', '=', id).returningAll().executeTakeFirstOrThrow(),

    /** Deletes the profile; its tokens and per-profile rows go with it (foreign keys). */
    async delete(id: number): Promise<void> {
      await db.deleteFrom('profiles').where('id', '=', id).execute();
    },

    /** Counts one more wrong PIN and answers how many there are now in a row. */
    async addPinFailure(id: number): Promise<number> {
      const row = await db
        .updateTable('profiles')
        .set((eb) => ({ pin_failures: eb('pin_failures', '+', 1) }))
        .where('id', '=', id)
        .returning('pin_failures')
        .executeTakeFirstOrThrow();
      return row.pin_failures;
    },

    /** Which of these avatar URLs some profile still shows. */
    async avatarImagesAmong(urls: string[]): Promise<Set<string>> {
      const used = new Set<string>();
      for (let start = 0; start < urls.length; start += 500) {
        const rows = await db
          .selectFrom('profiles')
          .select('avatar_image')
          .where('avatar_image', 'in', urls.slice(start, start + 500))
          .execute();
        for (const row of rows) if (row.avatar_image) used.add(row.avatar_image);
      }
      return used;
    },
  };
}
export type HouseholdRepository = ReturnType<typeof createHouseholdRepository>;
