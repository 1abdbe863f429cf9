import type { Kysely } from 'kysely';
import { flag, floatType, notNull, timestampType, withId } from './dialect';

/**
 * 0012–0016 first shipped as empty placeholders and were filled in later, so a database migrated
 * in between recorded them as applied without their tables, columns and indexes. This creates
 * whatever of them is missing and leaves a database that has them untouched.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const ts = timestampType(db);
  const columns = new Map(
    (await db.introspection.getTables()).map((table) => [
      table.name,
      new Set(table.columns.map((column) => column.name)),
    ]),
  );
  const hasColumn = (table: string, column: string) => columns.get(table)?.has(column) ?? false;

  // 0012-admin-titles
  await db.schema
    .createIndex('titles_created_idx')
    .ifNotExists()
    .on('titles')
    .columns(['created_at', 'id'])
    .execute();

  // 0013-admin-library
  if (!hasColumn('submissions', 'draft_title_id')) {
    await db.schema
      .alterTable('submissions')
      .addColumn('draft_title_id', 'integer', (col) => col.references('titles.id').onDelete('set null'))
      .execute();
  }
  await db.schema
    .createIndex('submissions_status_created_idx')
    .ifNotExists()
    .on('submissions')
    .columns(['status', 'created_at'])
    .execute();

  // 0014-media-uploads
  await db.schema
    .createTable('video_sources')
    .ifNotExists()
    .addColumn('video_id', 'integer', (col) => col.primaryKey().references('videos.id').onDelete('cascade'))
    .addColumn('filename', 'varchar(255)', notNull)
    .addColumn('size_bytes', ts, notNull)
    .addColumn('width', 'integer', notNull)
    .addColumn('height', 'integer', notNull)
    .addColumn('fps', floatType(db), notNull)
    .addColumn('duration_seconds', floatType(db), notNull)
    .addColumn('uploaded_by', 'integer')
    .addColumn('created_at', ts, notNull)
    .execute();
  await withId(db, db.schema.createTable('video_captions').ifNotExists())
    .addColumn('video_id', 'integer', (col) => col.notNull().references('videos.id').onDelete('cascade'))
    .addColumn('language', 'varchar(16)', notNull)
    .addColumn('label', 'varchar(64)', notNull)
    .addColumn('body', 'text', notNull)
    .addColumn('created_at', ts, notNull)
    .execute();
  await db.schema
    .createIndex('video_captions_video_language_idx')
    .ifNotExists()
    .on('video_captions')
    .columns(['video_id', 'language'])
    .unique()
    .execute();

  // 0015-admin-members
  const indexes: Array<[string, string, string[]]> = [
    ['outbox_created_idx', 'outbox', ['created_at']],
    ['jobs_created_idx', 'jobs', ['created_at']],
    ['jobs_type_created_idx', 'jobs', ['type', 'created_at']],
    ['users_created_idx', 'users', ['created_at']],
    ['views_user_created_idx', 'views', ['user_id', 'created_at']],
  ];
  for (const [name, table, on] of indexes) {
    await db.schema.createIndex(name).ifNotExists().on(table).columns(on).execute();
  }

  // 0016-admin-commerce
  if (!hasColumn('plans', 'description')) {
    await db.schema.alterTable('plans').addColumn('description', 'varchar(500)').execute();
  }
  await db.schema
    .createTable('stripe_plans')
    .ifNotExists()
    .addColumn('plan_id', 'integer', (col) => col.primaryKey())
    .addColumn('product_id', 'varchar(255)')
    .addColumn('price_id', 'varchar(255)')
    .addColumn('price_amount_minor', 'integer')
    .addColumn('price_currency', 'varchar(3)')
    .addColumn('price_interval', 'varchar(10)')
    .addColumn('price_interval_count', 'integer')
    .addColumn('price_version', 'integer', flag(0))
    .addColumn('pending_at', ts)
    .addColumn('synced_at', ts)
    .addColumn('last_error', 'text')
    .execute();
}
