import type { Kysely } from 'kysely';
import { notNull, references, timestampType } from './dialect';

/**
 * The latest intro suggestion run of each season (decision 0043, "Suggested intros"): its job, its
 * state, and once done the suggestion of each episode's video as JSON. Suggestions are not
 * markers: the console pre-fills the editor with them for an operator to review and save.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('intro_suggestions')
    .addColumn('season_id', 'integer', (col) => references('seasons.id')(col).primaryKey())
    .addColumn('job_id', 'integer', notNull)
    .addColumn('status', 'varchar(10)', notNull)
    .addColumn('episode_count', 'integer', notNull)
    .addColumn('result', 'text')
    .addColumn('error', 'text')
    .addColumn('updated_at', timestampType(db), notNull)
    .execute();
}
