import type { Kysely } from 'kysely';

/**
 * Schema for the titles console. Titles already carry `is_published` (default 1, read by every
 * member query), so this adds only the index the console's default order needs: newest created
 * first. Name, release date and views already have indexes from 0001 and 0003.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('titles_created_idx').on('titles').columns(['created_at', 'id']).execute();
}
