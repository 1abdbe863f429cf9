import { randomBytes } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { runFfmpeg, runTool, type MediaTools } from './ffmpeg';
import {
  AUDIO_CODEC,
  AUDIO_KBPS,
  SEGMENT_SECONDS,
  bandwidthOf,
  buildMasterPlaylist,
  buildSubtitlesPlaylist,
  buildThumbnailsVtt,
  findAvcCodec,
  avcCodecString,
  parseMediaPlaylist,
  playlistDuration,
  planLadder,
  prepareCaptions,
  spriteLayout,
  type MasterVariant,
  type RenditionPlan,
  type SubtitlesTrack,
} from './hls';
import { ffprobeJson, probe, type MediaInfo } from './probe';

/** Files of a finished HLS tree, relative to its folder. */
export const MEDIA_FILES = {
  master: 'master.m3u8',
  thumbnails: 'thumbs.vtt',
  sprite: 'sprite.jpg',
  poster: 'poster.webp',
  captionsPlaylist: 'subs/index.m3u8',
  captions: 'subs/captions.vtt',
} as const;

export interface TranscodeOptions {
  source: string;
  /**
   * Final folder, when no `publish` is given: the tree is built next to it and each part moved in
   * as it becomes playable. With `publish`, only the place of the working folder.
   */
  outDir: string;
  captions?: { file: string; language?: string; name?: string } | undefined;
  /** x264 preset (speed against size); `veryfast` by default. */
  preset?: string;
  signal?: AbortSignal | undefined;
  /** Overall progress, 0–100. */
  onProgress?: (percent: number) => void;
  /** Called after each rendition with its encoding time, for reporting speed. */
  onRendition?: (result: { name: string; seconds: number; mediaSeconds: number }) => void;
  /** An already probed source (skips probing again). */
  info?: MediaInfo;
  /** Takes the parts of the tree as they become playable; moves them into `outDir` by default. */
  publish?: PublishTree;
}

/**
 * A playable step of a tree being built: the parts to move to their place, in order, the master
 * playlist last. The first step holds everything but the higher renditions (the master lists the
 * lowest one); each later step holds one more rendition and the master rewritten to list it.
 */
export interface TreeUpdate {
  /** The working folder holding the parts. */
  dir: string;
  /** Files or folders relative to `dir`; they are not needed there once published. */
  parts: string[];
  /** The renditions the master playlist lists now, lowest first. */
  renditions: RenditionResult[];
  durationSeconds: number;
}

/** Moves the parts of an update away from the working folder; the tree is playable once it returns. */
export type PublishTree = (update: TreeUpdate) => Promise<void>;

/**
 * Publishes into a local folder: the first update replaces whatever was there, later ones add
 * renditions; the master is replaced by a rename, so a reader never sees half of it.
 */
export function publishInto(outDir: string): PublishTree {
  let first = true;
  return async ({ dir, parts }) => {
    if (first) await rm(outDir, { recursive: true, force: true });
    first = false;
    await mkdir(outDir, { recursive: true });
    for (const part of parts) {
      const target = path.join(outDir, part);
      if (part !== MEDIA_FILES.master) await rm(target, { recursive: true, force: true });
      await mkdir(path.dirname(target), { recursive: true });
      await rename(path.join(dir, part), target);
    }
  };
}

export interface RenditionResult {
  name: string;
  width: number;
  height: number;
  bandwidth: number;
  averageBandwidth: number;
  codecs: string[];
  playlist: string;
}

export interface TranscodeResult {
  durationSeconds: number;
  source: MediaInfo;
  renditions: RenditionResult[];
  hasCaptions: boolean;
}

const pixels = (plan: RenditionPlan) => (plan.width * plan.height) / (640 * 360);

function videoArgs(plan: RenditionPlan, info: MediaInfo, preset: string): string[] {
  const fps = Math.min(info.fps, 60);
  const gop = Math.max(1, Math.round(fps * SEGMENT_SECONDS));
  const kbps = plan.rung.videoKbps;
  return [
    '-vf',
    `scale=${plan.width}:${plan.height}:flags=bicubic,setsar=1,format=yuv420p`,
    ...(info.fps > 60 ? ['-r', '60'] : []),
    '-c:v',
    'libx264',
    '-preset',
    preset,
    '-profile:v',
    'main',
    '-level:v',
    plan.level,
    '-pix_fmt',
    'yuv420p',
    '-b:v',
    `${kbps}k`,
    '-maxrate',
    `${Math.round(kbps * 1.07)}k`,
    '-bufsize',
    `${Math.round(kbps * 1.5)}k`,
    // Keyframes exactly on every segment boundary, in every rendition, so players can switch.
    '-g',
    String(gop),
    '-keyint_min',
    String(gop),
    '-sc_threshold',
    '0',
    '-force_key_frames',
    `expr:gte(t,n_forced*${SEGMENT_SECONDS})`,
  ];
}

