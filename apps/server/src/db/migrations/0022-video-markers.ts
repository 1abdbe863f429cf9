import type { Kysely } from 'kysely';
import { floatType, notNull, references, timestampType } from './dialect';

/**
 * Skip markers of full videos: where a video's intro, recap and credits are, in seconds. One row
 * per video and type (the key), so a video has at most one marker of each type; they go with
 * their video.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const float = floatType(db);
  await db.schema
    .createTable('video_markers')
    .addColumn('video_id', 'integer', references('videos.id'))
    .addColumn('type', 'varchar(10)', notNull)
    .addColumn('start_seconds', float, notNull)
    .addColumn('end_seconds', float, notNull)
    .addColumn('updated_at', timestampType(db), notNull)
    .addPrimaryKeyConstraint('video_markers_pk', ['video_id', 'type'])
    .execute();
}
