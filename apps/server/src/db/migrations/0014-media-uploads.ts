import type { Kysely } from 'kysely';
import { floatType, notNull, timestampType, withId } from './dialect';

/**
 * Uploaded video sources and uploaded captions. `video_sources` describes the file an operator
 * uploaded for a video (kept until its transcode has finished); `video_captions` holds caption
 * tracks as WebVTT text, written into the video's HLS tree whenever it is published.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const ts = timestampType(db);
  await db.schema
    .createTable('video_sources')
    .addColumn('video_id', 'integer', (col) => col.primaryKey().references('videos.id').onDelete('cascade'))
    .addColumn('filename', 'varchar(255)', notNull)
    .addColumn('size_bytes', ts, notNull)
    .addColumn('width', 'integer', notNull)
    .addColumn('height', 'integer', notNull)
    .addColumn('fps', floatType(db), notNull)
    .addColumn('duration_seconds', floatType(db), notNull)
    .addColumn('uploaded_by', 'integer')
    .addColumn('created_at', ts, notNull)
    .execute();
  await withId(db, db.schema.createTable('video_captions'))
    .addColumn('video_id', 'integer', (col) => col.notNull().references('videos.id').onDelete('cascade'))
    .addColumn('language', 'varchar(16)', notNull)
    .addColumn('label', 'varchar(64)', notNull)
    .addColumn('body', 'text', notNull)
    .addColumn('created_at', ts, notNull)
    .execute();
  await db.schema
    .createIndex('video_captions_video_language_idx')
    .on('video_captions')
    .columns(['video_id', 'language'])
    .unique()
    .execute();
}
