import type { Kysely } from 'kysely';
import { notNull, references, timestampType, withId } from './dialect';

/**
 * How each play went, as the member's player reported it: start time or start failure, stalls,
 * bitrate, renditions and the device class. The member and the title are the only ids; a member's
 * or a title's reports go with them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const ts = timestampType(db);
  await withId(db, db.schema.createTable('play_quality_reports'))
    .addColumn('user_id', 'integer', references('users.id'))
    .addColumn('play_id', 'varchar(64)', notNull)
    .addColumn('title_id', 'integer', references('titles.id'))
    .addColumn('episode_id', 'integer')
    .addColumn('device_class', 'varchar(16)', notNull)
    .addColumn('start_ms', 'integer')
    .addColumn('failure', 'varchar(64)')
    .addColumn('played_ms', 'integer', notNull)
    .addColumn('stall_count', 'integer', notNull)
    .addColumn('stall_ms', 'integer', notNull)
    .addColumn('average_bitrate_kbps', 'integer')
    /** Heights in the order first played, comma-separated ("240,480,720"). */
    .addColumn('renditions', 'varchar(100)', notNull)
    /** The UTC day it was received (`YYYY-MM-DD`), which the console groups by. */
    .addColumn('day', 'varchar(10)', notNull)
    .addColumn('created_at', ts, notNull)
    .addUniqueConstraint('play_quality_reports_play_unique', ['user_id', 'play_id'])
    .execute();
  await db.schema
    .createIndex('play_quality_reports_day_idx')
    .on('play_quality_reports')
    .column('day')
    .execute();
  await db.schema
    .createIndex('play_quality_reports_title_idx')
    .on('play_quality_reports')
    .column('title_id')
    .execute();
}
