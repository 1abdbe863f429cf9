import type { Selectable } from 'kysely';
import type { Db } from '../../db/connection';
import type { VideoSourcesTable, VideosTable } from '../../db/database';

export type VideoRow = Selectable<VideosTable>;

/** SQL over videos of titles and episodes: their rows, uploaded sources and caption tracks. */
export function createVideosRepository(db: Db) {
  return {
    /** Whether any video plays a stream under this file store folder (`private/videos/7`). */
    async playsFromFolder(folder: string): Promise<boolean> {
      const row = await db
        .selectFrom('videos')
        .select('id')
        .where('url', 'like', `/media/${folder}/%`)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Whether any video, in whatever state, was made or is to be made from this file. */
    async usesSource(sourcePath: string): Promise<boolean> {
      const row = await db
        .selectFrom('videos')
        .select('id')
        .where('source_path', '=', sourcePath)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Deletes a video row with its caption and audio tracks and its source record; call within a transaction. */
    async deleteWithCaptionsAndSource(id: number): Promise<void> {
      await db.deleteFrom('video_captions').where('video_id', '=', id).execute();
      await db.deleteFrom('video_audio_tracks').where('video_id', '=', id).execute();
      await db.deleteFrom('video_sources').where('video_id', '=', id).execute();
      await db.deleteFrom('videos').where('id', '=', id).execute();
    },

    /** Whether a video still to be made uses this file as its source. */
    async sourceAwaited(sourcePath: string): Promise<boolean> {
      const row = await db
        .selectFrom('videos')
        .select('id')
        .where('source_path', '=', sourcePath)
        .where('status', 'in', ['pending', 'processing'])
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * A video still to be made from `sourcePath`, placed after the other videos of its kind of
     * the same title or episode. In the caller's transaction when the repository runs in one.
     */
    async insertPending(video: {
      titleId: number | null;
      episodeId: number | null;
      kind: 'main' | 'trailer';
      sourcePath: string;
      now: number;
    }): Promise<VideoRow> {
      const insert = async (trx: Db) => {
        let positions = trx
          .selectFrom('videos')
          .select((eb) => eb.fn.max('position').as('last'))
          .where('kind', '=', video.kind);
        positions =
          video.episodeId !== null
            ? positions.where('episode_id', '=', video.episodeId)
            : positions.where('title_id', '=', video.titleId);
        const last = (await positions.executeTakeFirst())?.last;
        return trx
          .insertInto('videos')
          .values({
            title_id: video.titleId,
            episode_id: video.episodeId,
            kind: video.kind,
            type: 'hls',
            url: '',
            quality: 'auto',
            status: 'pending',
            source_path: video.sourcePath,
            duration_seconds: null,
            position: last === null || last === undefined ? 0 : Number(last) + 1,
            created_at: video.now,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
      };
      return db.isTransaction ? insert(db) : db.transaction().execute(insert);
    },

    /** What an uploaded source file was, as the console shows it. */
    async insertSource(source: VideoSourcesTable): Promise<void> {
      await db.insertInto('video_sources').values(source).execute();
    },

    findById(id: number): Promise<VideoRow | undefined> {
      return db.selectFrom('videos').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async setJob(id: number, jobId: number): Promise<void> {
      await db.updateTable('videos').set({ job_id: jobId }).where('id', '=', id).execute();
    },

    /** A video already playable (a retry after it was published) stays playable. */
    async markProcessing(id: number): Promise<void> {
      await db
        .updateTable('videos')
        .set({ status: 'processing', last_error: null })
        .where('id', '=', id)
        .where('status', '!=', 'ready')
        .execute();
    },

    /** A retried transcode waits again; a video already playable stays playable. */
    async markRetrying(id: number): Promise<void> {
      await db
        .updateTable('videos')
        .set({ status: 'pending', last_error: null })
        .where('id', '=', id)
        .where('status', '!=', 'ready')
        .execute();
    },

    async markPending(id: number): Promise<void> {
      await db
        .updateTable('videos')
        .set({ status: 'pending' })
        .where('id', '=', id)
        .where('status', '=', 'processing')
        .execute();
    },

    /** Makes a video playable at `url`, with the videos waiting to share its stream (rows already holding that URL). */
    async markReady(id: number, url: string, durationSeconds: number): Promise<void> {
      await db
        .updateTable('videos')
        .set({
          status: 'ready',
          type: 'hls',
          url,
          quality: 'auto',
          duration_seconds: durationSeconds,
          last_error: null,
        })
        .where((eb) =>
          eb.or([
            eb('id', '=', id),
            eb.and([eb('url', '=', url), eb('status', 'in', ['pending', 'processing'])]),
          ]),
        )
        .execute();
    },

    /**
     * A transcode gave up: the video and those waiting to share its stream (`url`) fail with the
     * reason. One already playable keeps playing what was published; only the reason is kept.
     */
    async markFailed(id: number, error: string, url: string): Promise<void> {
      const reason = error.slice(0, 4000);
      const sharing = db.updateTable('videos').where((eb) => eb.or([eb('id', '=', id), eb('url', '=', url)]));
      await sharing.set({ status: 'failed', last_error: reason }).where('status', '!=', 'ready').execute();
      await sharing.set({ last_error: reason }).where('status', '=', 'ready').execute();
    },

    /** Videos per status; a status no video has is left out. */
    async countByStatus(): Promise<Array<{ status: VideosTable['status']; count: number }>> {
      const rows = await db
        .selectFrom('videos')
        .select((eb) => ['videos.status', eb.fn.countAll<number | string>().as('count')])
        .groupBy('videos.status')
        .execute();
      return rows.map((row) => ({ status: row.status, count: Number(row.count) }));
    },

    /** A video's uploaded caption tracks, oldest first. */
    captionTracks(videoId: number) {
      return db
        .selectFrom('video_captions')
        .select(['id', 'language', 'label', 'body'])
        .where('video_id', '=', videoId)
        .orderBy('id')
        .execute();
    },

    insertCaption(caption: {
      video_id: number;
      language: string;
      label: string;
      body: string;
      created_at: number;
    }) {
      return db
        .insertInto('video_captions')
        .values(caption)
        .returning(['id', 'language', 'label', 'created_at'])
        .executeTakeFirstOrThrow();
    },

    async deleteCaption(id: number): Promise<void> {
      await db.deleteFrom('video_captions').where('id', '=', id).execute();
    },

    /** The rows whose stream URL points into a folder (`/media/private/videos/7/`), by id. */
    async idsPlayingFrom(folderUrl: string): Promise<number[]> {
      const rows = await db
        .selectFrom('videos')
        .select('id')
        .where('url', 'like', `${folderUrl.replace(/[%_\\]/g, '')}%`)
        .execute();
      return rows.map((row) => row.id);
    },

    /** A video with its job's progress, for an admin view. */
    withJob(id: number) {
      return db
        .selectFrom('videos')
        .leftJoin('jobs', 'jobs.id', 'videos.job_id')
        .select([
          'videos.id',
          'videos.status',
          'videos.url',
          'videos.duration_seconds',
          'videos.last_error',
          'jobs.progress',
          'jobs.attempts',
          'jobs.max_attempts',
          'jobs.status as job_status',
        ])
        .where('videos.id', '=', id)
        .executeTakeFirst();
    },
  };
}
export type VideosRepository = ReturnType<typeof createVideosRepository>;
