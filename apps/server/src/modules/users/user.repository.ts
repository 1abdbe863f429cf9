import { sql } from 'kysely';
import type { MemberStatusFilter } from '@reeltime/contract';
import type { Db, Dialect } from '../../db/connection';
import { containing, inPage } from '../../db/sql-helpers';
import type { Page } from '../../lib/page';
import type { NewUser, UserRow, UserUpdate } from '../../db/database';

/** All SQL over accounts (users); their tokens and reset links are in this folder too. */
export function createUserRepository(db: Db) {
  return {
    findById: (id: number): Promise<UserRow | undefined> =>
      db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst(),
    findByEmail: (email: string): Promise<UserRow | undefined> =>
      db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst(),

    /** An account's id and address; throws when there is no such account. */
    idAndEmail: (id: number): Promise<{ id: number; email: string }> =>
      db.selectFrom('users').select(['id', 'email']).where('id', '=', id).executeTakeFirstOrThrow(),

    /** The address of an account, where mail about what it did goes. */
    emailOf: async (id: number): Promise<string | undefined> =>
      (await db.selectFrom('users').select('email').where('id', '=', id).executeTakeFirst())?.email,

    /**
     * The enabled account with this address, for sending it a reset link (a disabled account gets
     * none: the new password could not be used anyway). On PostgreSQL its row stays locked until
     * the transaction ends, so two requests at once cannot both pass the hourly allowance.
     */
    lockEnabledByEmail(email: string, dialect: Dialect) {
      let query = db
        .selectFrom('users')
        .select(['id', 'email', 'first_name'])
        .where('email', '=', email)
        .where('disabled_at', 'is', null);
      if (dialect === 'postgres') query = query.forUpdate();
      return query.executeTakeFirst();
    },

    /** Every account, admins included. */
    async countAll(): Promise<number> {
      const row = await db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** Accounts created at or after `since` (epoch ms). */
    async countCreatedSince(since: number): Promise<number> {
      const row = await db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('created_at', '>=', since)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** Members newest first, matching the search in name or email and the status filter. */
    async listMembers(
      filter: { search: string; status: MemberStatusFilter | undefined },
      page: Page,
    ): Promise<{ rows: UserRow[]; total: number }> {
      let query = db.selectFrom('users');
      if (filter.search) {
        const pattern = containing(filter.search);
        query = query.where((eb) =>
          eb.or([
            eb(sql`lower(email)`, 'like', pattern),
            eb(sql`lower(first_name || ' ' || last_name)`, 'like', pattern),
          ]),
        );
      }
      if (filter.status === 'active') query = query.where('disabled_at', 'is', null);
      if (filter.status === 'disabled') query = query.where('disabled_at', 'is not', null);
      if (filter.status === 'admin') query = query.where('is_admin', '=', 1);
      const [rows, count] = await Promise.all([
        query.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').$call(inPage(page)).execute(),
        query.select((eb) => eb.fn.countAll<number | string>().as('count')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.count) };
    },

    /**
     * The ids of enabled admins. On PostgreSQL their rows stay locked until the transaction ends,
     * so two admins changing each other at once are decided one after the other (SQLite runs one
     * write transaction at a time anyway).
     */
    async lockEnabledAdmins(dialect: Dialect): Promise<number[]> {
      let query = db
        .selectFrom('users')
        .select('id')
        .where('is_admin', '=', 1)
        .where('disabled_at', 'is', null)
        .orderBy('id');
      if (dialect === 'postgres') query = query.forUpdate();
      return (await query.execute()).map((row) => row.id);
    },

    /**
     * Locks the account's row until the transaction ends on PostgreSQL, so two changes to its
     * profiles at once are decided one after the other (SQLite runs one write transaction at a time).
     */
    async lockById(id: number, dialect: Dialect): Promise<UserRow | undefined> {
      let query = db.selectFrom('users').selectAll().where('id', '=', id);
      if (dialect === 'postgres') query = query.forUpdate();
      return query.executeTakeFirst();
    },

    /** Counts one more wrong account PIN and answers how many there are now in a row. */
    async addAccountPinFailure(id: number): Promise<number> {
      const row = await db
        .updateTable('users')
        .set((eb) => ({ account_pin_failures: eb('account_pin_failures', '+', 1) }))
        .where('id', '=', id)
        .returning('account_pin_failures')
        .executeTakeFirstOrThrow();
      return row.account_pin_failures;
    },

    /** What an admin changes of an account: whether it is disabled, whether it is an admin. */
    async updateAccess(
      id: number,
      changes: Partial<Pick<UserRow, 'disabled_at' | 'is_admin'>>,
      now: number,
    ): Promise<void> {
      await db
        .updateTable('users')
        .set({ ...changes, updated_at: now })
        .where('id', '=', id)
        .execute();
    },
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
