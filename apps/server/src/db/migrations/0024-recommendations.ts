import type { Kysely } from 'kysely';

/**
 * What the recommendations job computes (decision 0045), replaced whole by each run:
 * - `title_neighbours`: for each title, its most similar titles as one row holding the ordered
 *   list (`similar_ids` and `scores`, JSON arrays of the same length, best first); the first
 *   `cowatch_count` come from the profiles that played or liked both, the rest from shared genres
 *   and cast. One row per title rather than per pair: on 100 000 titles the job writes about
 *   100 000 rows instead of 2 000 000, and the rows read a title's list whole anyway.
 * - `trending_titles`: the titles most viewed over the last days, in order.
 * Rows naming a deleted title are skipped by the reads, which join published titles, so there are
 * no foreign keys to slow the bulk writes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('title_neighbours')
    .addColumn('title_id', 'integer', (col) => col.primaryKey().notNull())
    .addColumn('similar_ids', 'text', (col) => col.notNull())
    .addColumn('scores', 'text', (col) => col.notNull())
    .addColumn('cowatch_count', 'integer', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('trending_titles')
    .addColumn('rank', 'integer', (col) => col.primaryKey().notNull())
    .addColumn('title_id', 'integer', (col) => col.notNull())
    .addColumn('views', 'integer', (col) => col.notNull())
    .execute();
}
