/**
 * The rendition a stream starts with: the lowest, as hls.js sorts them (by height, then bit rate),
 * from a master playlist's variants. The URI as written (relative to the master), or null.
 */
export function lowestVariantOf(master: string): string | null {
  let lowest: { height: number; bandwidth: number; uri: string } | null = null;
  let pending: { height: number; bandwidth: number } | null = null;
  for (const raw of master.split(/\r?\n/)) {
    const line = raw.trim();
    if (line.startsWith('#EXT-X-STREAM-INF:')) {
      const height = Number(/RESOLUTION=\d+x(\d+)/.exec(line)?.[1] ?? Infinity);
      const bandwidth = Number(/[:,]BANDWIDTH=(\d+)/.exec(line)?.[1] ?? Infinity);
      pending = { height, bandwidth };
    } else if (pending && line && !line.startsWith('#')) {
      const lower =
        !lowest ||
        pending.height < lowest.height ||
        (pending.height === lowest.height && pending.bandwidth < lowest.bandwidth);
      if (lower) lowest = { ...pending, uri: line };
      pending = null;
    }
  }
  return lowest?.uri ?? null;
}

async function fetchText(url: string): Promise<string> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${response.status} ${url}`);
  return response.text();
}

/**
 * Puts into the browser's HTTP cache (they may be kept for a minute) the two playlists a player
 * reads before its first segment: the master and its lowest rendition's, where playback starts
 * (see media-engine). Segments are left to the player: one read from the cache would make its
 * bandwidth estimate believe the network is as fast as the disk. Failures are ignored; the player
 * then loads the playlists itself.
 */
export async function warmStreamStart(masterUrl: string): Promise<void> {
  try {
    const master = new URL(masterUrl, window.location.href);
    const variant = lowestVariantOf(await fetchText(master.href));
    if (variant) await fetchText(new URL(variant, master).href);
  } catch {
    // Nothing was gained; nothing is lost.
  }
}
