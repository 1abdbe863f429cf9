/** One seek-preview tile: a time range and the region of a sprite image that shows it. */
export interface ThumbnailCue {
  start: number;
  end: number;
  /** Absolute URL of the sprite image (without the `#xywh` fragment). */
  url: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** `hh:mm:ss.ttt` or `mm:ss.ttt` in seconds; NaN when it is not a WebVTT timestamp. */
export function parseVttTime(text: string): number {
  const match = /^(?:(\d+):)?([0-5]?\d):([0-5]?\d(?:[.,]\d{1,3})?)$/.exec(text.trim());
  if (!match) return Number.NaN;
  const hours = match[1] ? Number(match[1]) : 0;
  return hours * 3600 + Number(match[2]) * 60 + Number(match[3]!.replace(',', '.'));
}

function absolute(url: string): string {
  const base = typeof document !== 'undefined' ? document.baseURI : 'http://localhost/';
  return new URL(url, base).href;
}

/**
 * Parses a thumbnails WebVTT file (cues whose text is `sprite.jpg#xywh=x,y,w,h`). Image references
 * are resolved against `vttUrl` (itself resolved against the page), so a relative `sprite.jpg`
 * next to a signed playlist keeps the signed folder. Cues without a usable region are skipped.
 */
export function parseThumbnailsVtt(text: string, vttUrl: string): ThumbnailCue[] {
  const base = absolute(vttUrl);
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  if (!/^WEBVTT(?:[ \t].*)?$/.test(lines[0] ?? '')) return [];
  const cues: ThumbnailCue[] = [];
  for (let index = 1; index < lines.length; index++) {
    const line = lines[index]!;
    if (!line.includes('-->')) continue;
    const [startText = '', rest = ''] = line.split('-->');
    const start = parseVttTime(startText);
    const end = parseVttTime(rest.trim().split(/\s+/)[0] ?? '');
    const reference = (lines[index + 1] ?? '').trim();
    if (!Number.isFinite(start) || !Number.isFinite(end) || end <= start || !reference) continue;
    const hashAt = reference.indexOf('#');
    const file = hashAt === -1 ? reference : reference.slice(0, hashAt);
    const region = /(?:^|&)xywh=(?:pixel:)?(\d+),(\d+),(\d+),(\d+)(?:&|$)/.exec(
      hashAt === -1 ? '' : reference.slice(hashAt + 1),
    );
    if (!file || !region) continue;
    let url: string;
    try {
      url = new URL(file, base).href;
    } catch {
      continue;
    }
    cues.push({
      start,
      end,
      url,
      x: Number(region[1]),
      y: Number(region[2]),
      width: Number(region[3]),
      height: Number(region[4]),
    });
    index++;
  }
  return cues.sort((a, b) => a.start - b.start);
}

/** The cue shown at `time` (binary search over cues sorted by start), or null. */
export function thumbnailAt(cues: readonly ThumbnailCue[], time: number): ThumbnailCue | null {
  let low = 0;
  let high = cues.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const cue = cues[middle]!;
    if (time < cue.start) high = middle - 1;
    else if (time >= cue.end) low = middle + 1;
    else return cue;
  }
  // Past the last cue's end (rounding at the very end): show the last tile.
  const last = cues[cues.length - 1];
  return last && time >= last.end && time - last.end < 1 ? last : null;
}

/**
 * The thumbnails file of an HLS stream: `thumbs.vtt` in the folder of the master playlist.
 * Null for anything that is not an `.m3u8` URL.
 */
export function thumbnailsUrlFor(masterUrl: string): string | null {
  let master: URL;
  try {
    master = new URL(absolute(masterUrl));
  } catch {
    return null;
  }
  if (!/\.m3u8$/i.test(master.pathname)) return null;
  return new URL('thumbs.vtt', master).href;
}

const cache = new Map<string, Promise<ThumbnailCue[]>>();

/** Fetches and parses a thumbnails file once per URL; a missing or broken file gives no cues. */
export function loadThumbnails(vttUrl: string): Promise<ThumbnailCue[]> {
  let pending = cache.get(vttUrl);
  if (!pending) {
    pending = fetch(vttUrl, { credentials: 'same-origin' })
      .then(async (response) => (response.ok ? parseThumbnailsVtt(await response.text(), vttUrl) : []))
      .catch(() => {
        // A network failure may pass; let the next hover try again.
        cache.delete(vttUrl);
        return [];
      });
    cache.set(vttUrl, pending);
  }
  return pending;
}
