import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../../db/connection';
import { runTool } from '../../media/ffmpeg';
import { insertShow } from '../../media/media.fixtures';

/** The jingle the test episodes share: twelve notes of half a second. */
export const JINGLE_SECONDS = 6;
const JINGLE = [523.25, 659.25, 783.99, 1046.5, 987.77, 783.99, 880, 698.46, 587.33, 659.25, 523.25, 392];

/** An aevalsrc expression playing `notes` (Hz), `step` seconds each, from `from` on. */
function melody(notes: readonly number[], from: number, step: number): string {
  const note = notes.reduceRight(
    (rest, hz, index) =>
      index === notes.length - 1 ? String(hz) : `if(lt(t,${from + (index + 1) * step}),${hz},${rest})`,
    '',
  );
  return `sin(2*PI*${note}*t)`;
}

export interface EpisodeAudio {
  /** The episode's own melody (Hz), a note every 0.35 s. */
  own: readonly number[];
  seconds: number;
  /** Where the shared jingle starts; none when omitted. */
  jingleAt?: number;
}

const audioSource = ({ own, seconds, jingleAt }: EpisodeAudio) => {
  const mine = melody(own, 0, 0.35);
  const expression =
    jingleAt === undefined
      ? mine
      : `if(between(t,${jingleAt},${jingleAt + JINGLE_SECONDS}),${melody(JINGLE, jingleAt, 0.5)},${mine})`;
  return `aevalsrc=exprs='0.2*${expression}':sample_rate=48000:duration=${seconds}`;
};

/** The episode's audio in AAC in MPEG-TS, as the HLS ladder holds it. */
export async function writeEpisodeAudio(file: string, audio: EpisodeAudio): Promise<string> {
  await runTool('ffmpeg', [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    audioSource(audio),
    '-c:a',
    'aac',
    '-b:a',
    '96k',
    '-y',
    file,
  ]);
  return file;
}

/**
 * A stream folder as the pipeline publishes it, audio only: master.m3u8 naming a 360p rendition
 * (index.m3u8 and four-second segments).
 */
export async function writeEpisodeStream(folder: string, audio: EpisodeAudio): Promise<void> {
  await mkdir(path.join(folder, '360p'), { recursive: true });
  await runTool(
    'ffmpeg',
    [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      audioSource(audio),
      '-c:a',
      'aac',
      '-b:a',
      '96k',
      '-f',
      'hls',
      '-hls_time',
      '4',
      '-hls_playlist_type',
      'vod',
      '-hls_segment_filename',
      'seg_%05d.ts',
      'index.m3u8',
    ],
    { cwd: path.join(folder, '360p') },
  );
  await writeFile(
    path.join(folder, 'master.m3u8'),
    '#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-STREAM-INF:BANDWIDTH=200000,CODECS="mp4a.40.2"\n360p/index.m3u8\n',
  );
}

/**
 * A ready video of the episode, `seconds` long, whose stream is the folder
 * `private/videos/<id>` of the media store: its own, or that of the video `sharesStreamOf`.
 */
export async function insertEpisodeVideo(
  db: Db,
  episodeId: number,
  seconds: number,
  sharesStreamOf?: number,
): Promise<number> {
  const row = await db
    .insertInto('videos')
    .values({
      title_id: null,
      episode_id: episodeId,
      kind: 'main',
      type: 'hls',
      url: '',
      quality: 'auto',
      status: 'ready',
      source_path: null,
      duration_seconds: seconds,
      position: 0,
      created_at: Date.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .updateTable('videos')
    .set({ url: `/media/private/videos/${sharesStreamOf ?? row.id}/master.m3u8` })
    .where('id', '=', row.id)
    .execute();
  return row.id;
}

/**
 * A new show's season of two 12-second episodes whose ready videos share the jingle, from 2 s in
 * the first and from 4 s in the second; each video's stream folder is written at `folderOf(videoId)`.
 */
export async function insertJingleSeason(
  db: Db,
  folderOf: (videoId: number) => string,
): Promise<{ seasonId: number; videoIds: number[] }> {
  const show = await insertShow(db, 2);
  const episodes = [
    { own: [300, 410, 370, 250], seconds: 12, jingleAt: 2 },
    { own: [196, 233, 277, 311], seconds: 12, jingleAt: 4 },
  ];
  const videoIds: number[] = [];
  for (const [index, episodeId] of show.episodeIds.entries()) {
    const videoId = await insertEpisodeVideo(db, episodeId, 12);
    await writeEpisodeStream(folderOf(videoId), episodes[index]!);
    videoIds.push(videoId);
  }
  const { season_id } = await db
    .selectFrom('episodes')
    .select('season_id')
    .where('id', '=', show.episodeIds[0]!)
    .executeTakeFirstOrThrow();
  return { seasonId: season_id, videoIds };
}
