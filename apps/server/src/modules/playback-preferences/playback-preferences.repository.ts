import type {
  PlaybackPreferences,
  PlaybackPreferencesChange,
  SubtitleBackground,
  SubtitleColor,
  SubtitleSize,
} from '@reeltime/contract';
import type { Db } from '../../db/connection';

/** The player preferences stored on each profile (migration 0027). */
export function createPlaybackPreferencesRepository(db: Db) {
  return {
    async find(profileId: number): Promise<PlaybackPreferences | undefined> {
      const row = await db
        .selectFrom('profiles')
        .select([
          'audio_language',
          'subtitle_language',
          'subtitle_size',
          'subtitle_color',
          'subtitle_background',
        ])
        .where('id', '=', profileId)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        audio_language: row.audio_language,
        subtitle_language: row.subtitle_language,
        subtitle_style: {
          size: row.subtitle_size as SubtitleSize,
          color: row.subtitle_color as SubtitleColor,
          background: row.subtitle_background as SubtitleBackground,
        },
      };
    },

    async update(profileId: number, change: PlaybackPreferencesChange): Promise<void> {
      const style = change.subtitle_style ?? {};
      const values = {
        ...(change.audio_language !== undefined ? { audio_language: change.audio_language } : {}),
        ...(change.subtitle_language !== undefined ? { subtitle_language: change.subtitle_language } : {}),
        ...(style.size ? { subtitle_size: style.size } : {}),
        ...(style.color ? { subtitle_color: style.color } : {}),
        ...(style.background ? { subtitle_background: style.background } : {}),
      };
      if (Object.keys(values).length === 0) return;
      await db.updateTable('profiles').set(values).where('id', '=', profileId).execute();
    },
  };
}
