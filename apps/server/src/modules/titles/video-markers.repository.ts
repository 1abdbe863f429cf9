import type { Marker } from '@reeltime/contract';
import type { Db } from '../../db/connection';

/** A video's marker as stored. */
export interface StoredMarker extends Marker {
  video_id: number;
}

/** SQL over the skip markers of full videos (intro, recap, credits). */
export function createVideoMarkersRepository(db: Db) {
  return {
    /** The markers of these videos, each video's by start. */
    async ofVideos(videoIds: readonly number[]): Promise<StoredMarker[]> {
      if (videoIds.length === 0) return [];
      const rows = await db
        .selectFrom('video_markers')
        .select(['video_id', 'type', 'start_seconds', 'end_seconds'])
        .where('video_id', 'in', videoIds)
        .orderBy('video_id')
        .orderBy('start_seconds')
        .execute();
      return rows.map((row) => ({
        video_id: row.video_id,
        type: row.type,
        start: Number(row.start_seconds),
        end: Number(row.end_seconds),
      }));
    },

    /** Replaces every marker of a video with `markers`; call within a transaction. */
    async replace(videoId: number, markers: readonly Marker[], now: number): Promise<void> {
      await db.deleteFrom('video_markers').where('video_id', '=', videoId).execute();
      if (markers.length === 0) return;
      await db
        .insertInto('video_markers')
        .values(
          markers.map((marker) => ({
            video_id: videoId,
            type: marker.type,
            start_seconds: marker.start,
            end_seconds: marker.end,
            updated_at: now,
          })),
        )
        .execute();
    },
  };
}
export type VideoMarkersRepository = ReturnType<typeof createVideoMarkersRepository>;
