import type { Kysely } from 'kysely';

/**
 * The submissions review: an approved submission points to the draft title it became (cleared if
 * that title is deleted), and the review queue reads submissions by status, newest first.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('submissions')
    .addColumn('draft_title_id', 'integer', (col) => col.references('titles.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('submissions_status_created_idx')
    .on('submissions')
    .columns(['status', 'created_at'])
    .execute();
}
