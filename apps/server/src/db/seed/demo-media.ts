import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { FileStore } from '../../adapters/storage/file-store';
import type { Config } from '../../config';
import { runFfmpeg, runTool, type MediaTools } from '../../media/ffmpeg';
import { even } from '../../media/hls';
import { videoOutput, type MediaService } from '../../media/media.service';
import type { Database } from '../database';
import type { DemoCatalog, DemoTitle } from './demo-catalog';

/**
 * Media for the demo catalog, so it plays with no internet:
 *
 * - public MP4 trailers (a few distinct clips spread over every title), written at seed time;
 * - a full video for every movie and every episode: a few source clips are written at seed time and
 *   imported through the media service, whose transcode jobs the in-process worker runs in the
 *   background (two of them carry a second audio language and captions in two languages, see
 *   DEMO_DUBS); each clip's HLS tree is then shared
 *   by many movies or episodes (docs/decisions/0013-shared-demo-streams.md), queued so that the
 *   titles of the first screens play first;
 * - link-only titles whose full video is a YouTube or Vimeo link, with or without ffmpeg.
 *
 * Every picture and tone comes from ffmpeg's built-in test sources (no fonts, no downloads). To
 * keep seeding quick, each clip encodes a short loop once and repeats it by stream copy (the
 * scrolling looks repeat seamlessly; the others start over at each loop).
 */

export interface Size {
  width: number;
  height: number;
}

export interface DemoMediaOptions {
  /** Length of each trailer, in seconds. */
  trailerSeconds: number;
  /** Length of each full stream, in seconds. */
  streamSeconds: number;
  trailerSize: Size;
  /** The first featured movie's source, so its ladder reaches 1080p. */
  largeSize: Size;
  /** Every other stream source. */
  streamSize: Size;
}

export const DEMO_MEDIA: DemoMediaOptions = {
  trailerSeconds: 10,
  streamSeconds: 24,
  trailerSize: { width: 640, height: 360 },
  largeSize: { width: 1920, height: 1080 },
  streamSize: { width: 1280, height: 720 },
};

/** Tiny, short clips for tests. */
export const TINY_DEMO_MEDIA: DemoMediaOptions = {
  trailerSeconds: 4,
  streamSeconds: 8,
  trailerSize: { width: 320, height: 180 },
  largeSize: { width: 320, height: 180 },
  streamSize: { width: 320, height: 180 },
};

/** Frames per second of every generated clip. */
export const DEMO_FPS = 24;
/**
 * Seconds of picture actually encoded per clip; longer clips repeat it. Trailers (small) get a
 * longer loop than stream sources (large), whose encoding is most of the seeding time.
 */
export const LOOP_SECONDS = { trailer: 4, stream: 2 } as const;
/** Bumped whenever the recipes change, so content-named files are never reused across versions. */
const RECIPE_VERSION = 2;

/** Distinct stream clips: those shared by the movies, and those shared by the episodes. */
export const DEMO_STREAM_COUNT = { movies: 5, episodes: 3 } as const;

