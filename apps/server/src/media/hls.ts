/**
 * The HLS ladder and the text formats the pipeline writes itself (master playlist, subtitles
 * playlist, seek-preview WebVTT). Pure functions: no files, no processes.
 */

/** Target segment length in seconds; every rendition has a keyframe exactly on each boundary. */
export const SEGMENT_SECONDS = 4;

export interface Rung {
  name: '360p' | '720p' | '1080p';
  /** The box the picture is fitted into (landscape; swapped for portrait sources). */
  width: number;
  height: number;
  videoKbps: number;
  /** H.264 level for up to 30 fps, and for higher frame rates. */
  level: { normal: string; high: string };
}

export const LADDER: readonly Rung[] = [
  { name: '360p', width: 640, height: 360, videoKbps: 800, level: { normal: '3.0', high: '3.1' } },
  { name: '720p', width: 1280, height: 720, videoKbps: 2800, level: { normal: '3.1', high: '3.2' } },
  { name: '1080p', width: 1920, height: 1080, videoKbps: 5000, level: { normal: '4.0', high: '4.2' } },
];

export const AUDIO_KBPS = 128;
export const AUDIO_CODEC = 'mp4a.40.2';

export interface RenditionPlan {
  rung: Rung;
  /** Output size: the source fitted into the rung's box, never enlarged, even numbers. */
  width: number;
  height: number;
  level: string;
}

/** The nearest even number, at least 2 (H.264 frame sizes must be even). */
export const even = (value: number) => Math.max(2, 2 * Math.round(value / 2));

/**
 * The renditions for a source: every rung whose height is not above the source's (its shorter
 * side, so portrait videos get the same ladder), and always the lowest one.
 */
export function planLadder(source: { width: number; height: number; fps: number }): RenditionPlan[] {
  const portrait = source.height > source.width;
  const shortSide = Math.min(source.width, source.height);
  const rungs = LADDER.filter((rung, index) => index === 0 || rung.height <= shortSide);
  return rungs.map((rung) => {
    const boxWidth = portrait ? rung.height : rung.width;
    const boxHeight = portrait ? rung.width : rung.height;
    const scale = Math.min(boxWidth / source.width, boxHeight / source.height, 1);
    return {
      rung,
      width: even(source.width * scale),
      height: even(source.height * scale),
      level: source.fps > 30.5 ? rung.level.high : rung.level.normal,
    };
  });
}

export interface MediaSegment {
  duration: number;
  uri: string;
}

export interface MediaPlaylist {
  version: number;
  targetDuration: number;
  segments: MediaSegment[];
  ended: boolean;
}

/** Reads a VOD media playlist (the parts the pipeline needs). */
export function parseMediaPlaylist(text: string): MediaPlaylist {
  const lines = text.split(/\r?\n/).map((line) => line.trim());
  if (lines[0] !== '#EXTM3U') throw new Error('not an M3U8 playlist');
  let version = 1;
  let targetDuration = 0;
  let ended = false;
  let duration: number | undefined;
  const segments: MediaSegment[] = [];
  for (const line of lines) {
    if (line.startsWith('#EXT-X-VERSION:')) version = Number(line.slice(15));
    else if (line.startsWith('#EXT-X-TARGETDURATION:')) targetDuration = Number(line.slice(22));
    else if (line.startsWith('#EXTINF:')) duration = Number.parseFloat(line.slice(8));
    else if (line === '#EXT-X-ENDLIST') ended = true;
    else if (line && !line.startsWith('#') && duration !== undefined) {
      segments.push({ duration, uri: line });
      duration = undefined;
    }
  }
  return { version, targetDuration, segments, ended };
}

export const playlistDuration = (playlist: MediaPlaylist) =>
  playlist.segments.reduce((sum, segment) => sum + segment.duration, 0);

/**
 * Peak and average bit rate of a rendition from its segments' sizes in bytes, as the HLS
 * specification defines BANDWIDTH (the largest segment bit rate) and AVERAGE-BANDWIDTH.
 */
export function bandwidthOf(segments: readonly { duration: number; bytes: number }[]): {
  peak: number;
  average: number;
} {
  let peak = 0;
  let bytes = 0;
  let seconds = 0;
  for (const segment of segments) {
    if (segment.duration <= 0) continue;
    // A very short last segment can overstate its rate; measure it over at least one second.
    peak = Math.max(peak, (segment.bytes * 8) / Math.max(segment.duration, 1));
    bytes += segment.bytes;
    seconds += segment.duration;
  }
  const average = seconds > 0 ? (bytes * 8) / seconds : 0;
  return { peak: Math.ceil(Math.max(peak, average)), average: Math.ceil(average) };
}

/**
 * The RFC 6381 codec string of an H.264 stream from the three bytes after the SPS NAL header
 * (profile_idc, constraint flags, level_idc), e.g. `avc1.4d401f`.
 */
export function avcCodecString(profileIdc: number, constraints: number, levelIdc: number): string {
  const hex = (byte: number) => byte.toString(16).padStart(2, '0');
  return `avc1.${hex(profileIdc)}${hex(constraints)}${hex(levelIdc)}`;
}

/**
 * Finds the first H.264 sequence parameter set in MPEG-TS or Annex B bytes and returns its codec
 * string, or undefined when there is none in the bytes given.
 */