const audioArgs = ['-c:a', 'aac', '-b:a', `${AUDIO_KBPS}k`, '-ac', '2', '-ar', '48000'];

/** Encodes one rendition into `dir` (index.m3u8 + seg_NNNNN.ts). */
export async function encodeRendition(
  tools: MediaTools,
  source: string,
  info: MediaInfo,
  plan: RenditionPlan,
  dir: string,
  options: { preset?: string; signal?: AbortSignal | undefined; onTime?: (seconds: number) => void } = {},
): Promise<void> {
  await mkdir(dir, { recursive: true });
  await runFfmpeg(
    tools,
    [
      '-i',
      source,
      '-map',
      '0:v:0',
      ...(info.hasAudio ? ['-map', '0:a:0'] : []),
      ...videoArgs(plan, info, options.preset ?? 'veryfast'),
      ...(info.hasAudio ? audioArgs : []),
      '-sn',
      '-dn',
      '-map_metadata',
      '-1',
      ...hlsOutputArgs({ independentSegments: true }),
    ],
    { cwd: dir, signal: options.signal, ...(options.onTime ? { onTime: options.onTime } : {}) },
  );
}

/**
 * A VOD HLS rendition in the working folder: SEGMENT_SECONDS MPEG-TS segments `seg_NNNNN.ts` and
 * `index.m3u8`. Video renditions say their segments start on keyframes (independent_segments).
 */
const hlsOutputArgs = ({ independentSegments }: { independentSegments: boolean }) => [
  '-f',
  'hls',
  '-hls_time',
  String(SEGMENT_SECONDS),
  '-hls_playlist_type',
  'vod',
  ...(independentSegments ? ['-hls_flags', 'independent_segments'] : []),
  '-hls_segment_type',
  'mpegts',
  '-hls_segment_filename',
  'seg_%05d.ts',
  'index.m3u8',
];

/**
 * Encodes one audio stream of `source` into `dir` as an audio-only rendition (index.m3u8 +
 * seg_NNNNN.ts): AAC stereo like the muxed audio, exactly `durationSeconds` long (padded with
 * silence or cut), on the same MPEG-TS clock as the video's segments: its first sample is at
 * `startSeconds` (the video's first frame, see {@link mpegtsStart}), which is where the muxed
 * audio's first sample is too, and it is cut at the same SEGMENT_SECONDS boundaries, so a player
 * switches between the two mid-play (docs/decisions/0047-audio-languages.md).
 */
export async function encodeAudioRendition(
  tools: MediaTools,
  input: { source: string; audioIndex: number; durationSeconds: number; startSeconds: number },
  dir: string,
  options: { signal?: AbortSignal | undefined; onTime?: (seconds: number) => void } = {},
): Promise<void> {
  await mkdir(dir, { recursive: true });
  await runFfmpeg(
    tools,
    [
      '-i',
      input.source,
      '-map',
      `0:a:${input.audioIndex}`,
      // Media time zero at the file's first sample, then silence to the video's end if it is short.
      '-af',
      'asetpts=PTS-STARTPTS,apad',
      '-t',
      input.durationSeconds.toFixed(3),
      ...audioArgs,
      '-vn',
      '-sn',
      '-dn',
      '-map_metadata',
      '-1',
      // The muxer's own delay is replaced by the video's start, so both share one clock.
      '-muxdelay',
      '0',
      '-muxpreload',
      '0',
      '-output_ts_offset',
      input.startSeconds.toFixed(6),
      ...hlsOutputArgs({ independentSegments: false }),
    ],
    { cwd: dir, signal: options.signal, ...(options.onTime ? { onTime: options.onTime } : {}) },
  );
}

async function readHead(file: string, bytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of createReadStream(file, { start: 0, end: bytes - 1 }))
    chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Measures a finished rendition: bit rates from its segment sizes, codecs from its first segment. */
async function describeRendition(
  dir: string,
  name: string,
  plan: RenditionPlan,
  info: MediaInfo,
): Promise<RenditionResult> {
  const playlist = parseMediaPlaylist(await readFile(path.join(dir, 'index.m3u8'), 'utf8'));
  if (playlist.segments.length === 0) throw new Error(`rendition ${name} has no segments`);
  const sized = await Promise.all(
    playlist.segments.map(async (segment) => ({
      duration: segment.duration,
      bytes: (await stat(path.join(dir, segment.uri))).size,
    })),
  );
  const { peak, average } = bandwidthOf(sized);
  const first = path.join(dir, playlist.segments[0]!.uri);
  const levelIdc = Math.round(Number(plan.level) * 10);
  const avc = findAvcCodec(await readHead(first, 64 * 1024)) ?? avcCodecString(0x4d, 0x40, levelIdc);
  return {
    name,
    width: plan.width,
    height: plan.height,
    bandwidth: peak,
    averageBandwidth: average,
    codecs: info.hasAudio ? [avc, AUDIO_CODEC] : [avc],
    playlist: `${name}/index.m3u8`,
  };
}

