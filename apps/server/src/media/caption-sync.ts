import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import type { FileStore } from '../adapters/storage/file-store';
import type { MediaTools } from './ffmpeg';
import { buildSubtitlesPlaylist, parseMediaPlaylist, prepareCaptions } from './hls';
import {
  CAPTIONS_FOLDER,
  captionFiles,
  listsUploadedTracks,
  withCaptionTracks,
  type CaptionTrack,
} from './captions';
import {
  AUDIO_FOLDER,
  audioTrackIdOf,
  listsAudioTracks,
  withAudioTracks,
  type AudioTrack,
  type MainAudio,
} from './audio-tracks';
import { MEDIA_FILES, mpegtsStart } from './pipeline';
import { masterRenditions } from './rendition-cap';

export interface CaptionSyncDeps {
  files: FileStore;
  tools: MediaTools;
  /** A local folder for the one segment ffprobe reads. */
  tmpDir: string;
}

export interface StoredCaptionTrack extends CaptionTrack {
  /** WebVTT text as uploaded (converted from SRT), without a timestamp map. */
  body: string;
}

/** A video's audio languages as its master lists them (decision 0047). */
export interface AudioTrackSet {
  main: MainAudio;
  /** Every extra track the video has, in any state; only `ready` ones are listed, files of others are kept. */
  tracks: ReadonlyArray<AudioTrack & { status: string }>;
}

const readText = async (files: FileStore, key: string) =>
  (await buffer(await files.read(key))).toString('utf8');

/**
 * Media time zero of a published tree on the segments' 90 kHz clock, read from the first segment
 * of its lowest rendition: WebVTT cue times are tied to it by X-TIMESTAMP-MAP.
 */
export async function treeStartTicks(deps: CaptionSyncDeps, prefix: string, master: string): Promise<number> {
  const lowest = masterRenditions(master)[0];
  if (!lowest) return 0;
  const playlist = parseMediaPlaylist(await readText(deps.files, `${prefix}/${lowest.uri}`));
  const first = playlist.segments[0];
  if (!first) return 0;
  const segmentKey = `${prefix}/${path.posix.join(path.posix.dirname(lowest.uri), first.uri)}`;
  await mkdir(deps.tmpDir, { recursive: true });
  const local = path.join(deps.tmpDir, `segment-${randomBytes(6).toString('hex')}.ts`);
  try {
    await writeFile(local, await buffer(await deps.files.read(segmentKey)));
    return await mpegtsStart(deps.tools, local);
  } finally {
    await rm(local, { force: true });
  }
}

/**
 * Makes a published video folder (`private/videos/<id>`) list exactly these uploaded caption
 * tracks: each track's WebVTT (with the timestamp map of this tree) and its one-file playlist are
 * written under `captions/`, files of tracks no longer listed are deleted, and the master
 * playlist is rewritten (atomically) to name them. With `audio`, the same rewrite lists the
 * video's ready audio tracks, and files under `audio/` of tracks the video no longer has are
 * deleted. Does nothing when the tree has no master yet: the transcode calls this again once it
 * publishes one.
 */
export async function syncCaptionTracks(
  deps: CaptionSyncDeps,
  prefix: string,
  tracks: readonly StoredCaptionTrack[],
  durationSeconds: number,
  audio?: AudioTrackSet,
): Promise<void> {
  const masterKey = `${prefix}/${MEDIA_FILES.master}`;
  if (!(await deps.files.stat(masterKey))) return;
  const master = await readText(deps.files, masterKey);
  if (tracks.length > 0) {
    const ticks = await treeStartTicks(deps, prefix, master);
    for (const track of tracks) {
      const names = captionFiles(track.id);
      await deps.files.write(`${prefix}/${names.vtt}`, Readable.from([prepareCaptions(track.body, ticks)]));
      await deps.files.write(
        `${prefix}/${names.playlist}`,
        Readable.from([buildSubtitlesPlaylist(path.posix.basename(names.vtt), durationSeconds)]),
      );
    }
  }
  const withCaptions = withCaptionTracks(master, tracks);
  const updated = audio
    ? withAudioTracks(
        withCaptions,
        audio.main,
        audio.tracks.filter((track) => track.status === 'ready'),
      )
    : withCaptions;
  if (
    updated !== master ||
    listsUploadedTracks(master) ||
    tracks.length > 0 ||
    (audio !== undefined && listsAudioTracks(master))
  ) {
    await deps.files.write(masterKey, Readable.from([updated]));
  }
  if (audio) {
    const known = new Set(audio.tracks.map((track) => track.id));
    for (const entry of await deps.files.list(`${prefix}/${AUDIO_FOLDER}`)) {
      const id = audioTrackIdOf(entry.key.slice(prefix.length + 1));
      if (id === null || !known.has(id)) await deps.files.delete(entry.key);
    }
  }
  const wanted = new Set(tracks.flatMap((track) => Object.values(captionFiles(track.id))));
  for (const entry of await deps.files.list(`${prefix}/${CAPTIONS_FOLDER}`)) {
    if (!wanted.has(entry.key.slice(prefix.length + 1))) await deps.files.delete(entry.key);
  }
}
