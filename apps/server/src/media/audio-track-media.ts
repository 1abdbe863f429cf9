import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/connection';
import type { FileStore } from '../adapters/storage/file-store';
import type { JobHandler, JobPayload } from '../jobs/job-map';
import { createAudioTracksRepository } from '../modules/titles/audio-tracks.repository';
import { createVideosRepository } from '../modules/titles/videos.repository';
import { audioTrackFolder, languageFromTag, languageLabel } from './audio-tracks';
import { syncCaptionTracks, treeStartTicks } from './caption-sync';
import { encodeAudioRendition, MEDIA_FILES } from './pipeline';
import type { MediaInfo } from './probe';
import { deleteSource, localSource } from './video-source';

/** At most this many audio tracks besides the muxed one (decision 0047). */
export const MAX_AUDIO_TRACKS = 8;

export interface AudioTrackDeps {
  config: Pick<Config, 'dataDir' | 'mediaTools'>;
  db: Db;
  files: FileStore;
  log?: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'> | undefined;
}

const videoPrefix = (videoId: number) => `private/videos/${videoId}`;

/**
 * Writes a video's uploaded caption tracks into its published tree and rewrites its master to
 * list them and its ready audio tracks, in one atomic write. Does nothing before the tree has a master.
 */
export async function publishVideoTracks(
  deps: AudioTrackDeps,
  videoId: number,
  durationSeconds: number,
  prefix = videoPrefix(videoId),
): Promise<void> {
  const audio = createAudioTracksRepository(deps.db);
  await syncCaptionTracks(
    {
      files: deps.files,
      tools: deps.config.mediaTools,
      tmpDir: path.join(deps.config.dataDir, 'tmp', 'captions'),
    },
    prefix,
    await createVideosRepository(deps.db).captionTracks(videoId),
    durationSeconds,
    { main: await audio.mainAudio(videoId), tracks: await audio.ofVideo(videoId) },
  );
}

/**
 * Makes the audio-only rendition of one audio stream of a local file and moves it into the
 * video's folder under `audio/a<id>/`: segments first, its playlist last. Aligned with the
 * video's segments already published there (see encodeAudioRendition).
 */
async function makeAudioRendition(
  deps: AudioTrackDeps,
  input: { videoId: number; trackId: number; source: string; audioIndex: number; durationSeconds: number },
  options: { signal?: AbortSignal | undefined; onProgress?: (percent: number) => void } = {},
): Promise<void> {
  const prefix = videoPrefix(input.videoId);
  const master = (await buffer(await deps.files.read(`${prefix}/${MEDIA_FILES.master}`))).toString('utf8');
  const tmpDir = path.join(deps.config.dataDir, 'tmp', 'audio', String(input.trackId));
  const startTicks = await treeStartTicks(
    { files: deps.files, tools: deps.config.mediaTools, tmpDir: path.join(tmpDir, 'probe') },
    prefix,
    master,
  );
  const outDir = path.join(tmpDir, 'out');
  await rm(outDir, { recursive: true, force: true });
  try {
    await encodeAudioRendition(
      deps.config.mediaTools,
      {
        source: input.source,
        audioIndex: input.audioIndex,
        durationSeconds: input.durationSeconds,
        startSeconds: startTicks / 90_000,
      },
      outDir,
      {
        signal: options.signal,
        onTime: (seconds) => options.onProgress?.(Math.min(99, (seconds / input.durationSeconds) * 100)),
      },
    );
    const folder = `${prefix}/${audioTrackFolder(input.trackId)}`;
    const names = (await readdir(outDir)).sort();
    for (const name of names.filter((file) => file !== 'index.m3u8'))
      await deps.files.putFile(path.join(outDir, name), `${folder}/${name}`);
    await deps.files.putFile(path.join(outDir, 'index.m3u8'), `${folder}/index.m3u8`);
  } finally {
    await rm(tmpDir, { recursive: true, force: true });
  }
}

export type AudioTrackPayload = JobPayload<'media.audio-track'>;

/**
 * The job that turns an uploaded audio file into its track's rendition, publishes it and lists it
 * in the master. The uploaded file is deleted once it is done, or once the job has given up.
 */
