import type { Kysely } from 'kysely';

/** Media pipeline: a video remembers its transcode job (for progress) and why it failed. Additive only. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('videos').addColumn('job_id', 'integer').execute();
  await db.schema.alterTable('videos').addColumn('last_error', 'text').execute();
  await db.schema.createIndex('jobs_running_idx').on('jobs').columns(['status', 'locked_at']).execute();
}
