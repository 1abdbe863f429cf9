import type { Selectable } from 'kysely';
import type { Db } from '../../db/connection';
import type { VideoAudioTracksTable } from '../../db/database';
import { DEFAULT_MAIN_AUDIO, type MainAudio } from '../../media/audio-tracks';

export type AudioTrackRow = Selectable<VideoAudioTracksTable>;

/** SQL over the audio languages of videos: the muxed one's name and the extra tracks (decision 0047). */
export function createAudioTracksRepository(db: Db) {
  return {
    /** A video's extra tracks, oldest first. */
    ofVideo(videoId: number): Promise<AudioTrackRow[]> {
      return db
        .selectFrom('video_audio_tracks')
        .selectAll()
        .where('video_id', '=', videoId)
        .orderBy('id')
        .execute();
    },

    find(videoId: number, trackId: number): Promise<AudioTrackRow | undefined> {
      return db
        .selectFrom('video_audio_tracks')
        .selectAll()
        .where('video_id', '=', videoId)
        .where('id', '=', trackId)
        .executeTakeFirst();
    },

    findById(trackId: number): Promise<AudioTrackRow | undefined> {
      return db.selectFrom('video_audio_tracks').selectAll().where('id', '=', trackId).executeTakeFirst();
    },

    insert(track: Omit<AudioTrackRow, 'id' | 'job_id' | 'last_error'>): Promise<AudioTrackRow> {
      return db.insertInto('video_audio_tracks').values(track).returningAll().executeTakeFirstOrThrow();
    },

    async setJob(trackId: number, jobId: number): Promise<void> {
      await db.updateTable('video_audio_tracks').set({ job_id: jobId }).where('id', '=', trackId).execute();
    },

    async setStatus(
      trackId: number,
      status: AudioTrackRow['status'],
      fields: { last_error?: string | null; source_path?: string | null } = {},
    ): Promise<void> {
      await db
        .updateTable('video_audio_tracks')
        .set({ status, ...fields })
        .where('id', '=', trackId)
        .execute();
    },

    async delete(trackId: number): Promise<void> {
      await db.deleteFrom('video_audio_tracks').where('id', '=', trackId).execute();
    },

    /** Deletes the tracks a transcode took from its source, before it takes them again. */
    async deleteFromSource(videoId: number): Promise<void> {
      await db
        .deleteFrom('video_audio_tracks')
        .where('video_id', '=', videoId)
        .where('origin', '=', 'source')
        .execute();
    },

    async deleteOfVideo(videoId: number): Promise<void> {
      await db.deleteFrom('video_audio_tracks').where('video_id', '=', videoId).execute();
    },

    /** The muxed audio's language and name (the defaults when not set). */
    async mainAudio(videoId: number): Promise<MainAudio & { set: boolean }> {
      const row = await db
        .selectFrom('videos')
        .select(['audio_language', 'audio_label'])
        .where('id', '=', videoId)
        .executeTakeFirst();
      if (!row?.audio_language) return { ...DEFAULT_MAIN_AUDIO, set: false };
      return { language: row.audio_language, label: row.audio_label ?? row.audio_language, set: true };
    },

    async setMainAudio(videoId: number, main: MainAudio | null): Promise<void> {
      await db
        .updateTable('videos')
        .set({ audio_language: main?.language ?? null, audio_label: main?.label ?? null })
        .where('id', '=', videoId)
        .execute();
    },
  };
}
export type AudioTracksRepository = ReturnType<typeof createAudioTracksRepository>;
