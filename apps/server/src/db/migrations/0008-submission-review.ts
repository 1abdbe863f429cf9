import type { Kysely } from 'kysely';
import { timestampType } from './dialect';

/**
 * Submissions get their review outcome (when it was decided, and why when rejected), and an index
 * for a member's own list, newest first.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('submissions').addColumn('reviewed_at', timestampType(db)).execute();
  await db.schema.alterTable('submissions').addColumn('rejection_reason', 'text').execute();
  await db.schema
    .createIndex('submissions_user_created_idx')
    .on('submissions')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('submission_cast_submission_idx')
    .on('submission_cast')
    .column('submission_id')
    .execute();
}
