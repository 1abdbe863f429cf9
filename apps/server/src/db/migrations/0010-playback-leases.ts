import type { Kysely } from 'kysely';
import { notNull, references, timestampType, withId } from './dialect';

/**
 * Simultaneous screens: one row per player that is playing, renewed while it plays. A row past
 * its expires_at no longer counts and is removed by the member's next lease request.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const ts = timestampType(db);
  await withId(db, db.schema.createTable('playback_leases'))
    .addColumn('user_id', 'integer', references('users.id'))
    .addColumn('token', 'varchar(64)', (col) => col.notNull().unique())
    .addColumn('title_id', 'integer', references('titles.id'))
    .addColumn('episode_id', 'integer')
    .addColumn('created_at', ts, notNull)
    .addColumn('expires_at', ts, notNull)
    .execute();
  await db.schema
    .createIndex('playback_leases_user_idx')
    .on('playback_leases')
    .columns(['user_id', 'expires_at'])
    .execute();
}
