import type { Kysely } from 'kysely';
import { isPostgres, sql } from './dialect';

/** Indexes for the catalog reads that miss the cache: recent views, dated lists, short prefixes. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('title_daily_views_day_cover_idx')
    .on('title_daily_views')
    .columns(['day', 'title_id', 'views'])
    .execute();
  if (isPostgres(db)) {
    await sql`create index titles_name_prefix_idx on titles ((lower(name)) text_pattern_ops)`.execute(db);
    await sql`create index titles_type_release_desc_idx on titles (type, release_date desc nulls last, id desc)
      where is_published = 1`.execute(db);
    await sql`create index titles_free_release_desc_idx on titles (is_free, release_date desc nulls last, id desc)
      where is_published = 1`.execute(db);
  }
}
