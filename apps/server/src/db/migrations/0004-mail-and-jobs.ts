import type { Kysely } from 'kysely';

/** Mail queued as jobs: a Reply-To per message, and the lookups of the outbox and of reset requests. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('outbox').addColumn('reply_to', 'varchar(255)').execute();
  await db.schema.createIndex('outbox_status_idx').on('outbox').columns(['status', 'created_at']).execute();
  await db.schema
    .createIndex('password_resets_user_created_idx')
    .on('password_resets')
    .columns(['user_id', 'created_at'])
    .execute();
}
