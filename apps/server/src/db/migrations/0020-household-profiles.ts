import type { Kysely } from 'kysely';
import { flag, floatType, isPostgres, notNull, references, sql, timestampType, withId } from './dialect';

/**
 * Household profiles. An account has profiles (the first, `is_owner`, is the account holder's and
 * is created for every existing account here); a token acts as one of them; the watch list,
 * playback progress, likes and views belong to a profile. Plans gain a `profiles` limit (existing
 * plans get as many as they have screens) and accounts an optional PIN guarding their profiles.
 *
 * The keys of those four tables and of api_tokens change, which SQLite cannot alter: each is
 * rebuilt under a new name, filled from the old one (every row going to its account's owner
 * profile, ids kept), and renamed back. On SQLite the whole migration is one transaction, as it
 * is on PostgreSQL.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) await migrate(db);
  else await db.transaction().execute(migrate);
}

async function migrate(db: Kysely<unknown>): Promise<void> {
  const ts = timestampType(db);
  const float = floatType(db);
  // A rebuilt table's references: on PostgreSQL they are added once its rows are copied (one
  // check of the whole table instead of one per row, several times faster on a large database).
  const ref = (target: string) => (isPostgres(db) ? notNull : references(target));

  await withId(db, db.schema.createTable('profiles'))
    .addColumn('user_id', 'integer', references('users.id'))
    .addColumn('name', 'varchar(100)', notNull)
    .addColumn('avatar_key', 'varchar(30)', notNull)
    .addColumn('avatar_image', 'varchar(500)')
    .addColumn('is_owner', 'integer', flag(0))
    .addColumn('is_kids', 'integer', flag(0))
    .addColumn('maturity_limit', 'varchar(20)')
    .addColumn('pin_hash', 'varchar(255)')
    .addColumn('pin_failures', 'integer', flag(0))
    .addColumn('locked_until', ts)
    .addColumn('created_at', ts, notNull)
    .execute();
  await db.schema.createIndex('profiles_user_idx').on('profiles').columns(['user_id', 'id']).execute();
  // One owner profile per account.
  await db.schema
    .createIndex('profiles_owner_idx')
    .on('profiles')
    .column('user_id')
    .unique()
    .where(sql.ref('is_owner'), '=', 1)
    .execute();
  await sql`
    insert into profiles (user_id, name, avatar_key, is_owner, is_kids, pin_failures, created_at)
    select id, first_name, 'red', 1, 0, 0, created_at from users
  `.execute(db);

  await db.schema.alterTable('users').addColumn('account_pin_hash', 'varchar(255)').execute();
  await db.schema.alterTable('users').addColumn('account_pin_failures', 'integer', flag(0)).execute();
  await db.schema.alterTable('users').addColumn('account_pin_locked_until', ts).execute();

  await db.schema.alterTable('plans').addColumn('profiles', 'integer', flag(1)).execute();
  await sql`update plans set profiles = case when screens > 20 then 20 when screens < 1 then 1 else screens end`.execute(
    db,
  );

  const owner = (table: string) =>
    sql`inner join profiles on profiles.user_id = ${sql.ref(`${table}.user_id`)} and profiles.is_owner = 1`;

  await withId(db, db.schema.createTable('api_tokens_next'))
    .addColumn('user_id', 'integer', ref('users.id'))
    .addColumn('profile_id', 'integer', ref('profiles.id'))
    .addColumn('token_hash', 'varchar(128)', (col) => col.notNull().unique())
    .addColumn('created_at', ts, notNull)
    .addColumn('last_used_at', ts, notNull)
    .execute();
  await sql`
    insert into api_tokens_next (id, user_id, profile_id, token_hash, created_at, last_used_at)
    select api_tokens.id, api_tokens.user_id, profiles.id, api_tokens.token_hash, api_tokens.created_at,
      api_tokens.last_used_at
    from api_tokens ${owner('api_tokens')}
  `.execute(db);
  await replace(db, 'api_tokens');
  await db.schema.createIndex('api_tokens_user_idx').on('api_tokens').column('user_id').execute();
  await db.schema.createIndex('api_tokens_profile_idx').on('api_tokens').column('profile_id').execute();

  await db.schema
    .createTable('watchlist_next')
    .addColumn('user_id', 'integer', ref('users.id'))
    .addColumn('profile_id', 'integer', ref('profiles.id'))
    .addColumn('title_id', 'integer', ref('titles.id'))
    .addColumn('created_at', ts, notNull)
    .addPrimaryKeyConstraint('watchlist_profile_pk', ['profile_id', 'title_id'])
    .execute();
  await sql`
    insert into watchlist_next (user_id, profile_id, title_id, created_at)
    select watchlist.user_id, profiles.id, watchlist.title_id, watchlist.created_at
    from watchlist ${owner('watchlist')}
  `.execute(db);
  await replace(db, 'watchlist');
  await db.schema
    .createIndex('watchlist_profile_created_idx')
    .on('watchlist')
    .columns(['profile_id', 'created_at'])
    .execute();
  await db.schema.createIndex('watchlist_user_idx').on('watchlist').column('user_id').execute();

  await withId(db, db.schema.createTable('playback_progress_next'))
    .addColumn('user_id', 'integer', ref('users.id'))
    .addColumn('profile_id', 'integer', ref('profiles.id'))
    .addColumn('title_id', 'integer', ref('titles.id'))
    .addColumn('episode_id', 'integer', flag(0))
    .addColumn('position_seconds', float, notNull)
    .addColumn('duration_seconds', float, notNull)
    .addColumn('finished', 'integer', flag(0))
    .addColumn('updated_at', ts, notNull)
    .addUniqueConstraint('playback_progress_profile_uq', ['profile_id', 'title_id', 'episode_id'])
    .execute();
  await sql`
    insert into playback_progress_next
      (id, user_id, profile_id, title_id, episode_id, position_seconds, duration_seconds, finished, updated_at)
    select playback_progress.id, playback_progress.user_id, profiles.id, playback_progress.title_id,
      playback_progress.episode_id, playback_progress.position_seconds, playback_progress.duration_seconds,
      playback_progress.finished, playback_progress.updated_at
    from playback_progress ${owner('playback_progress')}
  `.execute(db);
  await replace(db, 'playback_progress');
  await db.schema
    .createIndex('playback_progress_recent_idx')
    .on('playback_progress')
    .columns(['user_id', 'updated_at'])
    .execute();
  await db.schema
    .createIndex('playback_progress_profile_recent_idx')
    .on('playback_progress')
    .columns(['profile_id', 'updated_at'])
    .execute();

  await db.schema
    .createTable('likes_next')
    .addColumn('user_id', 'integer', ref('users.id'))
    .addColumn('profile_id', 'integer', ref('profiles.id'))
    .addColumn('title_id', 'integer', ref('titles.id'))
    .addColumn('created_at', ts, notNull)
    .addPrimaryKeyConstraint('likes_profile_pk', ['profile_id', 'title_id'])
    .execute();
  await sql`
    insert into likes_next (user_id, profile_id, title_id, created_at)
    select likes.user_id, profiles.id, likes.title_id, likes.created_at
    from likes ${owner('likes')}
  `.execute(db);
  await replace(db, 'likes');
  await db.schema.createIndex('likes_user_idx').on('likes').column('user_id').execute();

  await db.schema
    .createTable('views_next')
    .addColumn('user_id', 'integer', ref('users.id'))
    .addColumn('profile_id', 'integer', ref('profiles.id'))
    .addColumn('title_id', 'integer', ref('titles.id'))
    .addColumn('day', 'varchar(10)', notNull)
    .addColumn('created_at', ts, notNull)
    .addPrimaryKeyConstraint('views_profile_pk', ['profile_id', 'title_id', 'day'])
    .execute();
  await sql`
    insert into views_next (user_id, profile_id, title_id, day, created_at)
    select views.user_id, profiles.id, views.title_id, views.day, views.created_at
    from views ${owner('views')}
  `.execute(db);
  await replace(db, 'views');
  await db.schema
    .createIndex('views_user_created_idx')
    .on('views')
    .columns(['user_id', 'created_at'])
    .execute();
}

/** The references of every rebuilt table: column and the table it points to (on delete cascade). */
const REFERENCES: Record<string, Array<[column: string, target: string]>> = {
  api_tokens: [
    ['user_id', 'users'],
    ['profile_id', 'profiles'],
  ],
  watchlist: [
    ['user_id', 'users'],
    ['profile_id', 'profiles'],
    ['title_id', 'titles'],
  ],
  playback_progress: [
    ['user_id', 'users'],
    ['profile_id', 'profiles'],
    ['title_id', 'titles'],
  ],
  likes: [
    ['user_id', 'users'],
    ['profile_id', 'profiles'],
    ['title_id', 'titles'],
  ],
  views: [
    ['user_id', 'users'],
    ['profile_id', 'profiles'],
    ['title_id', 'titles'],
  ],
};

/**
 * Drops `table` and gives `${table}_next` its name. On PostgreSQL its references are added now,
 * and a serial id's sequence goes on after the ids copied over (SQLite's AUTOINCREMENT follows
 * inserted ids by itself).
 */
async function replace(db: Kysely<unknown>, table: string): Promise<void> {
  await db.schema.dropTable(table).execute();
  await db.schema.alterTable(`${table}_next`).renameTo(table).execute();
  if (!isPostgres(db)) return;
  const constraints = REFERENCES[table]!.map(
    ([column, target]) =>
      sql`add constraint ${sql.id(`${table}_${column}_fkey`)} foreign key (${sql.id(column)}) references ${sql.table(target)} (id) on delete cascade`,
  );
  await sql`alter table ${sql.table(table)} ${sql.join(constraints)}`.execute(db);
  if (table === 'api_tokens' || table === 'playback_progress') {
    await sql`
      select setval(pg_get_serial_sequence(${table}, 'id'), coalesce((select max(id) from ${sql.table(table)}), 0) + 1, false)
    `.execute(db);
  }
}
