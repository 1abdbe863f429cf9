import type { Kysely } from 'kysely';
import { floatType, notNull, references, timestampType, withId } from './dialect';

/**
 * Audio languages of full videos (decision 0047). `videos.audio_language` and `audio_label` name
 * the audio muxed into the renditions (null: the site's default, English). `video_audio_tracks`
 * holds each other language: uploaded by an operator or taken from the source's further audio
 * streams, with the state of the job that makes its audio-only rendition. One track per language
 * per video.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const ts = timestampType(db);
  await db.schema.alterTable('videos').addColumn('audio_language', 'varchar(16)').execute();
  await db.schema.alterTable('videos').addColumn('audio_label', 'varchar(64)').execute();
  await withId(db, db.schema.createTable('video_audio_tracks'))
    .addColumn('video_id', 'integer', references('videos.id'))
    .addColumn('language', 'varchar(16)', notNull)
    .addColumn('label', 'varchar(64)', notNull)
    .addColumn('origin', 'varchar(10)', notNull)
    .addColumn('duration_seconds', floatType(db), notNull)
    .addColumn('status', 'varchar(12)', notNull)
    .addColumn('job_id', 'integer')
    .addColumn('source_path', 'varchar(1024)')
    .addColumn('last_error', 'text')
    .addColumn('created_at', ts, notNull)
    .execute();
  await db.schema
    .createIndex('video_audio_tracks_video_language_idx')
    .on('video_audio_tracks')
    .columns(['video_id', 'language'])
    .unique()
    .execute();
}
