import { sql, type Kysely } from 'kysely';

/**
 * One live job per piece of work: `jobs.dedupe_key` names what a job works on (a transcode:
 * `transcode-video-<id>`), and a unique index over the queued and running rows makes a second
 * live job for it impossible, however many processes enqueue it at the same instant (on SQLite
 * and PostgreSQL alike). Rows written before this migration have no key.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('jobs').addColumn('dedupe_key', 'varchar(100)').execute();
  await db.schema
    .createIndex('jobs_live_dedupe_key')
    .on('jobs')
    .column('dedupe_key')
    .unique()
    .where(sql.raw<boolean>(`status in ('queued', 'running')`))
    .execute();
}