/** A still from about a tenth of the way in, re-encoded to WebP at most 1280x720. */
async function writePoster(
  tools: MediaTools,
  source: string,
  info: MediaInfo,
  file: string,
  signal?: AbortSignal,
): Promise<void> {
  const at = Math.min(Math.max(info.durationSeconds * 0.1, 0), 60, info.durationSeconds / 2);
  const png = await runTool(
    tools.ffmpegPath,
    [
      '-hide_banner',
      '-nostdin',
      '-loglevel',
      'error',
      '-ss',
      at.toFixed(3),
      '-i',
      source,
      '-frames:v',
      '1',
      '-an',
      '-sn',
      '-f',
      'image2pipe',
      '-c:v',
      'png',
      'pipe:1',
    ],
    { captureStdout: true, signal, env: tools.ffmpegEnv },
  );
  await sharp(png)
    .resize({ width: 1280, height: 720, fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 80 })
    .toFile(file);
}

/** The seek-preview sprite sheet and its WebVTT index, from the (cheap to decode) lowest rendition. */
async function writeThumbnails(
  tools: MediaTools,
  playlist: string,
  durationSeconds: number,
  dir: string,
  signal?: AbortSignal,
): Promise<void> {
  const layout = spriteLayout(durationSeconds);
  const { tileWidth: w, tileHeight: h } = layout;
  const tiles = `scale=${w}:${h}:force_original_aspect_ratio=decrease,pad=${w}:${h}:(ow-iw)/2:(oh-ih)/2:black,setsar=1,tile=${layout.columns}x${layout.rows}`;
  const sheet = (filter: string) =>
    runFfmpeg(
      tools,
      [
        '-i',
        playlist,
        '-an',
        '-sn',
        '-vf',
        filter,
        '-frames:v',
        '1',
        '-q:v',
        '5',
        '-update',
        '1',
        MEDIA_FILES.sprite,
      ],
      { cwd: dir, signal },
    );
  await sheet(`fps=1/${layout.interval},${tiles}`);
  // A video shorter than one interval gives the fps filter no frame: its first frame is the sheet.
  if (!existsSync(path.join(dir, MEDIA_FILES.sprite))) await sheet(tiles);
  await writeFile(
    path.join(dir, MEDIA_FILES.thumbnails),
    buildThumbnailsVtt(layout, durationSeconds, MEDIA_FILES.sprite),
  );
}

/** Media time zero on the segments' 90 kHz clock: the first video frame's timestamp. */
export async function mpegtsStart(tools: MediaTools, segment: string): Promise<number> {
  const out = await ffprobeJson(tools, segment, ['-select_streams', 'v:0']);
  const start = Number(out.streams?.[0]?.start_time ?? out.format?.start_time ?? 0);
  return Number.isFinite(start) ? start * 90_000 : 0;
}

/** Removes half-built trees left by an interrupted earlier attempt. */
async function removeLeftovers(outDir: string): Promise<void> {
  const parent = path.dirname(outDir);
  const prefix = `.${path.basename(outDir)}.partial-`;
  const entries = await readdir(parent).catch(() => [] as string[]);
  await Promise.all(
    entries
      .filter((name) => name.startsWith(prefix))
      .map((name) => rm(path.join(parent, name), { recursive: true, force: true })),
  );
}

/**
 * Source file -> HLS tree: renditions of the ladder (H.264 main + AAC, 4 s aligned segments, VOD
 * playlists), a master playlist written here with exact BANDWIDTH/RESOLUTION/CODECS, a WebP
 * poster, a seek-preview sprite with its WebVTT, and an optional subtitles rendition.
 *
 * The tree is published as it grows, so a long ladder is playable early: first the lowest
 * rendition with everything else but the higher renditions, then each higher rendition with the
 * master rewritten to list it (see `publish`). The working folder is a sibling of `outDir`.
 */
