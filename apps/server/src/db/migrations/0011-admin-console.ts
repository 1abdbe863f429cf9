import type { Kysely } from 'kysely';
import { notNull, timestampType, withId } from './dialect';

/**
 * The operator console's own records: an audit log of every change made in it (who, when, what,
 * the row before and after as JSON text), site settings kept as key -> JSON value, and the
 * moment a member was disabled (null while enabled).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const ts = timestampType(db);
  await withId(db, db.schema.createTable('audit_log'))
    .addColumn('actor_id', 'integer')
    .addColumn('actor_email', 'varchar(255)', notNull)
    .addColumn('action', 'varchar(64)', notNull)
    .addColumn('entity_type', 'varchar(32)', notNull)
    .addColumn('entity_id', 'varchar(64)')
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .addColumn('created_at', ts, notNull)
    .execute();
  await db.schema.createIndex('audit_log_created_idx').on('audit_log').column('created_at').execute();
  await db.schema
    .createIndex('audit_log_entity_idx')
    .on('audit_log')
    .columns(['entity_type', 'entity_id'])
    .execute();
  await db.schema
    .createTable('settings')
    .addColumn('key', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('value', 'text', notNull)
    .addColumn('updated_at', ts, notNull)
    .execute();
  await db.schema.alterTable('users').addColumn('disabled_at', ts).execute();
}