export function createAudioTrackHandler(deps: AudioTrackDeps): JobHandler<AudioTrackPayload> {
  const tracks = createAudioTracksRepository(deps.db);
  const videos = createVideosRepository(deps.db);
  return {
    async run(payload, job) {
      const track = await tracks.findById(payload.trackId);
      if (!track) return;
      const video = await videos.findById(track.video_id);
      if (!video || video.status !== 'ready' || video.duration_seconds === null)
        throw new Error(`video ${track.video_id} has no published stream`);
      if (!track.source_path) throw new Error(`audio track ${track.id} has no uploaded file`);
      await tracks.setStatus(track.id, 'processing', { last_error: null });
      const scratch = path.join(deps.config.dataDir, 'tmp', 'audio-sources', String(track.id));
      try {
        await makeAudioRendition(
          deps,
          {
            videoId: video.id,
            trackId: track.id,
            source: await localSource(deps.files, track.source_path, scratch),
            audioIndex: 0,
            durationSeconds: video.duration_seconds,
          },
          { signal: job.signal, onProgress: (percent) => job.progress(percent) },
        );
      } finally {
        await rm(scratch, { recursive: true, force: true });
      }
      await deleteSource(deps.files, track.source_path);
      if (!(await tracks.findById(track.id))) {
        // Deleted while it was made (or its video was): take back what was published.
        const folder = `${videoPrefix(video.id)}/${audioTrackFolder(track.id)}`;
        for (const entry of await deps.files.list(folder)) await deps.files.delete(entry.key);
        return;
      }
      await tracks.setStatus(track.id, 'ready', { source_path: null });
      await publishVideoTracks(deps, video.id, video.duration_seconds);
      deps.log?.info({ videoId: video.id, trackId: track.id }, 'audio track ready');
    },
    async onFailed(payload, error) {
      const track = await tracks.findById(payload.trackId);
      if (!track) return;
      await tracks.setStatus(track.id, 'failed', { last_error: error.slice(0, 4000), source_path: null });
      if (track.source_path) await deleteSource(deps.files, track.source_path);
    },
  };
}

/**
 * A transcode's further audio streams (after the first, which the renditions carry) become audio
 * tracks of the video, made from the same local source: each with a usable language tag that no
 * other track of the video has, up to MAX_AUDIO_TRACKS. A stream without one (no tag, `und`) is
 * skipped and logged: a track members could not tell apart is no use (decision 0047). The first
 * stream's tag names the muxed track unless an operator named it already. The tracks it made
 * before (an earlier run) are replaced.
 */
export async function takeSourceAudioTracks(
  deps: AudioTrackDeps,
  input: { videoId: number; source: string; info: MediaInfo; durationSeconds: number; signal?: AbortSignal },
): Promise<void> {
  const tracks = createAudioTracksRepository(deps.db);
  await tracks.deleteFromSource(input.videoId);
  const [first, ...others] = input.info.audioStreams;
  let main = await tracks.mainAudio(input.videoId);
  const firstLanguage = languageFromTag(first?.language);
  if (!main.set && firstLanguage) {
    main = {
      language: firstLanguage,
      label: cleanLabel(first?.title) ?? languageLabel(firstLanguage),
      set: true,
    };
    await tracks.setMainAudio(input.videoId, main);
  }
  const existing = await tracks.ofVideo(input.videoId);
  const taken = new Set([main.language, ...existing.map((track) => track.language)]);
  let count = existing.length;
  for (const [offset, stream] of others.entries()) {
    const audioIndex = offset + 1;
    const language = languageFromTag(stream.language);
    const skip = (reason: string) =>
      deps.log?.warn({ videoId: input.videoId, audioIndex, tag: stream.language ?? null }, reason);
    if (!language) {
      skip('audio stream skipped: no usable language tag');
      continue;
    }
    if (taken.has(language)) {
      skip('audio stream skipped: the video has that language already');
      continue;
    }
    if (count >= MAX_AUDIO_TRACKS) {
      skip('audio stream skipped: the video has as many audio tracks as it may');
      continue;
    }
    taken.add(language);
    count++;
    const track = await tracks.insert({
      video_id: input.videoId,
      language,
      label: cleanLabel(stream.title) ?? languageLabel(language),
      origin: 'source',
      duration_seconds: input.durationSeconds,
      status: 'processing',
      source_path: null,
      created_at: Date.now(),
    });
    try {
      await makeAudioRendition(
        deps,
        {
          videoId: input.videoId,
          trackId: track.id,
          source: input.source,
          audioIndex,
          durationSeconds: input.durationSeconds,
        },
        { signal: input.signal },
      );
      await tracks.setStatus(track.id, 'ready');
    } catch (error) {
      if (input.signal?.aborted) throw error;
      const reason = error instanceof Error ? error.message : String(error);
      deps.log?.warn(
        { videoId: input.videoId, audioIndex, err: error },
        'audio stream could not be made a track',
      );
      await tracks.setStatus(track.id, 'failed', { last_error: reason.slice(0, 4000) });
    }
  }
}

/** A stream title fit to be a label (1–40 characters, no quotes or line breaks), if any. */
function cleanLabel(title: string | undefined): string | undefined {
  const value = title?.trim();
  return value && value.length <= 40 && /^[^"\r\n]+$/.test(value) ? value : undefined;
}
