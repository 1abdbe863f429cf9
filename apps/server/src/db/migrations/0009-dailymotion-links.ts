import type { Kysely } from 'kysely';
import { isPostgres } from './dialect';

/**
 * Link types grow past ten characters ('dailymotion'). SQLite does not enforce a varchar length,
 * so only PostgreSQL needs the wider columns.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await db.schema
    .alterTable('titles')
    .alterColumn('trailer_url_type', (col) => col.setDataType('varchar(20)'))
    .execute();
  await db.schema
    .alterTable('videos')
    .alterColumn('type', (col) => col.setDataType('varchar(20)'))
    .execute();
}