export function findAvcCodec(bytes: Uint8Array): string | undefined {
  for (let i = 0; i + 6 < bytes.length; i++) {
    if (bytes[i] === 0 && bytes[i + 1] === 0 && bytes[i + 2] === 1 && ((bytes[i + 3] ?? 0) & 0x1f) === 7) {
      const profile = bytes[i + 4]!;
      // Main, High and Baseline are the profiles a player can be told about here.
      if (profile === 66 || profile === 77 || profile === 100)
        return avcCodecString(profile, bytes[i + 5]!, bytes[i + 6]!);
    }
  }
  return undefined;
}

export interface MasterVariant {
  uri: string;
  bandwidth: number;
  averageBandwidth: number;
  width: number;
  height: number;
  frameRate: number;
  codecs: string[];
}

export interface SubtitlesTrack {
  uri: string;
  name: string;
  language: string;
}

const quoted = (value: string) => `"${value.replaceAll('"', "'").replace(/[\r\n]/g, ' ')}"`;

/** The master playlist: one EXT-X-STREAM-INF per rendition, relative URIs only. */
export function buildMasterPlaylist(variants: readonly MasterVariant[], subtitles?: SubtitlesTrack): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:6', '#EXT-X-INDEPENDENT-SEGMENTS'];
  if (subtitles) {
    lines.push(
      `#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME=${quoted(subtitles.name)},LANGUAGE=${quoted(subtitles.language)},DEFAULT=NO,AUTOSELECT=YES,FORCED=NO,URI=${quoted(subtitles.uri)}`,
    );
  }
  for (const variant of variants) {
    const attributes = [
      `BANDWIDTH=${variant.bandwidth}`,
      `AVERAGE-BANDWIDTH=${variant.averageBandwidth}`,
      `RESOLUTION=${variant.width}x${variant.height}`,
      `FRAME-RATE=${variant.frameRate.toFixed(3)}`,
      `CODECS="${variant.codecs.join(',')}"`,
      ...(subtitles ? ['SUBTITLES="subs"'] : []),
    ];
    lines.push(`#EXT-X-STREAM-INF:${attributes.join(',')}`, variant.uri);
  }
  return `${lines.join('\n')}\n`;
}

/** A VOD playlist holding one WebVTT file that spans the whole video. */
export function buildSubtitlesPlaylist(vttUri: string, durationSeconds: number): string {
  return [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    `#EXT-X-TARGETDURATION:${Math.max(1, Math.ceil(durationSeconds))}`,
    '#EXT-X-MEDIA-SEQUENCE:0',
    '#EXT-X-PLAYLIST-TYPE:VOD',
    `#EXTINF:${durationSeconds.toFixed(3)},`,
    vttUri,
    '#EXT-X-ENDLIST',
    '',
  ].join('\n');
}

/**
 * Checks caption text is WebVTT and adds the X-TIMESTAMP-MAP that ties its cue times to the
 * MPEG-TS clock of the segments (`mpegtsStart` in 90 kHz ticks is media time zero).
 */
export function prepareCaptions(text: string, mpegtsStart: number): string {
  const clean = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const firstLineEnd = clean.indexOf('\n');
  const header = firstLineEnd === -1 ? clean : clean.slice(0, firstLineEnd);
  if (!/^WEBVTT(?:[ \t].*)?$/.test(header))
    throw new Error('captions must be a WebVTT file (first line WEBVTT)');
  const rest = firstLineEnd === -1 ? '' : clean.slice(firstLineEnd + 1);
  const withoutMap = rest.replace(/^X-TIMESTAMP-MAP=.*\n?/m, '');
  return `${header}\nX-TIMESTAMP-MAP=MPEGTS:${Math.round(mpegtsStart)},LOCAL:00:00:00.000\n${withoutMap}`;
}

export interface SpriteLayout {
  interval: number;
  count: number;
  columns: number;
  rows: number;
  tileWidth: number;
  tileHeight: number;
}

export const TILE = { width: 160, height: 90 };
export const MAX_TILES = 1000;

/** One tile every 5 s (longer for very long videos, so a sheet stays at most 1000 tiles), 10 per row. */
export function spriteLayout(durationSeconds: number, interval = 5): SpriteLayout {
  const step = Math.max(interval, Math.ceil(durationSeconds / MAX_TILES));
  const count = Math.max(1, Math.ceil(durationSeconds / step));
  const columns = Math.min(10, count);
  return {
    interval: step,
    count,
    columns,
    rows: Math.ceil(count / columns),
    tileWidth: TILE.width,
    tileHeight: TILE.height,
  };
}

function vttTime(seconds: number): string {
  const ms = Math.round(seconds * 1000);
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  const pad = (value: number, size = 2) => String(value).padStart(size, '0');
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(ms % 1000, 3)}`;
}

/** WebVTT cues mapping each time range to its tile: `sprite.jpg#xywh=x,y,w,h`. */
export function buildThumbnailsVtt(layout: SpriteLayout, durationSeconds: number, spriteUri: string): string {
  const cues = ['WEBVTT', ''];
  for (let i = 0; i < layout.count; i++) {
    const start = i * layout.interval;
    const end = Math.min((i + 1) * layout.interval, durationSeconds);
    if (end <= start) break;
    const x = (i % layout.columns) * layout.tileWidth;
    const y = Math.floor(i / layout.columns) * layout.tileHeight;
    cues.push(
      `${vttTime(start)} --> ${vttTime(end)}`,
      `${spriteUri}#xywh=${x},${y},${layout.tileWidth},${layout.tileHeight}`,
      '',
    );
  }
  return cues.join('\n');
}
