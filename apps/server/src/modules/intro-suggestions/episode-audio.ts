import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FileStore } from '../../adapters/storage/file-store';
import { runTool, type MediaTools } from '../../media/ffmpeg';
import { parseMediaPlaylist } from '../../media/hls';
import { SAMPLE_RATE } from './intro-detection';

/**
 * The first `seconds` of a file's audio as 8 kHz mono signed 16-bit PCM: what the intro detection
 * listens to.
 */
export async function decodeAudio(
  tools: MediaTools,
  file: string,
  seconds: number,
  signal?: AbortSignal,
): Promise<Buffer> {
  return runTool(
    tools.ffmpegPath,
    [
      '-hide_banner',
      '-nostdin',
      '-loglevel',
      'error',
      '-i',
      file,
      '-t',
      String(seconds),
      '-vn',
      '-sn',
      '-dn',
      '-ac',
      '1',
      '-ar',
      String(SAMPLE_RATE),
      '-f',
      's16le',
      'pipe:1',
    ],
    { env: tools.ffmpegEnv, signal, captureStdout: true, stallTimeoutMs: 60_000 },
  );
}

/** The variant playlists a master playlist names, lowest bandwidth first. */
function variantUris(master: string): string[] {
  const lines = master.split(/\r?\n/).map((line) => line.trim());
  return lines
    .flatMap((line, index) => {
      const uri = lines[index + 1];
      if (!line.startsWith('#EXT-X-STREAM-INF:') || !uri || uri.startsWith('#')) return [];
      const bandwidth = Number(/[:,]BANDWIDTH=(\d+)/.exec(line)?.[1] ?? Infinity);
      return [{ uri, bandwidth }];
    })
    .sort((a, b) => a.bandwidth - b.bandwidth)
    .map((variant) => variant.uri);
}

async function readText(files: FileStore, key: string): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await files.read(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** `a/b/master.m3u8` + `360p/index.m3u8` -> `a/b/360p/index.m3u8` (relative URIs only, as ours are). */
const beside = (key: string, uri: string) => path.posix.normalize(`${path.posix.dirname(key)}/${uri}`);

/**
 * Copies the segments of a stream's lowest rendition that cover its first `seconds` out of the
 * file store into one local MPEG-TS file (segments of one rendition join into a valid stream), so
 * it works the same with the local store and with the media bucket. Returns the file's path.
 */
export async function fetchStreamHead(
  files: FileStore,
  masterKey: string,
  seconds: number,
  scratchDir: string,
): Promise<string> {
  const [lowest] = variantUris(await readText(files, masterKey));
  if (!lowest) throw new Error(`${masterKey} names no rendition`);
  const playlistKey = beside(masterKey, lowest);
  const playlist = parseMediaPlaylist(await readText(files, playlistKey));
  await mkdir(scratchDir, { recursive: true });
  const file = path.join(scratchDir, `${path.posix.basename(path.posix.dirname(masterKey))}.ts`);
  const out = createWriteStream(file);
  let covered = 0;
  for (const segment of playlist.segments) {
    if (covered >= seconds) break;
    await pipeline(await files.read(beside(playlistKey, segment.uri)), out, { end: false });
    covered += segment.duration;
  }
  await new Promise<void>((resolve, reject) =>
    out.end((error?: Error | null) => (error ? reject(error) : resolve())),
  );
  return file;
}