/** Public videos with stable pages, for the link-only titles (YouTube, Vimeo and Dailymotion players). */
export const DEMO_LINKS = [
  { type: 'youtube', url: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ' }, // Big Buck Bunny
  { type: 'vimeo', url: 'https://vimeo.com/1084537' }, // Big Buck Bunny
  { type: 'dailymotion', url: 'https://www.dailymotion.com/video/x5e9eog' }, // the players' usual sample
] as const;

export const NO_FFMPEG_MESSAGE =
  'ffmpeg not found: the demo catalog has link-only titles and no local streams or trailers; ' +
  'install ffmpeg or set FFMPEG_PATH';
export const NO_FFPROBE_MESSAGE =
  'ffprobe not found: the demo catalog has trailers and link-only titles but no local streams; ' +
  'install ffmpeg or set FFPROBE_PATH';

// ---------------------------------------------------------------------------------------------
// Looks: lavfi video sources, each a function of the picture size and the loop length.

export type Look =
  | { kind: 'testsrc2' }
  | { kind: 'bars'; direction: 'h' | 'v' }
  | { kind: 'fractal' }
  | { kind: 'life'; seed: number; life: string; death: string; mold: string }
  | { kind: 'cells'; rule: number; seed: number; tint: readonly [number, number, number] };

/**
 * The lavfi graph of a look. Scrolling patterns move by exactly their width (or height) per
 * loop, so they repeat seamlessly; the cellular ones are drawn small and enlarged, which costs
 * next to nothing.
 */
export function lookFilter(look: Look, { width, height }: Size, loopSeconds: number): string {
  const size = `${width}x${height}`;
  const rate = DEMO_FPS;
  const step = (1 / (loopSeconds * rate)).toFixed(8);
  const enlarge = `format=yuv420p,scale=${width}:${height}:flags=neighbor`;
  switch (look.kind) {
    case 'testsrc2':
      return `testsrc2=size=${size}:rate=${rate}`;
    case 'bars': {
      // Two copies side by side (or stacked) and a moving window over them: a seamless scroll
      // with filters every ffmpeg since 4.x has (the scroll filter came later).
      const horizontal = look.direction === 'h';
      const span = horizontal ? width : height;
      const offset = `'mod(n*${step}*${span},${span})'`;
      return (
        `smptehdbars=size=${size}:rate=${rate},split[a][b];[a][b]${horizontal ? 'hstack' : 'vstack'},` +
        `crop=w=${width}:h=${height}:x=${horizontal ? offset : 0}:y=${horizontal ? 0 : offset}`
      );
    }
    case 'fractal':
      return `mandelbrot=size=${even(width / 4)}x${even(height / 4)}:rate=${rate},format=yuv420p,scale=${width}:${height}`;
    case 'life':
      return (
        `life=size=${even(width / 8)}x${even(height / 8)}:rate=${rate}:seed=${look.seed}:ratio=0.12:mold=12:` +
        `life_color=${look.life}:death_color=${look.death}:mold_color=${look.mold},${enlarge}`
      );
    case 'cells': {
      const [r, g, b] = look.tint;
      return (
        `cellauto=size=${even(width / 4)}x${even(height / 4)}:rate=${rate}:rule=${look.rule}:seed=${look.seed}:` +
        `scroll=1,format=rgb24,lutrgb=r=${r}+val*0.7:g=${g}+val*0.7:b=${b}+val*0.7,${enlarge}`
      );
    }
  }
}

export interface ClipRecipe {
  look: Look;
  size: Size;
  seconds: number;
  loopSeconds: number;
  /** Tone in Hz, with a short beep at 1.5 times the pitch every second. */
  tone: number;
  /** `mp4` for trailers (H.264 + AAC, played by browsers as it is), `mkv` for stream sources. */
  container: 'mp4' | 'mkv';
  /** Episode clips: the series' jingle after a cold open of the clip's own tone (EPISODE_OPENING). */
  opening?: true;
  /**
   * Stream sources with a second audio language: a second audio stream of this tone, tagged with
   * its language, after the first (tagged English). The transcode makes it an audio track.
   */
  dub?: { tone: number; language: string; title: string };
}

/**
 * Where the episodes' shared jingle sits in every episode clip: after a cold open of the clip's
 * own tone, so the intro starts at a different point than the file (a fair test for the intro
 * suggestions, docs/decisions/0043-skip-markers.md).
 */
export const EPISODE_OPENING = { coldOpenSeconds: 3, jingleSeconds: 6 } as const;

/** The jingle's melody, a note every half second (Hz): the same in every episode clip. */
const JINGLE_NOTES = [
  523.25, 659.25, 783.99, 1046.5, 987.77, 783.99, 880, 698.46, 587.33, 659.25, 523.25, 392,
];

/**
 * The audio of a clip as an aevalsrc expression: the clip's own tone (with a beep at 1.5 times the
 * pitch every second, as the sine source makes it), and for episode clips the jingle from
 * EPISODE_OPENING.coldOpenSeconds on.
 */
export function clipAudioFilter(recipe: Pick<ClipRecipe, 'tone' | 'seconds' | 'opening'>): string {
  const own = `sin(2*PI*if(lt(mod(t,1),0.04),${recipe.tone * 1.5},${recipe.tone})*t)`;
  if (!recipe.opening)
    return `sine=frequency=${recipe.tone}:beep_factor=1.5:sample_rate=48000:duration=${recipe.seconds}`;
  const { coldOpenSeconds: from, jingleSeconds } = EPISODE_OPENING;
  const step = jingleSeconds / JINGLE_NOTES.length;
  // Nested ifs: the note playing at t, counted from the jingle's start.
  const note = JINGLE_NOTES.reduceRight(
    (rest, hz, index) =>
      index === JINGLE_NOTES.length - 1 ? String(hz) : `if(lt(t,${from + (index + 1) * step}),${hz},${rest})`,
    '',
  );
  const jingle = `sin(2*PI*${note}*t)`;
  return (
    `aevalsrc=exprs='0.125*if(between(t,${from},${from + jingleSeconds}),${jingle},${own})'` +
    `:sample_rate=48000:duration=${recipe.seconds}`
  );
}

export function clipName(recipe: ClipRecipe): string {
  const hash = createHash('sha256')
    .update(JSON.stringify({ v: RECIPE_VERSION, fps: DEMO_FPS, ...recipe }))
    .digest('hex')
    .slice(0, 24);
  return `${hash}.${recipe.container}`;
}

/**
 * Writes clips that do not exist yet (names are content-derived), with two ffmpeg runs for all
 * of them: the first encodes each loop (H.264), the second repeats each loop by stream copy to
 * the full length under a fresh tone (AAC for trailers; FLAC for sources, which the pipeline
 * encodes again). Files appear under their final names only when complete.
 */
export async function renderClips(
  tools: MediaTools,
  clips: ReadonlyArray<{ recipe: ClipRecipe; file: string }>,
  workDir: string,
): Promise<void> {
  const todo = [...new Map(clips.map((clip) => [clip.file, clip])).values()].filter(
    (clip) => !existsSync(clip.file),
  );
  if (todo.length === 0) return;
  const loopFile = (index: number) => path.join(workDir, `loop-${index}.mkv`);
  const partial = (file: string) => `${file}.${process.pid}.part`;

  await runFfmpeg(tools, [
    ...todo.flatMap(({ recipe }) => {
      const loopSeconds = Math.min(recipe.loopSeconds, recipe.seconds);
      return [
        '-f',
        'lavfi',
        '-t',
        String(loopSeconds),
        '-i',
        `${lookFilter(recipe.look, recipe.size, loopSeconds)},format=yuv420p`,
      ];
    }),
    ...todo.flatMap(({ recipe }, index) => [
      '-map',
      `${index}:v:0`,
      '-an',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      // Sources are encoded again by the pipeline, so they trade quality for size.
      '-crf',
      recipe.container === 'mp4' ? '24' : '28',
      '-pix_fmt',
      'yuv420p',
      '-g',
      String(Math.min(recipe.loopSeconds, recipe.seconds) * DEMO_FPS),
      '-f',
      'matroska',
      loopFile(index),
    ]),
  ]);

  // Inputs per clip: its loop, its tone, and the tone of its second language if it has one.
  const firstInput: number[] = [];
  let inputs = 0;
  for (const { recipe } of todo) {
    firstInput.push(inputs);
    inputs += recipe.dub ? 3 : 2;
  }
  const looped = runFfmpeg(tools, [
    ...todo.flatMap(({ recipe }, index) => [
      '-stream_loop',
      '-1',
      '-i',
      loopFile(index),
      '-f',
      'lavfi',
      '-i',
      clipAudioFilter(recipe),
      ...(recipe.dub ? ['-f', 'lavfi', '-i', clipAudioFilter({ ...recipe, tone: recipe.dub.tone })] : []),
    ]),
    ...todo.flatMap(({ recipe, file }, index) => {
      const first = firstInput[index]!;
      return [
        '-map',
        `${first}:v:0`,
        '-map',
        `${first + 1}:a:0`,
        ...(recipe.dub
          ? [
              '-map',
              `${first + 2}:a:0`,
              '-metadata:s:a:0',
              'language=eng',
              '-metadata:s:a:0',
              'title=English',
              '-metadata:s:a:1',
              `language=${recipe.dub.language}`,
              '-metadata:s:a:1',
              `title=${recipe.dub.title}`,
            ]
          : []),
        '-t',
        String(recipe.seconds),
        '-c:v',
        'copy',
        ...(recipe.container === 'mp4'
          ? ['-c:a', 'aac', '-b:a', '96k', '-movflags', '+faststart', '-f', 'mp4']
          : ['-c:a', 'flac', '-f', 'matroska']),
        partial(file),
      ];
    }),
  ]);
  try {
    await looped;
  } catch (error) {
    // Half-written files must not stay next to the public trailers.
    await Promise.all(todo.map(({ file }) => rm(partial(file), { force: true })));
    throw error;
  }
  await Promise.all(todo.map(({ file }) => rename(partial(file), file)));
}

// ---------------------------------------------------------------------------------------------
// Which titles get what.

const TRAILER_LOOKS: ReadonlyArray<{ look: Look; tone: number }> = [
  { look: { kind: 'testsrc2' }, tone: 392 },
  { look: { kind: 'bars', direction: 'h' }, tone: 440 },
  {
    look: { kind: 'life', seed: 11, life: '0xffb238', death: '0x0b1330', mold: '0x2a5d9f' },
    tone: 330,
  },
  { look: { kind: 'fractal' }, tone: 523.25 },
  { look: { kind: 'cells', rule: 110, seed: 5, tint: [90, 20, 60] }, tone: 293.66 },
];

/** Looks of the stream clips: the movies' first, then the episodes'. */
const STREAM_LOOKS: ReadonlyArray<{ look: Look; tone: number }> = [
  { look: { kind: 'testsrc2' }, tone: 440 },
  { look: { kind: 'bars', direction: 'v' }, tone: 349.23 },
  { look: { kind: 'fractal' }, tone: 392 },
  {
    look: { kind: 'life', seed: 3, life: '0x7bf1a8', death: '0x101820', mold: '0x6a3d9a' },
    tone: 261.63,
  },
  { look: { kind: 'cells', rule: 30, seed: 9, tint: [20, 60, 110] }, tone: 329.63 },
  { look: { kind: 'cells', rule: 90, seed: 1, tint: [110, 40, 20] }, tone: 220 },
  {
    look: { kind: 'life', seed: 8, life: '0xf25f5c', death: '0x1d1a2f', mold: '0x247ba0' },
    tone: 246.94,
  },
  { look: { kind: 'cells', rule: 150, seed: 2, tint: [30, 100, 40] }, tone: 277.18 },
];

/** A second language of a demo stream: its audio (another tone) and its captions. */
export interface DemoDub {
  /** BCP 47, as members see it. */
  language: string;
  /** The ISO 639-2 tag of the source's audio stream, as containers write it. */
  tag: string;
  label: string;
  tone: number;
  /** The captions' lines, in that language. */
  lines: readonly string[];
}

/**
 * The second languages of the first movie clip (the first featured movie's) and the first episode
 * clip (the featured show's first episode's): both are among the first streams transcoded.
 */
export const DEMO_DUBS = {
  movies: {
    language: 'es',
    tag: 'spa',
    label: 'Español',
    tone: 587.33,
    lines: [
      'Un tono constante suena sobre el patrón.',
      'Estos subtítulos vienen de un archivo WebVTT.',
      'Actívalos o desactívalos desde el reproductor.',
      'La imagen y el sonido los hace ffmpeg en esta máquina.',
      '[El tono continúa]',
    ],
  },
  episodes: {
    language: 'hi',
    tag: 'hin',
    label: 'हिन्दी',
    tone: 311.13,
    lines: [
      'पैटर्न पर एक स्थिर स्वर बजता है।',
      'ये उपशीर्षक एक WebVTT फ़ाइल से आते हैं।',
      'इन्हें प्लेयर से चालू या बंद करें।',
      'तस्वीर और आवाज़ इसी मशीन पर ffmpeg बनाता है।',
      '[स्वर जारी है]',
    ],
  },
} as const satisfies Record<'movies' | 'episodes', DemoDub>;

/** A movie, or an episode of a show, that plays a demo stream. */
export interface DemoTarget {
  /** The movie, or the show the episode belongs to. */
  title: string;
  episode?: { season_number: number; episode_number: number };
}

export interface DemoStream {
  look: Look;
  tone: number;
  large: boolean;
  captions: boolean;
  /** A second audio language and captions in it (besides English ones), or none. */
  dub: DemoDub | null;
  /** The episodes' clips: they open with the series' jingle (EPISODE_OPENING). */
  opening: boolean;
  /**
   * Who plays it, most needed first: the first is imported (the tree is its video's), the others
   * get videos pointing at the same tree.
   */
  targets: DemoTarget[];
}

export interface DemoLink {
  title: string;
  type: 'youtube' | 'vimeo' | 'dailymotion';
  url: string;
}

export interface DemoMediaPlan {
  /** In the order their transcodes are queued: the stream of the first title needed first. */
  streams: DemoStream[];
  links: DemoLink[];
}

const recentViews = (title: DemoTitle) => title.recentViews.reduce((sum, day) => sum + day.views, 0);
const targetKey = (target: DemoTarget) =>
  target.episode
    ? `${target.title}|${target.episode.season_number}|${target.episode.episode_number}`
    : target.title;

const episodesOf = (show: DemoTitle): DemoTarget[] =>
  show.seasons.flatMap((season) =>
    season.episodes.map((episode) => ({
      title: show.name,
      episode: { season_number: season.season_number, episode_number: episode.episode_number },
    })),
  );

/**
 * Every movie and every episode plays a full video. The movies share DEMO_STREAM_COUNT.movies
 * clips and the episodes DEMO_STREAM_COUNT.episodes, dealt in turn in the order the first screens
 * need them: the featured titles (banners; a featured show by its first episode), then the most
 * watched movies of the week (the first browse rows), then every episode, featured show first.
 * The first featured movie's clip is large, so its ladder reaches 1080p; it and the featured
 * show's first episode's clip have a second audio language and captions in English and in it
 * (DEMO_DUBS). Three movies after the five most needed ones are link-only
 * (YouTube or Vimeo) instead.
 */
export function planDemoMedia(catalog: DemoCatalog): DemoMediaPlan {
  const byName = new Map(catalog.titles.map((title) => [title.name, title]));
  const featured = [...catalog.banners]
    .sort((a, b) => a.position - b.position)
    .map((banner) => byName.get(banner.title)!);
  const byViews = (a: DemoTitle, b: DemoTitle) =>
    recentViews(b) - recentViews(a) || b.view_count - a.view_count;
  const popular = catalog.titles.filter((title) => title.type === 'movie').sort(byViews);
  const shows = [
    ...new Set([
      ...featured.filter((title) => title.type === 'tvshow'),
      ...catalog.titles.filter((title) => title.type === 'tvshow').sort(byViews),
    ]),
  ];

  const firstMovies = new Set(
    [...new Set([...featured.filter((title) => title.type === 'movie'), ...popular])]
      .slice(0, DEMO_STREAM_COUNT.movies)
      .map((movie) => movie.name),
  );
  const links = popular
    .filter((movie) => !firstMovies.has(movie.name))
    .slice(0, DEMO_LINKS.length)
    .map((movie, index) => ({ title: movie.name, ...DEMO_LINKS[index]! }));
  const linked = new Set(links.map((link) => link.title));

  const needed = new Map<string, DemoTarget>();
  const need = (target: DemoTarget | undefined) => {
    if (target && !linked.has(target.title) && !needed.has(targetKey(target)))
      needed.set(targetKey(target), target);
  };
  for (const title of featured) need(title.type === 'movie' ? { title: title.name } : episodesOf(title)[0]);
  for (const movie of popular) need({ title: movie.name });
  for (const show of shows) for (const episode of episodesOf(show)) need(episode);

  // The first movie clip is large; the first clip of each kind has a second language and captions
  // in both, and every episode clip the jingle.
  const clips = (count: number, offset: number, kind: 'movies' | 'episodes'): DemoStream[] =>
    STREAM_LOOKS.slice(offset, offset + count).map((look, index) => ({
      ...look,
      large: kind === 'movies' && index === 0,
      captions: index === 0,
      dub: index === 0 ? DEMO_DUBS[kind] : null,
      opening: kind === 'episodes',
      targets: [],
    }));
  const movieClips = clips(DEMO_STREAM_COUNT.movies, 0, 'movies');
  const episodeClips = clips(DEMO_STREAM_COUNT.episodes, DEMO_STREAM_COUNT.movies, 'episodes');
  const firstNeed = new Map<DemoStream, number>();
  let movies = 0;
  let episodes = 0;
  for (const [rank, target] of [...needed.values()].entries()) {
    const clip = target.episode
      ? episodeClips[episodes++ % episodeClips.length]!
      : movieClips[movies++ % movieClips.length]!;
    clip.targets.push(target);
    if (!firstNeed.has(clip)) firstNeed.set(clip, rank);
  }
  const streams = [...firstNeed.entries()].sort((a, b) => a[1] - b[1]).map(([clip]) => clip);
  return { streams, links };
}

/** The trailer of the title at `index` in the catalog: the clips are dealt out in turn. */
export function trailerFor(index: number, trailerUrls: readonly string[]): string {
  return trailerUrls.length === 0 ? '' : trailerUrls[index % trailerUrls.length]!;
}

// ---------------------------------------------------------------------------------------------
// Files.

/** Whether the configured binaries answer `-version`. */
export async function checkMediaTools(tools: MediaTools): Promise<{ ffmpeg: boolean; ffprobe: boolean }> {
  const works = (bin: string, env: NodeJS.ProcessEnv | undefined) =>
    runTool(bin, ['-version'], { stallTimeoutMs: 15_000, env }).then(
      () => true,
      () => false,
    );
  const [ffmpeg, ffprobe] = await Promise.all([
    works(tools.ffmpegPath, tools.ffmpegEnv),
    works(tools.ffprobePath, tools.ffprobeEnv),
  ]);
  return { ffmpeg, ffprobe };
}

export interface DemoSource {
  stream: DemoStream;
  file: string;
  /** English captions (WebVTT), given to the transcode. */
  captions?: string;
  /** Captions in the stream's second language (WebVTT), stored with its video as an uploaded track. */
  dubCaptions?: string;
}

export interface PreparedDemoMedia {
  /** Public URLs of the trailers (`/media/trailers/<hash>.mp4`); empty without ffmpeg. */
  trailerUrls: string[];
  /** Stream sources to import once the titles exist; empty without ffmpeg and ffprobe. */
  sources: DemoSource[];
  seconds: number;
}

/** Folder of the stream sources: kept until their jobs have run (a restart resumes them). */
export const demoSourceDir = (config: Pick<Config, 'dataDir'>) =>
  path.join(config.dataDir, 'tmp', 'demo-sources');

const ENGLISH_LINES = [
  'A steady tone plays over the pattern.',
  'These captions come from a WebVTT file.',
  'Turn them on or off from the player.',
  'Picture and sound are made by ffmpeg on this machine.',
  '[Tone continues]',
];

/** A few captions over the stream, one every five seconds (in English unless other lines are given). */
export function demoCaptions(seconds: number, lines: readonly string[] = ENGLISH_LINES): string {
  const stamp = (value: number) => {
    const whole = Math.floor(value);
    const ms = Math.round((value - whole) * 1000);
    return `00:${String(Math.floor(whole / 60)).padStart(2, '0')}:${String(whole % 60).padStart(2, '0')}.${String(ms).padStart(3, '0')}`;
  };
  const cues: string[] = [];
  for (let start = 0.5, index = 0; start + 1 <= seconds; start += 5, index++) {
    const end = Math.min(start + 3.5, seconds);
    cues.push(`${index + 1}\n${stamp(start)} --> ${stamp(end)}\n${lines[index % lines.length]}`);
  }
  return `WEBVTT\n\n${cues.join('\n\n')}\n`;
}

/**
 * Writes the trailers (public, into the media store) and the stream sources (a private folder of
 * DATA_DIR, which the import reads) for a plan. Logs one line and returns what it has when ffmpeg
 * or ffprobe is missing or a clip cannot be made.
 */
export async function prepareDemoMedia(
  config: Pick<Config, 'dataDir' | 'mediaTools'>,
  files: FileStore,
  plan: DemoMediaPlan,
  options: DemoMediaOptions,
  log: (line: string) => void,
): Promise<PreparedDemoMedia> {
  const started = performance.now();
  const done = (trailerUrls: string[], sources: DemoSource[]) => ({
    trailerUrls,
    sources,
    seconds: (performance.now() - started) / 1000,
  });
  const tools = config.mediaTools;
  const available = await checkMediaTools(tools);
  if (!available.ffmpeg) {
    log(NO_FFMPEG_MESSAGE);
    return done([], []);
  }

  // Trailers are made next to the data folder (a rename into a local store) and then moved in.
  await mkdir(path.join(config.dataDir, 'tmp'), { recursive: true });
  const trailerDir = await mkdtemp(path.join(config.dataDir, 'tmp', 'demo-trailers-'));
  const sourceDir = demoSourceDir(config);
  const trailers = TRAILER_LOOKS.map(({ look, tone }) => {
    const recipe: ClipRecipe = {
      look,
      tone,
      size: options.trailerSize,
      seconds: options.trailerSeconds,
      loopSeconds: LOOP_SECONDS.trailer,
      container: 'mp4',
    };
    const name = clipName(recipe);
    return {
      recipe,
      file: path.join(trailerDir, name),
      key: `trailers/${name}`,
      url: `/media/trailers/${name}`,
    };
  });
  const trailersToMake: typeof trailers = [];
  for (const trailer of trailers) if (!(await files.stat(trailer.key))) trailersToMake.push(trailer);
  const streams = available.ffprobe
    ? plan.streams.map((stream) => {
        const recipe: ClipRecipe = {
          look: stream.look,
          tone: stream.tone,
          size: stream.large ? options.largeSize : options.streamSize,
          seconds: options.streamSeconds,
          loopSeconds: LOOP_SECONDS.stream,
          container: 'mkv',
          ...(stream.opening ? { opening: true as const } : {}),
          ...(stream.dub
            ? { dub: { tone: stream.dub.tone, language: stream.dub.tag, title: stream.dub.label } }
            : {}),
        };
        return { stream, recipe, file: path.join(sourceDir, clipName(recipe)) };
      })
    : [];

  if (streams.length > 0) await mkdir(sourceDir, { recursive: true });
  const workDir = await mkdtemp(path.join(tmpdir(), 'reeltime-demo-'));
  try {
    try {
      await renderClips(tools, [...trailersToMake, ...streams], workDir);
    } catch (error) {
      const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
      log(
        `ffmpeg could not make the demo media (${reason}): the demo catalog has link-only titles ` +
          'and no local streams or trailers',
      );
      return done([], []);
    }
    for (const trailer of trailersToMake) await files.putFile(trailer.file, trailer.key);
  } finally {
    await rm(workDir, { recursive: true, force: true });
    await rm(trailerDir, { recursive: true, force: true });
  }
  if (!available.ffprobe) log(NO_FFPROBE_MESSAGE);

  // Each stream's own files: a transcode deletes its captions with its source once it is ready.
  const captionsOf = (file: string, language: string) => `${file}.${language}.vtt`;
  for (const { stream, file } of streams) {
    if (stream.captions) await writeFile(captionsOf(file, 'en'), demoCaptions(options.streamSeconds));
    if (stream.dub)
      await writeFile(
        captionsOf(file, stream.dub.language),
        demoCaptions(options.streamSeconds, stream.dub.lines),
      );
  }
  return done(
    trailers.map((trailer) => trailer.url),
    streams.map(({ stream, file }) => ({
      stream,
      file,
      ...(stream.captions ? { captions: captionsOf(file, 'en') } : {}),
      ...(stream.dub ? { dubCaptions: captionsOf(file, stream.dub.language) } : {}),
    })),
  );
}

// ---------------------------------------------------------------------------------------------
// Rows.

/** The link-only titles' full videos (ready at once: nothing to transcode). */
export async function insertLinkVideos(
  trx: Kysely<Database>,
  plan: DemoMediaPlan,
  titleIds: ReadonlyMap<string, number>,
): Promise<void> {
  if (plan.links.length === 0) return;
  const now = Date.now();
  await trx
    .insertInto('videos')
    .values(
      plan.links.map((link) => ({
        title_id: titleIds.get(link.title)!,
        episode_id: null,
        kind: 'main' as const,
        type: link.type,
        url: link.url,
        quality: null,
        status: 'ready' as const,
        source_path: null,
        duration_seconds: null,
        position: 0,
        created_at: now,
        job_id: null,
        last_error: null,
      })),
    )
    .execute();
}

/** Ids of the demo's movies and episodes, by the names the plan uses. */
async function targetIds(
  db: Kysely<Database>,
  titleIds: ReadonlyMap<string, number>,
): Promise<(target: DemoTarget) => { titleId: number; episodeId?: number }> {
  const episodes = await db
    .selectFrom('episodes')
    .innerJoin('seasons', 'seasons.id', 'episodes.season_id')
    .select(['episodes.id', 'seasons.title_id', 'seasons.season_number', 'episodes.episode_number'])
    .execute();
  const episodeIds = new Map(
    episodes.map((row) => [`${row.title_id}|${row.season_number}|${row.episode_number}`, row.id]),
  );
  return (target) => {
    const titleId = titleIds.get(target.title);
    if (titleId === undefined) throw new Error(`no id for ${target.title}`);
    if (!target.episode) return { titleId };
    const { season_number, episode_number } = target.episode;
    const episodeId = episodeIds.get(`${titleId}|${season_number}|${episode_number}`);
    if (episodeId === undefined)
      throw new Error(`no episode ${season_number}x${episode_number} of ${target.title}`);
    return { titleId, episodeId };
  };
}

/**
 * Gives `targets` videos that play the tree of `videoId` (docs/decisions/0013): rows of type hls
 * holding its URL, waiting with it and made ready by its transcode. Ready at once when the
 * transcode has already published the tree.
 */
async function shareStream(
  db: Kysely<Database>,
  videoId: number,
  jobId: number,
  targets: ReadonlyArray<{ titleId: number; episodeId?: number }>,
): Promise<void> {
  if (targets.length === 0) return;
  const { url } = videoOutput(videoId, 'main');
  const now = Date.now();
  // A few dozen rows at most: one statement.
  await db
    .insertInto('videos')
    .values(
      targets.map((target) => ({
        // An episode's video belongs to the episode only, as imports do it.
        title_id: target.episodeId === undefined ? target.titleId : null,
        episode_id: target.episodeId ?? null,
        kind: 'main' as const,
        type: 'hls' as const,
        url,
        quality: 'auto',
        status: 'pending' as const,
        source_path: null,
        duration_seconds: null,
        position: 0,
        created_at: now,
        job_id: jobId,
        last_error: null,
      })),
    )
    .execute();
  // The worker may have published the tree while these rows were written.
  const owner = await db
    .selectFrom('videos')
    .select(['status', 'duration_seconds'])
    .where('id', '=', videoId)
    .executeTakeFirst();
  if (owner?.status === 'ready') {
    await db
      .updateTable('videos')
      .set({ status: 'ready', duration_seconds: owner.duration_seconds })
      .where('url', '=', url)
      .where('status', '=', 'pending')
      .execute();
  }
}

/**
 * Imports the stream sources through the media service, in the plan's order: each becomes a
 * pending video with a queued transcode job that the worker runs in the background, and the
 * stream's other targets get videos sharing its tree. A source that cannot be imported is
 * skipped; its reason is returned.
 */
export async function queueDemoStreams(
  db: Kysely<Database>,
  media: Pick<MediaService, 'importVideo'>,
  sources: readonly DemoSource[],
  titleIds: ReadonlyMap<string, number>,
): Promise<{ queued: number; videos: number; errors: string[] }> {
  let queued = 0;
  let videos = 0;
  const errors: string[] = [];
  const idsOf = await targetIds(db, titleIds);
  for (const source of sources) {
    try {
      const [first, ...others] = source.stream.targets.map(idsOf);
      if (!first) continue;
      const dub = source.stream.dub;
      const imported = await media.importVideo({
        file: source.file,
        ...first,
        discardSourceWhenReady: true,
        ...(source.captions
          ? { captions: source.captions, captionsLanguage: 'en', captionsName: 'English' }
          : {}),
        ...(dub && source.dubCaptions
          ? {
              captionTracks: [
                {
                  language: dub.language,
                  label: dub.label,
                  body: await readFile(source.dubCaptions, 'utf8'),
                },
              ],
            }
          : {}),
      });
      // Stored with the video now: the file is of no more use.
      if (source.dubCaptions) await rm(source.dubCaptions, { force: true });
      await shareStream(db, imported.videoId, imported.jobId, others);
      queued++;
      videos += 1 + others.length;
    } catch (error) {
      errors.push(error instanceof Error ? error.message : String(error));
    }
  }
  return { queued, videos, errors };
}
