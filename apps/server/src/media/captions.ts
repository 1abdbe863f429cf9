/**
 * Uploaded caption tracks: SRT or WebVTT text checked and turned into WebVTT, and the lines of a
 * master playlist that list them. Pure functions: no files, no processes.
 */

/** Why a caption file was refused, in words an operator can act on. */
export class CaptionFormatError extends Error {
  constructor(readonly reason: 'not-text' | 'no-cues') {
    super(reason);
    this.name = 'CaptionFormatError';
  }
}

const CUE_TIMING =
  /^((?:\d{1,3}:)?\d{1,2}:\d{2}[.,]\d{1,3})[ \t]+-->[ \t]+((?:\d{1,3}:)?\d{1,2}:\d{2}[.,]\d{1,3})(.*)$/;

/** `1:02:03,4` -> `01:02:03.400`: WebVTT wants a dot, three decimals and two-digit fields. */
function vttTimestamp(text: string): string {
  const [clock, fraction = '0'] = text.split(/[.,]/);
  const parts = clock!.split(':').map(Number);
  while (parts.length < 3) parts.unshift(0);
  const [h, m, s] = parts as [number, number, number];
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(h)}:${pad(m)}:${pad(s)}.${fraction.padEnd(3, '0').slice(0, 3)}`;
}

/** Text of the bytes as UTF-8 (a byte order mark dropped, line ends made `\n`); throws for binary data. */
function decodeText(bytes: Uint8Array): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new CaptionFormatError('not-text');
  }
  if (text.includes('\u0000')) throw new CaptionFormatError('not-text');
  return text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
}

/**
 * SRT: numbered blocks of a timing line (`00:00:01,000 --> 00:00:04,000`) and text. Becomes a
 * WebVTT file with the same cues; numbers are kept as cue identifiers, comma decimals become dots,
 * and text lines that would end a WebVTT cue early (an empty line, a line with `-->`) cannot occur
 * because blocks are split on empty lines.
 */
export function srtToWebVtt(text: string): string {
  const cues: string[] = [];
  for (const block of text.replace(/\n[ \t]+(?=\n)/g, '\n').split(/\n{2,}/)) {
    const lines = block.split('\n').filter((line, index) => index > 0 || line.trim() !== '');
    const timingIndex = lines.findIndex((line) => CUE_TIMING.test(line.trim()));
    if (timingIndex === -1 || timingIndex > 1) continue;
    const [, start, end] = CUE_TIMING.exec(lines[timingIndex]!.trim())!;
    const id = timingIndex === 1 ? lines[0]!.trim() : '';
    const body = lines
      .slice(timingIndex + 1)
      .map((line) => line.replaceAll('-->', '->'))
      .filter((line) => line.trim() !== '');
    if (body.length === 0) continue;
    cues.push([...(id ? [id] : []), `${vttTimestamp(start!)} --> ${vttTimestamp(end!)}`, ...body].join('\n'));
  }
  if (cues.length === 0) throw new CaptionFormatError('no-cues');
  return `WEBVTT\n\n${cues.join('\n\n')}\n`;
}

/**
 * An uploaded caption file as WebVTT: a WebVTT file is kept as it is (any X-TIMESTAMP-MAP line
 * removed, since the server writes its own), an SRT file is converted. Either must hold at least
 * one cue.
 */
export function toWebVtt(bytes: Uint8Array): string {
  const text = decodeText(bytes);
  if (/^WEBVTT(?:[ \t][^\n]*)?(?:\n|$)/.test(text)) {
    const body = text.replace(/^X-TIMESTAMP-MAP=[^\n]*\n?/m, '');
    if (!body.split('\n').some((line) => CUE_TIMING.test(line.trim())))
      throw new CaptionFormatError('no-cues');
    return body.endsWith('\n') ? body : `${body}\n`;
  }
  return srtToWebVtt(text);
}

export interface CaptionTrack {
  id: number;
  language: string;
  label: string;
}

/** Where an uploaded track's files live in a video's folder. */
export const captionFiles = (id: number) => ({
  vtt: `captions/c${id}.vtt`,
  playlist: `captions/c${id}.m3u8`,
});

export const CAPTIONS_FOLDER = 'captions';

const GROUP = 'subs';
const quoted = (value: string) => `"${value.replaceAll('"', "'").replace(/[\r\n]/g, ' ')}"`;
const isUploadedTrackLine = (line: string) =>
  line.startsWith('#EXT-X-MEDIA:') &&
  line.includes('TYPE=SUBTITLES') &&
  line.includes(`URI="${CAPTIONS_FOLDER}/`);

/**
 * The master playlist listing exactly these uploaded tracks, beside any captions the transcode
 * wrote itself: their EXT-X-MEDIA lines are replaced, and every variant names the subtitles group
 * when there is at least one track.
 */
export function withCaptionTracks(master: string, tracks: readonly CaptionTrack[]): string {
  const lines = master.replace(/\n+$/, '').split('\n');
  const kept = lines.filter((line) => !isUploadedTrackLine(line));
  const added = tracks.map(
    (track) =>
      `#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="${GROUP}",NAME=${quoted(track.label)},LANGUAGE=${quoted(track.language)},DEFAULT=NO,AUTOSELECT=YES,FORCED=NO,URI=${quoted(captionFiles(track.id).playlist)}`,
  );
  const firstVariant = kept.findIndex((line) => line.startsWith('#EXT-X-STREAM-INF:'));
  const insertAt = firstVariant === -1 ? kept.length : firstVariant;
  const result = [...kept.slice(0, insertAt), ...added, ...kept.slice(insertAt)];
  const hasSubtitles = result.some(
    (line) => line.startsWith('#EXT-X-MEDIA:') && line.includes('TYPE=SUBTITLES'),
  );
  return `${result
    .map((line) => {
      if (!line.startsWith('#EXT-X-STREAM-INF:')) return line;
      const without = line.replace(/,SUBTITLES="[^"]*"/, '');
      return hasSubtitles ? `${without},SUBTITLES="${GROUP}"` : without;
    })
    .join('\n')}\n`;
}

/** Whether a master playlist lists any uploaded track. */
export const listsUploadedTracks = (master: string) => master.split('\n').some(isUploadedTrackLine);
