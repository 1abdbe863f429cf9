import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Db } from '../db/connection';
import type { NewTitle } from '../db/database';

/**
 * Small fixtures for media, jobs and playback tests, written straight to the database, and tiny
 * generated clips. Not used by the server itself.
 */
export async function insertTitle(db: Db, fields: Partial<NewTitle> = {}): Promise<number> {
  const now = Date.now();
  const row = await db
    .insertInto('titles')
    .values({
      type: 'movie',
      name: `Title ${Math.random().toString(36).slice(2, 8)}`,
      description: '',
      release_date: '2021-05-01',
      language: 'English',
      duration_minutes: 95,
      content_rating: 'PG',
      imdb_rating: 7.1,
      poster_image: '/media/posters/p.webp',
      thumbnail_image: '/media/thumbnails/t.webp',
      trailer_url: '',
      trailer_url_type: 'url',
      is_free: 0,
      is_published: 1,
      like_count: 0,
      view_count: 0,
      created_at: now,
      updated_at: now,
      ...fields,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A TV show with one season of `episodes` episodes; returns the show and episode ids. */
export async function insertShow(db: Db, episodes = 2): Promise<{ titleId: number; episodeIds: number[] }> {
  const titleId = await insertTitle(db, { type: 'tvshow' });
  const season = await db
    .insertInto('seasons')
    .values({ title_id: titleId, season_number: 1, name: 'Season 1' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const episodeIds: number[] = [];
  for (let number = 1; number <= episodes; number++) {
    const row = await db
      .insertInto('episodes')
      .values({
        season_id: season.id,
        episode_number: number,
        name: `Episode ${number}`,
        description: '',
        duration_minutes: 40,
        thumbnail_image: '/media/e.webp',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    episodeIds.push(row.id);
  }
  return { titleId, episodeIds };
}

const run = promisify(execFile);

/** A test clip from ffmpeg's test sources: colour bars with a timer, and a tone unless `audio` is false. */
export async function makeClip(
  file: string,
  options: {
    seconds?: number;
    width?: number;
    height?: number;
    fps?: number;
    audio?: boolean;
    ffmpeg?: string;
  } = {},
): Promise<void> {
  const { seconds = 8, width = 640, height = 360, fps = 25, audio = true, ffmpeg = 'ffmpeg' } = options;
  await run(ffmpeg, [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=${width}x${height}:rate=${fps}:duration=${seconds}`,
    ...(audio ? ['-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=48000:duration=${seconds}`] : []),
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    ...(audio ? ['-c:a', 'aac', '-shortest'] : []),
    file,
  ]);
}
