import type { Kysely } from 'kysely';
import { timestampType } from './dialect';

/**
 * When each repeatable job runs next. A runner that finds a run due moves `next_run_at` on with a
 * conditional UPDATE and queues the run in the same transaction, so of several processes looking
 * at the same moment exactly one queues it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('job_schedules')
    .addColumn('name', 'varchar(100)', (col) => col.primaryKey().notNull())
    .addColumn('next_run_at', timestampType(db), (col) => col.notNull())
    .execute();
}
