/**
 * Audio languages of a video (docs/decisions/0047-audio-languages.md): the audio muxed into every
 * rendition is the default track; each other language is an audio-only HLS rendition of its own,
 * listed with it in one EXT-X-MEDIA group of the master playlist. Pure functions: no files, no
 * processes.
 */

/** The track muxed into the renditions, as the master names it. */
export interface MainAudio {
  language: string;
  label: string;
}

/** What a video's main audio is called when nobody said otherwise. */
export const DEFAULT_MAIN_AUDIO: MainAudio = { language: 'en', label: 'English' };

/** An extra audio track whose rendition is published. */
export interface AudioTrack {
  id: number;
  language: string;
  label: string;
}

/** Where an extra track's rendition lives in a video's folder. */
export const AUDIO_FOLDER = 'audio';
export const audioTrackFolder = (id: number) => `${AUDIO_FOLDER}/a${id}`;
export const audioTrackPlaylist = (id: number) => `${audioTrackFolder(id)}/index.m3u8`;

/** The id of the track a file under `audio/` belongs to (`audio/a7/seg_00001.ts` -> 7), or null. */
export function audioTrackIdOf(file: string): number | null {
  const match = /^audio\/a([1-9][0-9]*)\//.exec(file);
  return match ? Number(match[1]) : null;
}

export const AUDIO_GROUP = 'aud';
const quoted = (value: string) => `"${value.replaceAll('"', "'").replace(/[\r\n]/g, ' ')}"`;
const isAudioLine = (line: string) => line.startsWith('#EXT-X-MEDIA:') && line.includes('TYPE=AUDIO');

/**
 * The master playlist listing exactly these extra tracks. With at least one, an AUDIO group
 * names the muxed track first (no URI: the variants carry it; DEFAULT=YES) and then each extra
 * track's rendition, and every variant names the group. With none, the master is as the
 * transcode wrote it: no group, no AUDIO attribute. Other lines (subtitles) are left alone.
 */
export function withAudioTracks(master: string, main: MainAudio, tracks: readonly AudioTrack[]): string {
  const lines = master.replace(/\n+$/, '').split('\n');
  const kept = lines.filter((line) => !isAudioLine(line));
  const added =
    tracks.length === 0
      ? []
      : [
          `#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="${AUDIO_GROUP}",NAME=${quoted(main.label)},LANGUAGE=${quoted(main.language)},DEFAULT=YES,AUTOSELECT=YES`,
          ...tracks.map(
            (track) =>
              `#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="${AUDIO_GROUP}",NAME=${quoted(track.label)},LANGUAGE=${quoted(track.language)},DEFAULT=NO,AUTOSELECT=YES,URI=${quoted(audioTrackPlaylist(track.id))}`,
          ),
        ];
  const firstMedia = kept.findIndex(
    (line) => line.startsWith('#EXT-X-MEDIA:') || line.startsWith('#EXT-X-STREAM-INF:'),
  );
  const insertAt = firstMedia === -1 ? kept.length : firstMedia;
  const result = [...kept.slice(0, insertAt), ...added, ...kept.slice(insertAt)];
  return `${result
    .map((line) => {
      if (!line.startsWith('#EXT-X-STREAM-INF:')) return line;
      const without = line.replace(/,AUDIO="[^"]*"/, '');
      return added.length > 0 ? `${without},AUDIO="${AUDIO_GROUP}"` : without;
    })
    .join('\n')}\n`;
}

/** Whether a master playlist lists an audio group. */
export const listsAudioTracks = (master: string) => master.split('\n').some(isAudioLine);

/**
 * How far an audio file's length may be from its video's: two seconds, or one percent of a long
 * video. Within it, the track is padded with silence or cut to the video's length.
 */
export const audioLengthTolerance = (videoSeconds: number) => Math.max(2, videoSeconds * 0.01);

export const audioLengthMatches = (audioSeconds: number, videoSeconds: number) =>
  Math.abs(audioSeconds - videoSeconds) <= audioLengthTolerance(videoSeconds);

/** ISO 639-2 codes (as containers tag audio streams) of common languages, by their BCP 47 subtag. */
const ISO_639_2: Readonly<Record<string, string>> = {
  ara: 'ar',
  ben: 'bn',
  bul: 'bg',
  cat: 'ca',
  ces: 'cs',
  cze: 'cs',
  chi: 'zh',
  zho: 'zh',
  dan: 'da',
  deu: 'de',
  ger: 'de',
  ell: 'el',
  gre: 'el',
  eng: 'en',
  spa: 'es',
  est: 'et',
  fas: 'fa',
  per: 'fa',
  fin: 'fi',
  fra: 'fr',
  fre: 'fr',
  heb: 'he',
  hin: 'hi',
  hrv: 'hr',
  hun: 'hu',
  ind: 'id',
  ita: 'it',
  jpn: 'ja',
  kor: 'ko',
  lav: 'lv',
  lit: 'lt',
  msa: 'ms',
  may: 'ms',
  nld: 'nl',
  dut: 'nl',
  nor: 'no',
  nob: 'nb',
  nno: 'nn',
  pol: 'pl',
  por: 'pt',
  ron: 'ro',
  rum: 'ro',
  rus: 'ru',
  slk: 'sk',
  slo: 'sk',
  slv: 'sl',
  srp: 'sr',
  swe: 'sv',
  tam: 'ta',
  tel: 'te',
  tha: 'th',
  tur: 'tr',
  ukr: 'uk',
  urd: 'ur',
  vie: 'vi',
};

/** Tags that name no language (undetermined, no linguistic content, several, missing). */
const NO_LANGUAGE = new Set(['und', 'zxx', 'mul', 'mis', 'qaa']);

/**
 * The BCP 47 tag of a container's language tag (`eng` -> `en`, `pt-BR` as it is), or undefined
 * when the tag names no language or is not a language code: such a stream is not offered as a
 * language of its own.
 */
export function languageFromTag(tag: string | undefined): string | undefined {
  const value = tag?.trim();
  if (!value || !/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})?$/.test(value)) return undefined;
  const [primary = '', region] = value.split('-');
  const lower = primary.toLowerCase();
  if (NO_LANGUAGE.has(lower)) return undefined;
  const short = ISO_639_2[lower] ?? lower;
  if (!region) return short;
  return `${short}-${region.length === 2 ? region.toUpperCase() : region}`;
}

/** A label for a language from the runtime's own names (`es` -> `Español`), else the code itself. */
export function languageLabel(language: string): string {
  try {
    const name = new Intl.DisplayNames([language], { type: 'language' }).of(language);
    if (name && name !== language) return name.charAt(0).toLocaleUpperCase(language) + name.slice(1);
  } catch {
    // An unknown tag: its code is its name.
  }
  return language;
}
