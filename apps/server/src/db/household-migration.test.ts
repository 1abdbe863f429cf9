import { Migrator, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { freshPostgresDatabase, type FreshPostgresDatabase } from '../testing/stores';
import { createDb, migrateToLatest, type Db } from './connection';
import { migrationProvider } from './migrations/index';

/**
 * Migration 0020 on a database that already has members and what they did: every account gets
 * its owner profile, and its watch list, progress, likes, views and sessions move to it.
 */
const postgresServer = process.env.TEST_DATABASE_URL;

let postgres: FreshPostgresDatabase | null = null;
let open: Db | null = null;
afterEach(async () => {
  await open?.destroy();
  open = null;
  await postgres?.drop();
  postgres = null;
});

async function databaseBefore0020(): Promise<Db> {
  let url = 'sqlite::memory:';
  if (postgresServer) {
    postgres = await freshPostgresDatabase(postgresServer);
    url = postgres.url;
  }
  const { db } = createDb(url);
  open = db;
  const { error } = await new Migrator({ db, provider: migrationProvider }).migrateTo('0019-job-schedules');
  expect(error).toBeUndefined();
  return db;
}

/** The schema before 0020 is not the one the row types describe. */
const untyped = (db: Db) => db as unknown as Kysely<Record<string, Record<string, unknown>>>;

describe(`migration 0020 on existing rows (${postgresServer ? 'PostgreSQL' : 'SQLite'})`, () => {
  it('gives every account its owner profile and moves its rows there, keeping ids and sessions', async () => {
    const db = await databaseBefore0020();
    const old = untyped(db);
    const at = 1_700_000_000_000;
    const user = (id: number, first: string) => ({
      id,
      first_name: first,
      last_name: 'Doe',
      email: `${first.toLowerCase()}@example.com`,
      password_hash: 'x',
      is_admin: 0,
      created_at: at,
      updated_at: at,
    });
    await old
      .insertInto('users')
      .values([user(1, 'Asha'), user(2, 'Ravi')])
      .execute();
    const title = (id: number) => ({
      id,
      type: 'movie',
      name: `Title ${id}`,
      poster_image: 'p.jpg',
      thumbnail_image: 't.jpg',
      created_at: at,
      updated_at: at,
    });
    await old
      .insertInto('titles')
      .values([title(1), title(2)])
      .execute();
    await old
      .insertInto('plans')
      .values([
        { id: 1, name: 'One', price_minor: 100, duration_value: 1, duration: 'month', screens: 1 },
        { id: 2, name: 'Four', price_minor: 400, duration_value: 1, duration: 'month', screens: 4 },
      ])
      .execute();
    await old
      .insertInto('api_tokens')
      .values([
        { id: 7, user_id: 1, token_hash: 'hash-a', created_at: at, last_used_at: at },
        { id: 9, user_id: 2, token_hash: 'hash-b', created_at: at, last_used_at: at },
      ])
      .execute();
    await old
      .insertInto('watchlist')
      .values([
        { user_id: 1, title_id: 1, created_at: at },
        { user_id: 1, title_id: 2, created_at: at + 1 },
        { user_id: 2, title_id: 2, created_at: at },
      ])
      .execute();
    await old
      .insertInto('playback_progress')
      .values({
        id: 41,
        user_id: 2,
        title_id: 1,
        episode_id: 0,
        position_seconds: 120,
        duration_seconds: 600,
        finished: 0,
        updated_at: at,
      })
      .execute();
    await old.insertInto('likes').values({ user_id: 1, title_id: 2, created_at: at }).execute();
    await old
      .insertInto('views')
      .values({ user_id: 2, title_id: 1, day: '2023-11-14', created_at: at })
      .execute();

    await migrateToLatest(db);

    const profiles = await db.selectFrom('profiles').selectAll().orderBy('user_id').execute();
    expect(
      profiles.map((p) => [p.user_id, p.name, p.is_owner, p.is_kids, p.maturity_limit, p.pin_hash]),
    ).toEqual([
      [1, 'Asha', 1, 0, null, null],
      [2, 'Ravi', 1, 0, null, null],
    ]);
    const ownerOf = new Map(profiles.map((p) => [p.user_id, p.id]));

    const tokens = await db.selectFrom('api_tokens').selectAll().orderBy('id').execute();
    expect(tokens.map((t) => [t.id, t.user_id, t.profile_id, t.token_hash])).toEqual([
      [7, 1, ownerOf.get(1), 'hash-a'],
      [9, 2, ownerOf.get(2), 'hash-b'],
    ]);
    const watchlist = await db
      .selectFrom('watchlist')
      .selectAll()
      .orderBy('user_id')
      .orderBy('title_id')
      .execute();
    expect(watchlist.map((w) => [w.user_id, w.profile_id, w.title_id, w.created_at])).toEqual([
      [1, ownerOf.get(1), 1, at],
      [1, ownerOf.get(1), 2, at + 1],
      [2, ownerOf.get(2), 2, at],
    ]);
    const progress = await db.selectFrom('playback_progress').selectAll().execute();
    expect(progress).toEqual([
      {
        id: 41,
        user_id: 2,
        profile_id: ownerOf.get(2),
        title_id: 1,
        episode_id: 0,
        position_seconds: 120,
        duration_seconds: 600,
        finished: 0,
        updated_at: at,
      },
    ]);
    expect(await db.selectFrom('likes').selectAll().execute()).toEqual([
      { user_id: 1, profile_id: ownerOf.get(1), title_id: 2, created_at: at },
    ]);
    expect(await db.selectFrom('views').selectAll().execute()).toEqual([
      { user_id: 2, profile_id: ownerOf.get(2), title_id: 1, day: '2023-11-14', created_at: at },
    ]);
    const plans = await db.selectFrom('plans').select(['id', 'profiles']).orderBy('id').execute();
    expect(plans).toEqual([
      { id: 1, profiles: 1 },
      { id: 2, profiles: 4 },
    ]);

    // The rebuilt tables keep their references: rows go with their profile, title or account.
    await expect(
      db
        .insertInto('watchlist')
        .values({ user_id: 1, profile_id: 999, title_id: 1, created_at: at })
        .execute(),
    ).rejects.toThrow();
    await db.deleteFrom('titles').where('id', '=', 2).execute();
    expect(await db.selectFrom('likes').selectAll().execute()).toEqual([]);
    await db.deleteFrom('profiles').where('id', '=', ownerOf.get(2)!).execute();
    expect(await db.selectFrom('api_tokens').select('id').where('user_id', '=', 2).execute()).toEqual([]);
    expect(await db.selectFrom('playback_progress').select('id').where('user_id', '=', 2).execute()).toEqual(
      [],
    );
    expect(await db.selectFrom('views').select('day').execute()).toEqual([]);

    // Ids go on after the ones kept, and one account cannot get a second owner profile.
    const token = await db
      .insertInto('api_tokens')
      .values({
        user_id: 1,
        profile_id: ownerOf.get(1)!,
        token_hash: 'hash-c',
        created_at: at,
        last_used_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(token.id).toBeGreaterThan(9);
    const row = await db
      .insertInto('playback_progress')
      .values({
        user_id: 1,
        profile_id: ownerOf.get(1)!,
        title_id: 1,
        episode_id: 0,
        position_seconds: 1,
        duration_seconds: 10,
        finished: 0,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(row.id).toBeGreaterThan(41);
    await expect(
      db
        .insertInto('profiles')
        .values({
          user_id: 1,
          name: 'Second owner',
          avatar_key: 'blue',
          avatar_image: null,
          is_owner: 1,
          is_kids: 0,
          maturity_limit: null,
          pin_hash: null,
          pin_failures: 0,
          locked_until: null,
          created_at: at,
        })
        .execute(),
    ).rejects.toThrow();
  });
});
