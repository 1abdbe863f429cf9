/**
 * A plan's maximum resolution applied to an HLS tree: which renditions of a master playlist a
 * holder of a capped link may watch (docs/decisions/0012-plan-limits-in-playback.md). Pure
 * functions: no files.
 */

export interface MasterRendition {
  /** The rendition playlist's URI as the master writes it (`720p/index.m3u8`). */
  uri: string;
  /** The picture's shorter side, so portrait videos are capped like landscape ones; 0 when unknown. */
  height: number;
}

const STREAM_INF = '#EXT-X-STREAM-INF:';
const RESOLUTION = /(?:^|,)RESOLUTION=(\d+)x(\d+)/;

/** Each EXT-X-STREAM-INF entry with the URI on the line after it, in playlist order. */
export function masterRenditions(master: string): MasterRendition[] {
  const lines = master.split(/\r?\n/).map((line) => line.trim());
  const renditions: MasterRendition[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!lines[i]!.startsWith(STREAM_INF)) continue;
    const uriIndex = lines.findIndex((line, j) => j > i && line !== '' && !line.startsWith('#'));
    if (uriIndex === -1) break;
    const size = RESOLUTION.exec(lines[i]!.slice(STREAM_INF.length));
    const height = size ? Math.min(Number(size[1]), Number(size[2])) : 0;
    renditions.push({ uri: lines[uriIndex]!, height });
    i = uriIndex;
  }
  return renditions;
}

/**
 * The renditions above `maxHeight`. When every rendition is above it, the lowest one is kept, so
 * a capped link always plays.
 */
export function renditionsAbove(
  renditions: readonly MasterRendition[],
  maxHeight: number,
): MasterRendition[] {
  const above = renditions.filter((rendition) => rendition.height > maxHeight);
  if (above.length === 0 || above.length < renditions.length) return above;
  const lowest = above.reduce((low, rendition) => (rendition.height < low.height ? rendition : low));
  return above.filter((rendition) => rendition !== lowest);
}

/** The master playlist without the EXT-X-STREAM-INF entries (and their URIs) above `maxHeight`. */
export function capMasterPlaylist(master: string, maxHeight: number): string {
  const dropped = new Set(renditionsAbove(masterRenditions(master), maxHeight).map((r) => r.uri));
  if (dropped.size === 0) return master;
  const lines = master.split('\n');
  const kept: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim().startsWith(STREAM_INF)) {
      const uriIndex = lines.findIndex(
        (next, j) => j > i && next.trim() !== '' && !next.trim().startsWith('#'),
      );
      if (uriIndex !== -1 && dropped.has(lines[uriIndex]!.trim())) {
        i = uriIndex;
        continue;
      }
    }
    kept.push(line);
  }
  return kept.join('\n');
}

/** The folder of a rendition playlist URI (`720p` of `720p/index.m3u8`), or the URI itself at the root. */
const folderOf = (uri: string) => (uri.includes('/') ? uri.slice(0, uri.lastIndexOf('/')) : uri);

const belongsTo = (file: string, rendition: MasterRendition) =>
  rendition.uri.includes('/') ? file.startsWith(`${folderOf(rendition.uri)}/`) : file === rendition.uri;

/** Whether `file` (a path inside the video folder) is one of these renditions' playlists or segments. */
export const isRenditionFile = (file: string, renditions: readonly MasterRendition[]) =>
  renditions.some((rendition) => belongsTo(file, rendition));

/**
 * Whether `file` is a rendition above `maxHeight` or one of its segments. Files that belong to no
 * rendition (sprite, captions, the master itself) never are.
 */
export const isAboveCap = (file: string, renditions: readonly MasterRendition[], maxHeight: number) =>
  isRenditionFile(file, renditionsAbove(renditions, maxHeight));