export async function transcodeToHls(tools: MediaTools, options: TranscodeOptions): Promise<TranscodeResult> {
  const { source, outDir, signal } = options;
  const publish = options.publish ?? publishInto(outDir);
  const info = options.info ?? (await probe(tools, source));
  const plans = planLadder(info);
  const extraUnits = 0.3;
  const totalUnits = plans.reduce((sum, plan) => sum + pixels(plan), 0) + extraUnits;
  let doneUnits = 0;
  let lastReported = -1;
  const report = (units: number) => {
    const percent = Math.min(100, Math.floor((units / totalUnits) * 1000) / 10);
    if (percent > lastReported) {
      lastReported = percent;
      options.onProgress?.(percent);
    }
  };
  report(0);

  await mkdir(path.dirname(outDir), { recursive: true });
  await removeLeftovers(outDir);
  const work = path.join(
    path.dirname(outDir),
    `.${path.basename(outDir)}.partial-${randomBytes(6).toString('hex')}`,
  );
  await mkdir(work, { recursive: true });
  try {
    const renditions: RenditionResult[] = [];
    let durationSeconds = 0;
    let subtitles: SubtitlesTrack | undefined;
    const fps = Math.min(info.fps, 60);
    for (const plan of plans) {
      const dir = path.join(work, plan.rung.name);
      const units = pixels(plan);
      const started = performance.now();
      await encodeRendition(tools, source, info, plan, dir, {
        ...(options.preset ? { preset: options.preset } : {}),
        signal,
        onTime: (seconds) => report(doneUnits + units * Math.min(1, seconds / info.durationSeconds)),
      });
      options.onRendition?.({
        name: plan.rung.name,
        seconds: (performance.now() - started) / 1000,
        mediaSeconds: info.durationSeconds,
      });
      doneUnits += units;
      report(doneUnits);
      renditions.push(await describeRendition(dir, plan.rung.name, plan, info));

      const parts: string[] = [plan.rung.name];
      if (renditions.length === 1) {
        // Everything but the higher renditions comes with the lowest, which these are made from.
        const extras = await writeExtras(tools, work, dir, source, info, options.captions, signal, (step) =>
          report(doneUnits + (extraUnits * step) / 3),
        );
        durationSeconds = extras.durationSeconds;
        subtitles = extras.subtitles;
        parts.push(...extras.parts);
      }
      const variants: MasterVariant[] = renditions.map((rendition) => ({
        uri: rendition.playlist,
        bandwidth: rendition.bandwidth,
        averageBandwidth: rendition.averageBandwidth,
        width: rendition.width,
        height: rendition.height,
        frameRate: fps,
        codecs: rendition.codecs,
      }));
      await writeFile(path.join(work, MEDIA_FILES.master), buildMasterPlaylist(variants, subtitles));
      parts.push(MEDIA_FILES.master);
      signal?.throwIfAborted();
      await publish({ dir: work, parts, renditions: [...renditions], durationSeconds });
    }
    report(totalUnits);
    return { durationSeconds, source: info, renditions, hasCaptions: Boolean(subtitles) };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/**
 * The poster, the seek-preview sprite and the captions, written into `work` from the source and
 * the lowest rendition in `lowestDir`; returns their parts and the duration of the stream.
 */
async function writeExtras(
  tools: MediaTools,
  work: string,
  lowestDir: string,
  source: string,
  info: MediaInfo,
  captions: TranscodeOptions['captions'],
  signal: AbortSignal | undefined,
  onStep: (step: number) => void,
): Promise<{ parts: string[]; durationSeconds: number; subtitles?: SubtitlesTrack }> {
  const lowest = path.join(lowestDir, 'index.m3u8');
  const lowestPlaylist = parseMediaPlaylist(await readFile(lowest, 'utf8'));
  const durationSeconds = playlistDuration(lowestPlaylist);

  await writePoster(tools, source, info, path.join(work, MEDIA_FILES.poster), signal);
  onStep(1);
  await writeThumbnails(tools, lowest, durationSeconds, work, signal);
  onStep(2);
  const parts: string[] = [MEDIA_FILES.poster, MEDIA_FILES.sprite, MEDIA_FILES.thumbnails];
  if (!captions) return { parts, durationSeconds };

  const firstSegment = path.join(lowestDir, lowestPlaylist.segments[0]!.uri);
  const text = prepareCaptions(await readFile(captions.file, 'utf8'), await mpegtsStart(tools, firstSegment));
  const subsDir = path.dirname(MEDIA_FILES.captions);
  await mkdir(path.join(work, subsDir), { recursive: true });
  await writeFile(path.join(work, MEDIA_FILES.captions), text);
  await writeFile(
    path.join(work, MEDIA_FILES.captionsPlaylist),
    buildSubtitlesPlaylist(path.basename(MEDIA_FILES.captions), durationSeconds),
  );
  return {
    parts: [...parts, subsDir],
    durationSeconds,
    subtitles: {
      uri: MEDIA_FILES.captionsPlaylist,
      name: captions.name ?? 'English',
      language: captions.language ?? 'en',
    },
  };
}
