/** Reading an HLS stream the way a player does: master playlist, a variant, its segments. */

/** The URIs a playlist lists (lines that are neither tags nor blank), resolved against its URL. */
export function playlistUris(playlist: string, playlistUrl: string): string[] {
  return playlist
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((uri) => new URL(uri, playlistUrl).toString());
}

/** The URI of an fMP4 initialisation section (`#EXT-X-MAP:URI="…"`), resolved, if any. */
export function initSectionUri(playlist: string, playlistUrl: string): string | undefined {
  const match = /#EXT-X-MAP:.*URI="([^"]+)"/.exec(playlist);
  return match ? new URL(match[1]!, playlistUrl).toString() : undefined;
}

/**
 * What a media segment holds, judged by its first bytes: MPEG-TS (a 0x47 sync byte every 188
 * bytes), fragmented MP4 (an ISO BMFF box first), or neither.
 */
export function segmentFormat(bytes: Uint8Array): 'mpeg-ts' | 'fmp4' | 'unknown' {
  if (bytes.length >= 376 && bytes[0] === 0x47 && bytes[188] === 0x47) return 'mpeg-ts';
  const box = Buffer.from(bytes.subarray(4, 8)).toString('latin1');
  if (['ftyp', 'styp', 'moof', 'sidx'].includes(box)) return 'fmp4';
  return 'unknown';
}

/**
 * A signed media URL with one character of its signature changed (still well-formed), as a
 * member who tried to forge access to another video or cap would send it.
 */
export function tamperedSignature(signedPath: string): string {
  const parts = signedPath.split('/');
  // /media/s/<expires>/<cap>/<signature>/videos/<id>/<file>
  const signature = parts[5]!;
  const first = signature[0] === 'A' ? 'B' : 'A';
  parts[5] = `${first}${signature.slice(1)}`;
  return parts.join('/');
}
