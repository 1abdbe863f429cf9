import { sql } from 'kysely';
import type { Db } from '../../db/connection';
import type { Page } from '../../lib/page';
import { containing, inPage } from '../../db/sql-helpers';

export interface PersonRow {
  id: number;
  name: string;
  email: string | null;
  profile_image: string;
  title_count: number;
}

export interface PersonChanges {
  name: string;
  email: string | null;
  profile_image: string;
}

/** All SQL over people (cast and crew), with how many titles each is cast in. */
export function createPeopleRepository(db: Db) {
  const withCounts = () =>
    db.selectFrom('people').select((eb) => [
      'people.id',
      'people.name',
      'people.email',
      'people.profile_image',
      eb
        .selectFrom('title_cast')
        .select(sql<number>`count(distinct title_cast.title_id)`.as('count'))
        .whereRef('title_cast.person_id', '=', 'people.id')
        .as('title_count'),
    ]);
  const toRow = (row: Omit<PersonRow, 'title_count'> & { title_count: number | null }): PersonRow => ({
    ...row,
    title_count: Number(row.title_count ?? 0),
  });
  const matching = (search: string | undefined) =>
    db
      .selectFrom('people')
      .$if(Boolean(search), (qb) =>
        qb.where((eb) =>
          eb.or([
            eb(sql`lower(people.name)`, 'like', containing(search!)),
            eb(sql`lower(coalesce(people.email, ''))`, 'like', containing(search!)),
          ]),
        ),
      );

  return {
    /** One page of people by name, whose name or address contains `search` (any case). */
    async page(search: string | undefined, page: Page): Promise<{ rows: PersonRow[]; total: number }> {
      const ids = matching(search).select('people.id');
      const [rows, count] = await Promise.all([
        withCounts()
          .where('people.id', 'in', ids)
          .orderBy(sql`lower(people.name)`)
          .orderBy('people.id')
          .$call(inPage(page))
          .execute(),
        matching(search)
          .select((eb) => eb.fn.countAll<number>().as('total'))
          .executeTakeFirstOrThrow(),
      ]);
      return { rows: rows.map(toRow), total: Number(count.total) };
    },

    async find(id: number): Promise<PersonRow | undefined> {
      const row = await withCounts().where('people.id', '=', id).executeTakeFirst();
      return row && toRow(row);
    },

    /** The ids among `ids` that are people. */
    async existingIds(ids: readonly number[]): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const rows = await db.selectFrom('people').select('id').where('id', 'in', ids).execute();
      return new Set(rows.map((row) => row.id));
    },

    /** The name and private address of a person, only ever read to send them mail. */
    contact: (id: number): Promise<{ name: string; email: string | null } | undefined> =>
      db.selectFrom('people').select(['name', 'email']).where('id', '=', id).executeTakeFirst(),

    /** A person with this address (any case), to cast again instead of adding them twice. */
    findByEmail: (email: string) =>
      db
        .selectFrom('people')
        .select(['id', 'name', 'email', 'profile_image'])
        .where(sql<string>`lower(email)`, '=', email.toLowerCase())
        .orderBy('id')
        .executeTakeFirst(),

    insert: async (person: PersonChanges): Promise<number> =>
      (
        await db
          .insertInto('people')
          .values({ ...person, created_at: Date.now() })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,

    update: (id: number, changes: PersonChanges) =>
      db.updateTable('people').set(changes).where('id', '=', id).execute(),

    delete: (id: number) => db.deleteFrom('people').where('id', '=', id).execute(),
  };
}
