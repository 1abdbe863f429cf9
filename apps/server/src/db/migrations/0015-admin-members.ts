import type { Kysely } from 'kysely';

/**
 * The lookups of the members, mail and jobs console: the outbox and the jobs newest first (with
 * or without a type), members newest first, and a member's recent views.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('outbox_created_idx').on('outbox').column('created_at').execute();
  await db.schema.createIndex('jobs_created_idx').on('jobs').column('created_at').execute();
  await db.schema.createIndex('jobs_type_created_idx').on('jobs').columns(['type', 'created_at']).execute();
  await db.schema.createIndex('users_created_idx').on('users').column('created_at').execute();
  await db.schema
    .createIndex('views_user_created_idx')
    .on('views')
    .columns(['user_id', 'created_at'])
    .execute();
}
