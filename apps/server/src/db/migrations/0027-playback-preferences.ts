import type { Kysely } from 'kysely';

/**
 * Each profile's player preferences: the audio and subtitle languages tried first on every video
 * (null: the video's default audio, no subtitles) and the subtitle style. Existing profiles get
 * the defaults.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('profiles').addColumn('audio_language', 'varchar(20)').execute();
  await db.schema.alterTable('profiles').addColumn('subtitle_language', 'varchar(20)').execute();
  await db.schema
    .alterTable('profiles')
    .addColumn('subtitle_size', 'varchar(10)', (col) => col.notNull().defaultTo('medium'))
    .execute();
  await db.schema
    .alterTable('profiles')
    .addColumn('subtitle_color', 'varchar(10)', (col) => col.notNull().defaultTo('white'))
    .execute();
  await db.schema
    .alterTable('profiles')
    .addColumn('subtitle_background', 'varchar(12)', (col) => col.notNull().defaultTo('translucent'))
    .execute();
}
