import { sql, type Kysely } from 'kysely';
import type { Db } from '../../db/connection';
import type { Database } from '../../db/database';
import { containing, inPage } from '../../db/sql-helpers';

/** A video as the console lists it, before its files are looked at. */
export interface ConsoleVideoRow {
  id: number;
  kind: 'main' | 'trailer';
  status: 'pending' | 'processing' | 'ready' | 'failed';
  url: string;
  duration_seconds: number | null;
  last_error: string | null;
  source_path: string | null;
  created_at: number;
  title_id: number;
  title_name: string;
  episode_id: number | null;
  episode_name: string | null;
  season_id: number | null;
  season_number: number | null;
  episode_number: number | null;
  job_id: number | null;
  job_state: 'queued' | 'running' | 'done' | 'failed' | 'cancelled' | null;
  job_progress: number | null;
  job_attempts: number | null;
  job_max_attempts: number | null;
  source_filename: string | null;
  source_size: number | null;
  source_width: number | null;
  source_height: number | null;
  source_fps: number | null;
}

export interface VideoListFilter {
  status?: ConsoleVideoRow['status'] | undefined;
  q?: string | undefined;
  limit: number;
  offset: number;
}

/** Full videos listed with their target, job and source, the targets an upload can have, and captions. */
export function createVideoListRepository(db: Db) {
  /** Full videos of titles and episodes with everything the console shows of them. */
  const videoQuery = (q: Kysely<Database> = db) =>
    q
      .selectFrom('videos')
      .leftJoin('episodes', 'episodes.id', 'videos.episode_id')
      .leftJoin('seasons', 'seasons.id', 'episodes.season_id')
      .innerJoin('titles', (join) =>
        join.on((eb) =>
          eb.or([
            eb('titles.id', '=', eb.ref('videos.title_id')),
            eb('titles.id', '=', eb.ref('seasons.title_id')),
          ]),
        ),
      )
      .leftJoin('jobs', 'jobs.id', 'videos.job_id')
      .leftJoin('video_sources', 'video_sources.video_id', 'videos.id')
      .where('videos.kind', '=', 'main')
      .where('videos.type', '=', 'hls')
      .select([
        'videos.id',
        'videos.kind',
        'videos.status',
        'videos.url',
        'videos.duration_seconds',
        'videos.last_error',
        'videos.source_path',
        'videos.created_at',
        'titles.id as title_id',
        'titles.name as title_name',
        'episodes.id as episode_id',
        'episodes.name as episode_name',
        'seasons.id as season_id',
        'seasons.season_number',
        'episodes.episode_number',
        'jobs.id as job_id',
        'jobs.status as job_state',
        'jobs.progress as job_progress',
        'jobs.attempts as job_attempts',
        'jobs.max_attempts as job_max_attempts',
        'video_sources.filename as source_filename',
        'video_sources.size_bytes as source_size',
        'video_sources.width as source_width',
        'video_sources.height as source_height',
        'video_sources.fps as source_fps',
      ]);

  function filtered(filter: Omit<VideoListFilter, 'limit' | 'offset'>) {
    let query = videoQuery();
    if (filter.status) query = query.where('videos.status', '=', filter.status);
    if (filter.q) query = query.where(sql`lower(titles.name)`, 'like', containing(filter.q));
    return query;
  }

  return {
    async list(filter: VideoListFilter): Promise<{ rows: ConsoleVideoRow[]; total: number }> {
      const rows = await filtered(filter)
        .orderBy('videos.created_at', 'desc')
        .orderBy('videos.id', 'desc')
        .$call(inPage(filter))
        .execute();
      const count = await filtered(filter)
        .clearSelect()
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .executeTakeFirst();
      return { rows: rows as ConsoleVideoRow[], total: Number(count?.count ?? 0) };
    },

    async find(id: number): Promise<ConsoleVideoRow | undefined> {
      return (await videoQuery().where('videos.id', '=', id).executeTakeFirst()) as
        ConsoleVideoRow | undefined;
    },

    /** Titles whose name matches, newest first when there is no text, with the main video each has. */
    async searchTitles(q: string, limit: number) {
      let query = db.selectFrom('titles').select(['id', 'name', 'type', 'is_published']);
      query = q
        ? query.where(sql`lower(name)`, 'like', containing(q)).orderBy('name')
        : query.orderBy('id', 'desc');
      return query.limit(limit).execute();
    },

    episodesOf(titleIds: readonly number[]) {
      if (titleIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('episodes')
        .innerJoin('seasons', 'seasons.id', 'episodes.season_id')
        .select([
          'episodes.id',
          'episodes.name',
          'episodes.episode_number',
          'seasons.season_number',
          'seasons.title_id',
        ])
        .where('seasons.title_id', 'in', titleIds)
        .orderBy('seasons.season_number')
        .orderBy('episodes.episode_number')
        .execute();
    },

    /** The newest full video of each of these titles (as a movie's own) and episodes. */
    async mainVideosOf(titleIds: readonly number[], episodeIds: readonly number[]) {
      const byTitle = new Map<number, { id: number; status: ConsoleVideoRow['status'] }>();
      const byEpisode = new Map<number, { id: number; status: ConsoleVideoRow['status'] }>();
      if (titleIds.length === 0 && episodeIds.length === 0) return { byTitle, byEpisode };
      const rows = await db
        .selectFrom('videos')
        .select(['id', 'status', 'title_id', 'episode_id'])
        .where('kind', '=', 'main')
        .where((eb) =>
          eb.or([
            ...(titleIds.length > 0
              ? [eb.and([eb('title_id', 'in', titleIds), eb('episode_id', 'is', null)])]
              : []),
            ...(episodeIds.length > 0 ? [eb('episode_id', 'in', episodeIds)] : []),
          ]),
        )
        .orderBy('id')
        .execute();
      for (const row of rows) {
        if (row.episode_id !== null) byEpisode.set(row.episode_id, { id: row.id, status: row.status });
        else if (row.title_id !== null) byTitle.set(row.title_id, { id: row.id, status: row.status });
      }
      return { byTitle, byEpisode };
    },

    findTitle(id: number) {
      return db.selectFrom('titles').select(['id', 'name', 'type']).where('id', '=', id).executeTakeFirst();
    },

    findEpisode(id: number) {
      return db
        .selectFrom('episodes')
        .innerJoin('seasons', 'seasons.id', 'episodes.season_id')
        .select(['episodes.id', 'seasons.title_id'])
        .where('episodes.id', '=', id)
        .executeTakeFirst();
    },

    /** Full videos a new upload for this target replaces. */
    async currentVideoIds(target: { titleId: number; episodeId: number | null }): Promise<number[]> {
      let query = db.selectFrom('videos').select('id').where('kind', '=', 'main');
      query =
        target.episodeId !== null
          ? query.where('episode_id', '=', target.episodeId)
          : query.where('title_id', '=', target.titleId).where('episode_id', 'is', null);
      return (await query.execute()).map((row) => row.id);
    },

    captions(videoId: number) {
      return db
        .selectFrom('video_captions')
        .select(['id', 'language', 'label', 'created_at'])
        .where('video_id', '=', videoId)
        .orderBy('id')
        .execute();
    },

    findCaption(videoId: number, captionId: number) {
      return db
        .selectFrom('video_captions')
        .select(['id', 'language', 'label', 'created_at'])
        .where('video_id', '=', videoId)
        .where('id', '=', captionId)
        .executeTakeFirst();
    },

    async countCaptions(videoId: number, language?: string): Promise<number> {
      let query = db
        .selectFrom('video_captions')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('video_id', '=', videoId);
      if (language) query = query.where('language', '=', language);
      return Number((await query.executeTakeFirst())?.count ?? 0);
    },
  };
}
export type VideoListRepository = ReturnType<typeof createVideoListRepository>;
