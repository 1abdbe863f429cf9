import type { Kysely } from 'kysely';
import { flag, floatType, isPostgres, notNull, references, sql, timestampType, withId } from './dialect';

export async function up(db: Kysely<unknown>): Promise<void> {
  const ts = timestampType(db);
  const float = floatType(db);

  await withId(db, db.schema.createTable('users'))
    .addColumn('first_name', 'varchar(100)', notNull)
    .addColumn('last_name', 'varchar(100)', notNull)
    .addColumn('email', 'varchar(255)', (col) => col.notNull().unique())
    .addColumn('password_hash', 'varchar(255)', notNull)
    .addColumn('mobile', 'varchar(20)')
    .addColumn('gender', 'varchar(10)')
    .addColumn('date_of_birth', 'varchar(10)')
    .addColumn('profile_image', 'varchar(500)')
    .addColumn('is_admin', 'integer', flag(0))
    .addColumn('created_at', ts, notNull)
    .addColumn('updated_at', ts, notNull)
    .execute();

  await withId(db, db.schema.createTable('api_tokens'))
    .addColumn('user_id', 'integer', references('users.id'))
    .addColumn('token_hash', 'varchar(128)', (col) => col.notNull().unique())
    .addColumn('created_at', ts, notNull)
    .addColumn('last_used_at', ts, notNull)
    .execute();
  await db.schema.createIndex('api_tokens_user_idx').on('api_tokens').column('user_id').execute();

  await withId(db, db.schema.createTable('password_resets'))
    .addColumn('user_id', 'integer', references('users.id'))
    .addColumn('token_hash', 'varchar(128)', (col) => col.notNull().unique())
    .addColumn('expires_at', ts, notNull)
    .addColumn('used_at', ts)
    .addColumn('created_at', ts, notNull)
    .execute();

  await withId(db, db.schema.createTable('genres'))
    .addColumn('name', 'varchar(100)', (col) => col.notNull().unique())
    .execute();

  await withId(db, db.schema.createTable('titles'))
    .addColumn('type', 'varchar(10)', notNull)
    .addColumn('name', 'varchar(255)', notNull)
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('release_date', 'varchar(10)')
    .addColumn('language', 'varchar(50)', (col) => col.notNull().defaultTo(''))
    .addColumn('duration_minutes', 'integer')
    .addColumn('content_rating', 'varchar(20)', (col) => col.notNull().defaultTo(''))
    .addColumn('imdb_rating', float, (col) => col.notNull().defaultTo(0))
    .addColumn('poster_image', 'varchar(500)', notNull)
    .addColumn('thumbnail_image', 'varchar(500)', notNull)
    .addColumn('trailer_url', 'varchar(1000)', (col) => col.notNull().defaultTo(''))
    .addColumn('trailer_url_type', 'varchar(10)', (col) => col.notNull().defaultTo('url'))
    .addColumn('is_free', 'integer', flag(0))
    .addColumn('is_published', 'integer', flag(1))
    .addColumn('like_count', 'integer', flag(0))
    .addColumn('view_count', 'integer', flag(0))
    .addColumn('created_at', ts, notNull)
    .addColumn('updated_at', ts, notNull)
    .execute();
  await db.schema
    .createIndex('titles_type_release_idx')
    .on('titles')
    .columns(['type', 'release_date'])
    .execute();
  await db.schema.createIndex('titles_free_idx').on('titles').columns(['is_free', 'release_date']).execute();
  await db.schema.createIndex('titles_likes_idx').on('titles').columns(['like_count', 'id']).execute();
  await db.schema.createIndex('titles_views_idx').on('titles').columns(['view_count', 'id']).execute();

  await db.schema
    .createTable('title_genres')
    .addColumn('title_id', 'integer', references('titles.id'))
    .addColumn('genre_id', 'integer', references('genres.id'))
    .addPrimaryKeyConstraint('title_genres_pk', ['title_id', 'genre_id'])
    .execute();
  await db.schema
    .createIndex('title_genres_genre_idx')
    .on('title_genres')
    .columns(['genre_id', 'title_id'])
    .execute();

  await withId(db, db.schema.createTable('people'))
    .addColumn('name', 'varchar(255)', notNull)
    .addColumn('email', 'varchar(255)')
    .addColumn('profile_image', 'varchar(500)', notNull)
    .addColumn('created_at', ts, notNull)
    .execute();

  await db.schema
    .createTable('title_cast')
    .addColumn('title_id', 'integer', references('titles.id'))
    .addColumn('person_id', 'integer', references('people.id'))
    .addColumn('job_title', 'varchar(100)', notNull)
    .addColumn('position', 'integer', flag(0))
    .addPrimaryKeyConstraint('title_cast_pk', ['title_id', 'person_id', 'job_title'])
    .execute();
  await db.schema
    .createIndex('title_cast_person_idx')
    .on('title_cast')
    .columns(['person_id', 'title_id'])
    .execute();

  await withId(db, db.schema.createTable('seasons'))
    .addColumn('title_id', 'integer', references('titles.id'))
    .addColumn('season_number', 'integer', notNull)
    .addColumn('name', 'varchar(255)', notNull)
    .addUniqueConstraint('seasons_title_number_uq', ['title_id', 'season_number'])
    .execute();

  await withId(db, db.schema.createTable('episodes'))
    .addColumn('season_id', 'integer', references('seasons.id'))
    .addColumn('episode_number', 'integer', notNull)
    .addColumn('name', 'varchar(255)', notNull)
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('duration_minutes', 'integer')
    .addColumn('thumbnail_image', 'varchar(500)', notNull)
    .addUniqueConstraint('episodes_season_number_uq', ['season_id', 'episode_number'])
    .execute();

  await withId(db, db.schema.createTable('videos'))
    .addColumn('title_id', 'integer', (col) => col.references('titles.id').onDelete('cascade'))
    .addColumn('episode_id', 'integer', (col) => col.references('episodes.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(10)', notNull)
    .addColumn('type', 'varchar(10)', notNull)
    .addColumn('url', 'varchar(1000)', notNull)
    .addColumn('quality', 'varchar(20)')
    .addColumn('status', 'varchar(20)', (col) => col.notNull().defaultTo('ready'))
    .addColumn('source_path', 'varchar(1000)')
    .addColumn('duration_seconds', float)
    .addColumn('position', 'integer', flag(0))
    .addColumn('created_at', ts, notNull)
    .execute();
  await db.schema.createIndex('videos_title_idx').on('videos').columns(['title_id', 'kind']).execute();
  await db.schema.createIndex('videos_episode_idx').on('videos').columns(['episode_id', 'kind']).execute();

  await withId(db, db.schema.createTable('banners'))
    .addColumn('title_id', 'integer', references('titles.id'))
    .addColumn('poster_url', 'varchar(500)', notNull)
    .addColumn('position', 'integer', flag(0))
    .addColumn('is_active', 'integer', flag(1))
    .execute();

  await db.schema
    .createTable('watchlist')
    .addColumn('user_id', 'integer', references('users.id'))
    .addColumn('title_id', 'integer', references('titles.id'))
    .addColumn('created_at', ts, notNull)
    .addPrimaryKeyConstraint('watchlist_pk', ['user_id', 'title_id'])
    .execute();
  await db.schema
    .createIndex('watchlist_user_created_idx')
    .on('watchlist')
    .columns(['user_id', 'created_at'])
    .execute();

  await withId(db, db.schema.createTable('playback_progress'))
    .addColumn('user_id', 'integer', references('users.id'))
    .addColumn('title_id', 'integer', references('titles.id'))
    .addColumn('episode_id', 'integer', flag(0))
    .addColumn('position_seconds', float, notNull)
    .addColumn('duration_seconds', float, notNull)
    .addColumn('finished', 'integer', flag(0))
    .addColumn('updated_at', ts, notNull)
    .addUniqueConstraint('playback_progress_uq', ['user_id', 'title_id', 'episode_id'])
    .execute();
  await db.schema
    .createIndex('playback_progress_recent_idx')
    .on('playback_progress')
    .columns(['user_id', 'updated_at'])
    .execute();

  await db.schema
    .createTable('likes')
    .addColumn('user_id', 'integer', references('users.id'))
    .addColumn('title_id', 'integer', references('titles.id'))
    .addColumn('created_at', ts, notNull)
    .addPrimaryKeyConstraint('likes_pk', ['user_id', 'title_id'])
    .execute();

  await db.schema
    .createTable('views')
    .addColumn('user_id', 'integer', references('users.id'))
    .addColumn('title_id', 'integer', references('titles.id'))
    .addColumn('day', 'varchar(10)', notNull)
    .addColumn('created_at', ts, notNull)
    .addPrimaryKeyConstraint('views_pk', ['user_id', 'title_id', 'day'])
    .execute();

  await db.schema
    .createTable('title_daily_views')
    .addColumn('title_id', 'integer', references('titles.id'))
    .addColumn('day', 'varchar(10)', notNull)
    .addColumn('views', 'integer', flag(0))
    .addPrimaryKeyConstraint('title_daily_views_pk', ['title_id', 'day'])
    .execute();
  await db.schema
    .createIndex('title_daily_views_day_idx')
    .on('title_daily_views')
    .columns(['day', 'title_id'])
    .execute();

  await withId(db, db.schema.createTable('plans'))
    .addColumn('name', 'varchar(100)', notNull)
    .addColumn('price_minor', 'integer', notNull)
    .addColumn('duration_value', 'integer', notNull)
    .addColumn('duration', 'varchar(10)', notNull)
    .addColumn('discount_percent', float, flag(0))
    .addColumn('position', 'integer', flag(0))
    .addColumn('is_active', 'integer', flag(1))
    .execute();

  await withId(db, db.schema.createTable('plan_limitations'))
    .addColumn('plan_id', 'integer', references('plans.id'))
    .addColumn('limitation_title', 'varchar(100)', notNull)
    .addColumn('limitation_value', 'integer', notNull)
    .addColumn('limit_json', 'text', notNull)
    .addColumn('position', 'integer', flag(0))
    .execute();

  await withId(db, db.schema.createTable('taxes'))
    .addColumn('name', 'varchar(100)', notNull)
    .addColumn('percent', float, notNull)
    .addColumn('is_active', 'integer', flag(1))
    .execute();

  await db.schema
    .createTable('checkout_sessions')
    .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('user_id', 'integer', references('users.id'))
    .addColumn('plan_id', 'integer', references('plans.id'))
    .addColumn('amount_minor', 'integer', notNull)
    .addColumn('currency', 'varchar(3)', notNull)
    .addColumn('gateway', 'varchar(20)', notNull)
    .addColumn('status', 'varchar(10)', notNull)
    .addColumn('created_at', ts, notNull)
    .addColumn('paid_at', ts)
    .execute();

  await withId(db, db.schema.createTable('subscriptions'))
    .addColumn('user_id', 'integer', references('users.id'))
    .addColumn('plan_id', 'integer', references('plans.id'))
    .addColumn('checkout_session_id', 'varchar(64)', (col) => col.unique().references('checkout_sessions.id'))
    .addColumn('status', 'varchar(10)', notNull)
    .addColumn('start_date', 'varchar(10)', notNull)
    .addColumn('end_date', 'varchar(10)', notNull)
    .addColumn('created_at', ts, notNull)
    .addColumn('cancelled_at', ts)
    .execute();
  await db.schema
    .createIndex('subscriptions_user_idx')
    .on('subscriptions')
    .columns(['user_id', 'status'])
    .execute();

  await withId(db, db.schema.createTable('payment_events'))
    .addColumn('checkout_session_id', 'varchar(64)', references('checkout_sessions.id'))
    .addColumn('type', 'varchar(50)', notNull)
    .addColumn('payload', 'text', notNull)
    .addColumn('created_at', ts, notNull)
    .execute();

  await withId(db, db.schema.createTable('submissions'))
    .addColumn('user_id', 'integer', references('users.id'))
    .addColumn('name', 'varchar(100)', notNull)
    .addColumn('email', 'varchar(255)', notNull)
    .addColumn('role', 'varchar(50)', notNull)
    .addColumn('title', 'varchar(200)', notNull)
    .addColumn('description', 'text')
    .addColumn('type', 'varchar(50)')
    .addColumn('platform', 'varchar(20)')
    .addColumn('link', 'varchar(2000)', notNull)
    .addColumn('thumbnail_image', 'varchar(500)', notNull)
    .addColumn('status', 'varchar(10)', (col) => col.notNull().defaultTo('pending'))
    .addColumn('created_at', ts, notNull)
    .execute();

  await withId(db, db.schema.createTable('submission_cast'))
    .addColumn('submission_id', 'integer', references('submissions.id'))
    .addColumn('name', 'varchar(100)', notNull)
    .addColumn('job_title', 'varchar(100)', notNull)
    .addColumn('email', 'varchar(255)')
    .addColumn('image', 'varchar(500)', notNull)
    .addColumn('position', 'integer', flag(0))
    .execute();

  await withId(db, db.schema.createTable('outbox'))
    .addColumn('to_address', 'varchar(255)', notNull)
    .addColumn('subject', 'varchar(255)', notNull)
    .addColumn('text_body', 'text', notNull)
    .addColumn('html_body', 'text')
    .addColumn('status', 'varchar(10)', notNull)
    .addColumn('attempts', 'integer', flag(0))
    .addColumn('last_error', 'text')
    .addColumn('created_at', ts, notNull)
    .addColumn('sent_at', ts)
    .execute();

  await withId(db, db.schema.createTable('jobs'))
    .addColumn('type', 'varchar(50)', notNull)
    .addColumn('payload', 'text', notNull)
    .addColumn('status', 'varchar(10)', notNull)
    .addColumn('progress', float, flag(0))
    .addColumn('attempts', 'integer', flag(0))
    .addColumn('max_attempts', 'integer', (col) => col.notNull().defaultTo(3))
    .addColumn('run_at', ts, notNull)
    .addColumn('locked_at', ts)
    .addColumn('last_error', 'text')
    .addColumn('created_at', ts, notNull)
    .addColumn('updated_at', ts, notNull)
    .execute();
  await db.schema.createIndex('jobs_ready_idx').on('jobs').columns(['status', 'run_at']).execute();

  await createSearchIndex(db);
}

/** Full-text search: FTS5 trigram on SQLite, tsvector + pg_trgm on PostgreSQL. */
async function createSearchIndex(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`alter table titles add column search_vector tsvector generated always as (
      setweight(to_tsvector('simple', name), 'A') || setweight(to_tsvector('simple', description), 'B')
    ) stored`.execute(db);
    await sql`create index titles_search_vector_idx on titles using gin (search_vector)`.execute(db);
    await sql`create index titles_name_trgm_idx on titles using gin (lower(name) gin_trgm_ops)`.execute(db);
    return;
  }
  await sql`create virtual table title_search using fts5(
    name, description, content='titles', content_rowid='id', tokenize='trigram'
  )`.execute(db);
  await sql`create trigger titles_search_ai after insert on titles begin
    insert into title_search(rowid, name, description) values (new.id, new.name, new.description);
  end`.execute(db);
  await sql`create trigger titles_search_ad after delete on titles begin
    insert into title_search(title_search, rowid, name, description) values ('delete', old.id, old.name, old.description);
  end`.execute(db);
  await sql`create trigger titles_search_au after update of name, description on titles begin
    insert into title_search(title_search, rowid, name, description) values ('delete', old.id, old.name, old.description);
    insert into title_search(rowid, name, description) values (new.id, new.name, new.description);
  end`.execute(db);
  await sql`create index titles_name_nocase_idx on titles (name collate nocase)`.execute(db);
}
