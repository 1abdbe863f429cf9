import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import {
  AdminMediaMessages,
  AudioLimits,
  CaptionLimits,
  MarkerMessages,
  markerProblems,
  type Marker,
  type VideoMarkers,
  type AdminVideo,
  type AdminVideoList,
  type AudioTrack,
  type AudioTrackFields,
  type Caption,
  type CaptionFields,
  type MediaTarget,
  type UploadMetadata,
  type UploadResult,
  type VideoAudio,
} from '@reeltime/contract';
import type { AppContext } from '../../context';
import { Conflict, NotFound, PayloadTooLarge, UnsupportedMedia, Validation } from '../../lib/errors';
import { auditActor, recordAudit } from '../audit/audit';
import { invalidateCatalog } from '../catalog/catalog-invalidation';
import { publishVideoTracks } from '../../media/audio-track-media';
import { audioLengthMatches } from '../../media/audio-tracks';
import { CaptionFormatError, toWebVtt } from '../../media/captions';
import { planLadder } from '../../media/hls';
import { MEDIA_FILES } from '../../media/pipeline';
import { NotAudioError, NotAVideoError, probe, probeAudio, type MediaInfo } from '../../media/probe';
import { masterRenditions } from '../../media/rendition-cap';
import { deleteSource, sourceExists } from '../../media/video-source';
import { audioSourcesFolder, removeVideo, streamFolderId } from '../../media/video-removal';
import { SIGNED_MEDIA_PREFIX, signMediaUrl, UNCAPPED_HEIGHT } from '../../media/signed-url';
import { isUniqueViolation } from '../admin-library/unique-violation';
import { createAudioTracksRepository, type AudioTrackRow } from '../titles/audio-tracks.repository';
import { createVideoMarkersRepository } from '../titles/video-markers.repository';
import { createVideoListRepository, type ConsoleVideoRow } from '../titles/video-list.repository';
import { createVideosRepository } from '../titles/videos.repository';

/** A plausible video is at least a second and at most this long. */
const MAX_DURATION_HOURS = 24;
const TARGETS_LIMIT = 20;

/** What an accepted upload is: its id in the upload storage, what the client said, and who sent it. */
export interface FinishedUpload {
  id: string;
  size: number;
  metadata: UploadMetadata;
  userId: number;
}

const episodeLabel = (row: {
  season_number: number | null;
  episode_number: number | null;
  name: string | null;
}) => `S${row.season_number ?? '?'} E${row.episode_number ?? '?'} · ${row.name ?? ''}`.trim();

/** A file name reduced to what is safe to keep on disk: its extension, if it is a plain one. */
const safeExtension = (filename: string) => {
  const ext = path.extname(filename).toLowerCase();
  return /^\.[a-z0-9]{1,8}$/.test(ext) ? ext : '';
};

/** `pt-br` -> `pt-BR`, `EN` -> `en`: one spelling per language, so duplicates are found. */
const normalizeLanguage = (tag: string) => {
  const [primary = '', region] = tag.trim().split('-');
  if (!region) return primary.toLowerCase();
  return `${primary.toLowerCase()}-${region.length === 2 ? region.toUpperCase() : region}`;
};

/** A length as an operator reads it: `23.5 s`, `1:42:07`. */
const formatLength = (seconds: number) => {
  if (seconds < 120) return `${seconds.toFixed(1)} s`;
  const whole = Math.round(seconds);
  const pad = (value: number) => String(value).padStart(2, '0');
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  return h > 0 ? `${h}:${pad(m)}:${pad(whole % 60)}` : `${m}:${pad(whole % 60)}`;
};

const toAudioTrack = (row: AudioTrackRow): AudioTrack => ({
  id: row.id,
  language: row.language,
  label: row.label,
  origin: row.origin,
  status: row.status,
  duration_seconds: row.duration_seconds,
  last_error: row.last_error,
  created_at: row.created_at,
});

export function createAdminMediaService(ctx: AppContext) {
  const { config, db, files, jobs, uploads } = ctx;
  const repo = createVideoListRepository(db);
  const videos = createVideosRepository(db);
  const audioTracks = createAudioTracksRepository(db);
  const tools = config.mediaTools;
  const removal = { config, db, jobs, files };

  async function readMaster(folderId: number): Promise<string | undefined> {
    const key = `private/videos/${folderId}/${MEDIA_FILES.master}`;
    if (!(await files.stat(key))) return undefined;
    return (await buffer(await files.read(key))).toString('utf8');
  }

  async function toAdminVideo(row: ConsoleVideoRow): Promise<AdminVideo> {
    const owner = streamFolderId(row.url) ?? row.id;
    const master = await readMaster(owner);
    const published = master ? masterRenditions(master) : [];
    const readyNames = new Set(published.map((rendition) => rendition.uri.split('/')[0]));
    const planned =
      row.source_width && row.source_height
        ? planLadder({ width: row.source_width, height: row.source_height, fps: row.source_fps ?? 30 }).map(
            (plan) => ({ name: plan.rung.name, height: Math.min(plan.width, plan.height) }),
          )
        : published.map((rendition) => ({ name: rendition.uri.split('/')[0]!, height: rendition.height }));
    const ownsStream = owner === row.id;
    const storedFiles = ownsStream ? await files.list(`private/videos/${row.id}`) : [];
    return {
      id: row.id,
      target: {
        title_id: row.title_id,
        title_name: row.title_name,
        episode_id: row.episode_id,
        episode_label: row.episode_id === null ? null : episodeLabel({ ...row, name: row.episode_name }),
      },
      status: row.status,
      job:
        row.job_id !== null && row.job_state !== null
          ? {
              id: row.job_id,
              state: row.job_state,
              progress: row.job_progress ?? 0,
              attempts: row.job_attempts ?? 0,
              max_attempts: row.job_max_attempts ?? 0,
            }
          : null,
      last_error: row.last_error,
      duration_seconds: row.duration_seconds,
      size_bytes: storedFiles.reduce((sum, entry) => sum + entry.size, 0),
      source:
        row.source_filename !== null
          ? {
              filename: row.source_filename,
              size_bytes: row.source_size ?? 0,
              width: row.source_width ?? 0,
              height: row.source_height ?? 0,
            }
          : null,
      renditions: planned.map((rendition) => ({ ...rendition, ready: readyNames.has(rendition.name) })),
      stream_owner_id: row.url ? owner : null,
      captions: await repo.captions(row.id),
      audio: await videoAudio(row.id),
      created_at: row.created_at,
    };
  }

  async function videoAudio(id: number): Promise<VideoAudio> {
    const main = await audioTracks.mainAudio(id);
    return {
      language: main.language,
      label: main.label,
      is_default: !main.set,
      tracks: (await audioTracks.ofVideo(id)).map(toAudioTrack),
    };
  }

  /** A video playing another's stream shares its transcode job and its captions: those are the owner's to change. */
  function assertOwnsStream(row: ConsoleVideoRow): void {
    const owner = streamFolderId(row.url);
    if (owner !== null && owner !== row.id) throw new Conflict(AdminMediaMessages.sharedStream);
  }

  /** The editor's view of a video's markers, with the operator's own (uncapped) link to its seek previews. */
  async function toVideoMarkers(row: ConsoleVideoRow): Promise<VideoMarkers> {
    const stored = await createVideoMarkersRepository(db).ofVideos([row.id]);
    const masterSuffix = `/${MEDIA_FILES.master}`;
    const thumbnails =
      row.status === 'ready' && row.url.endsWith(masterSuffix)
        ? signMediaUrl(config, `${row.url.slice(0, -masterSuffix.length)}/${MEDIA_FILES.thumbnails}`, {
            maxHeight: UNCAPPED_HEIGHT,
          })
        : null;
    return {
      video_id: row.id,
      season_id: row.season_id,
      duration_seconds: row.duration_seconds,
      // Only a signed link is of use to the browser: an unsigned private path is refused.
      thumbnails_url: thumbnails?.startsWith(`${SIGNED_MEDIA_PREFIX}/`) ? thumbnails : null,
      markers: stored.map(({ type, start, end }) => ({ type, start, end })),
    };
  }

  async function findRow(id: number): Promise<ConsoleVideoRow> {
    const row = await repo.find(id);
    if (!row) throw new NotFound(AdminMediaMessages.videoNotFound);
    return row;
  }

  /** The title and episode an upload names, checked against the catalog. */
  async function resolveTarget(metadata: Pick<UploadMetadata, 'title_id' | 'episode_id'>) {
    if (metadata.episode_id !== undefined) {
      const episode = await repo.findEpisode(metadata.episode_id);
      if (!episode) throw new NotFound(AdminMediaMessages.episodeNotFound);
      return { titleId: episode.title_id, episodeId: episode.id };
    }
    const title = metadata.title_id === undefined ? undefined : await repo.findTitle(metadata.title_id);
    if (!title) throw new NotFound(AdminMediaMessages.titleNotFound);
    if (title.type === 'tvshow')
      throw new Validation(AdminMediaMessages.titleIsShow, { title_id: [AdminMediaMessages.titleIsShow] });
    return { titleId: title.id, episodeId: null };
  }

  async function probeUpload(input: string): Promise<MediaInfo> {
    let info: MediaInfo;
    try {
      info = await probe(tools, input);
    } catch (error) {
      if (error instanceof NotAVideoError) throw new UnsupportedMedia(AdminMediaMessages.notAVideo);
      throw error;
    }
    if (info.durationSeconds < 1 || info.durationSeconds > MAX_DURATION_HOURS * 3600) {
      throw new UnsupportedMedia(AdminMediaMessages.durationOutOfRange(MAX_DURATION_HOURS));
    }
    return info;
  }

  /**
   * Rewrites the captions and audio tracks of a published stream; a stream not published yet gets
   * them from its transcode.
   */
  async function publishCaptions(row: ConsoleVideoRow): Promise<void> {
    if (row.duration_seconds === null) return;
    await publishVideoTracks(ctx, row.id, row.duration_seconds);
  }

  /** The refusal of an audio language the video has already, as its own audio or a track. */
  async function assertAudioLanguageFree(id: number, language: string, message: string): Promise<void> {
    const main = await audioTracks.mainAudio(id);
    const tracks = await audioTracks.ofVideo(id);
    if (main.language === language || tracks.some((track) => track.language === language))
      throw new Conflict(message);
  }

  return {
    /** Checks an upload's target before any byte is stored. */
    checkUploadTarget: resolveTarget,

    /**
     * A finished upload: its bytes are probed (a video stream and a plausible duration) before
     * anything else, where they are (a local file, or the bucket through a short-lived URL); then
     * the file becomes a source (DATA_DIR/sources, or `private/sources/` in the bucket) and, in
     * one transaction, the video
     * row, its source record, its transcode job and the audit entry are written. A video it
     * replaces keeps playing until the new one is playable, then it is deleted with its files.
     */
    async acceptUpload(upload: FinishedUpload): Promise<UploadResult> {
      const target = await resolveTarget(upload.metadata);
      const info = await probeUpload(await uploads.probeInput(upload.id));
      const name = `${upload.id.slice(uploads.idPrefix.length)}${safeExtension(upload.metadata.filename)}`;
      const source = await uploads.keepAsSource(upload.id, name);
      try {
        const actor = await auditActor(db, upload.userId);
        const replaces = await repo.currentVideoIds(target);
        return await db.transaction().execute(async (trx) => {
          const now = Date.now();
          const trxVideos = createVideosRepository(trx);
          const video = await trxVideos.insertPending({
            titleId: target.episodeId === null ? target.titleId : null,
            episodeId: target.episodeId,
            kind: 'main',
            sourcePath: source,
            now,
          });
          await trxVideos.insertSource({
            video_id: video.id,
            filename: upload.metadata.filename,
            size_bytes: upload.size,
            width: info.width,
            height: info.height,
            fps: info.fps,
            duration_seconds: info.durationSeconds,
            uploaded_by: upload.userId,
            created_at: now,
          });
          const job = await jobs.enqueue(
            'transcode',
            {
              videoId: video.id,
              discardSource: true,
              ...(replaces.length > 0 ? { supersedes: replaces } : {}),
            },
            { within: trx },
          );
          await trxVideos.setJob(video.id, job.id);
          await recordAudit(trx, {
            actor,
            action: 'video.upload',
            entityType: 'video',
            entityId: video.id,
            after: {
              title_id: target.titleId,
              episode_id: target.episodeId,
              filename: upload.metadata.filename,
              size_bytes: upload.size,
              width: info.width,
              height: info.height,
              duration_seconds: info.durationSeconds,
              job_id: job.id,
              replaces,
            },
          });
          return { video_id: video.id, job_id: job.id };
        });
      } catch (error) {
        await deleteSource(files, source);
        throw error;
      }
    },

    async targets(q: string): Promise<MediaTarget[]> {
      const titles = await repo.searchTitles(q, TARGETS_LIMIT);
      const shows = titles.filter((title) => title.type === 'tvshow').map((title) => title.id);
      const episodes = await repo.episodesOf(shows);
      const { byTitle, byEpisode } = await repo.mainVideosOf(
        titles.filter((title) => title.type === 'movie').map((title) => title.id),
        episodes.map((episode) => episode.id),
      );
      return titles.map((title) => ({
        title_id: title.id,
        name: title.name,
        type: title.type,
        is_published: title.is_published === 1,
        video: byTitle.get(title.id) ?? null,
        episodes: episodes
          .filter((episode) => episode.title_id === title.id)
          .map((episode) => ({
            episode_id: episode.id,
            label: episodeLabel(episode),
            video: byEpisode.get(episode.id) ?? null,
          })),
      }));
    },

    async list(query: {
      page: number;
      per_page: number;
      status?: ConsoleVideoRow['status'] | undefined;
      q?: string | undefined;
    }): Promise<AdminVideoList> {
      const { rows, total } = await repo.list({
        status: query.status,
        q: query.q,
        limit: query.per_page,
        offset: (query.page - 1) * query.per_page,
      });
      return {
        items: await Promise.all(rows.map(toAdminVideo)),
        total,
        page: query.page,
        per_page: query.per_page,
      };
    },

    detail: async (id: number) => toAdminVideo(await findRow(id)),

    /** Queues a failed or cancelled transcode again, from the uploaded file. */
    async retry(id: number, userId: number): Promise<AdminVideo> {
      const row = await findRow(id);
      assertOwnsStream(row);
      if (row.job_id === null || (row.job_state !== 'failed' && row.job_state !== 'cancelled'))
        throw new Conflict(AdminMediaMessages.notRetryable);
      if (!row.source_path || !(await sourceExists(files, row.source_path)))
        throw new Conflict(AdminMediaMessages.sourceGone);
      const actor = await auditActor(db, userId);
      const jobId = row.job_id;
      if (!(await jobs.retry(jobId))) throw new Conflict(AdminMediaMessages.notRetryable);
      await db.transaction().execute(async (trx) => {
        await createVideosRepository(trx).markRetrying(id);
        await recordAudit(trx, {
          actor,
          action: 'video.retry',
          entityType: 'video',
          entityId: id,
          before: { status: row.status, job_state: row.job_state, last_error: row.last_error },
          after: { job_state: 'queued' },
        });
      });
      return toAdminVideo(await findRow(id));
    },

    /** Stops a queued or running transcode; what it already published stays playable. */
    async cancel(id: number, userId: number): Promise<AdminVideo> {
      const row = await findRow(id);
      assertOwnsStream(row);
      if (row.job_id === null || (row.job_state !== 'queued' && row.job_state !== 'running'))
        throw new Conflict(AdminMediaMessages.notCancellable);
      const actor = await auditActor(db, userId);
      if (!(await jobs.cancel(row.job_id))) throw new Conflict(AdminMediaMessages.notCancellable);
      await db.transaction().execute(async (trx) => {
        await recordAudit(trx, {
          actor,
          action: 'video.cancel',
          entityType: 'video',
          entityId: id,
          before: { status: row.status, job_state: row.job_state, progress: row.job_progress },
          after: { job_state: 'cancelled' },
        });
      });
      return toAdminVideo(await findRow(id));
    },

    /** Deletes a video: its transcode stops, and its files go unless another video plays them. */
    async remove(id: number, userId: number): Promise<void> {
      const row = await findRow(id);
      const video = await videos.findById(id);
      if (!video) throw new NotFound(AdminMediaMessages.videoNotFound);
      const actor = await auditActor(db, userId);
      await removeVideo(removal, video, (trx) =>
        recordAudit(trx, {
          actor,
          action: 'video.delete',
          entityType: 'video',
          entityId: id,
          before: {
            title_id: row.title_id,
            episode_id: row.episode_id,
            status: row.status,
            url: row.url,
            filename: row.source_filename,
          },
        }),
      );
      if (row.status === 'ready') await invalidateCatalog(ctx.cache);
    },

    markers: async (id: number) => toVideoMarkers(await findRow(id)),

    /**
     * Replaces a video's markers after checking them all against each other and its duration:
     * every problem is reported at once (a 422 by field) and nothing is stored unless none is found.
     */
    async replaceMarkers(id: number, markers: readonly Marker[], userId: number): Promise<VideoMarkers> {
      const row = await findRow(id);
      if (row.duration_seconds === null) throw new Conflict(MarkerMessages.durationUnknown);
      const problems = markerProblems(markers, row.duration_seconds);
      if (problems.length > 0) {
        const errors: Record<string, string[]> = {};
        for (const problem of problems) (errors[problem.field] ??= []).push(problem.message);
        throw new Validation(problems[0]!.message, errors);
      }
      // Milliseconds are as fine as a player seeks.
      const rounded = (seconds: number) => Math.round(seconds * 1000) / 1000;
      const next = markers
        .map((marker) => ({ type: marker.type, start: rounded(marker.start), end: rounded(marker.end) }))
        .sort((a, b) => a.start - b.start);
      const before = (await toVideoMarkers(row)).markers;
      const actor = await auditActor(db, userId);
      await db.transaction().execute(async (trx) => {
        await createVideoMarkersRepository(trx).replace(id, next, Date.now());
        await recordAudit(trx, {
          actor,
          action: 'video.markers',
          entityType: 'video',
          entityId: id,
          before: { markers: before },
          after: { markers: next },
        });
      });
      return toVideoMarkers(row);
    },

    /** Adds a caption track (WebVTT, or SRT converted to WebVTT) to a video and to its published stream. */
    async addCaption(
      id: number,
      fields: CaptionFields,
      file: { path: string; size: number } | undefined,
      userId: number,
    ): Promise<Caption> {
      const row = await findRow(id);
      assertOwnsStream(row);
      if (!file)
        throw new Validation(AdminMediaMessages.captionFileMissing, {
          file: [AdminMediaMessages.captionFileMissing],
        });
      if (file.size > CaptionLimits.maxBytes) throw new PayloadTooLarge(AdminMediaMessages.captionTooLarge);
      let body: string;
      try {
        body = toWebVtt(await readFile(file.path));
      } catch (error) {
        if (!(error instanceof CaptionFormatError)) throw error;
        const message =
          error.reason === 'not-text'
            ? AdminMediaMessages.captionNotText
            : AdminMediaMessages.captionNotVttOrSrt;
        throw new Validation(message, { file: [message] });
      }
      const language = normalizeLanguage(fields.language);
      if ((await repo.countCaptions(id)) >= CaptionLimits.maxTracks)
        throw new Conflict(AdminMediaMessages.captionsFull);
      if ((await repo.countCaptions(id, language)) > 0)
        throw new Conflict(AdminMediaMessages.captionLanguageTaken);
      const actor = await auditActor(db, userId);
      const caption = await db.transaction().execute(async (trx) => {
        const created = await createVideosRepository(trx).insertCaption({
          video_id: id,
          language,
          label: fields.label,
          body,
          created_at: Date.now(),
        });
        await recordAudit(trx, {
          actor,
          action: 'caption.create',
          entityType: 'video',
          entityId: id,
          after: { caption_id: created.id, language, label: fields.label, bytes: file.size },
        });
        return created;
      });
      await publishCaptions(row);
      return caption;
    },

    /**
     * Adds an audio language from an uploaded file: checked by its bytes (an audio stream and a
     * length matching the video's) before anything is stored; then the file waits in the file
     * store for the job that makes its rendition (decision 0047).
     */
    async addAudioTrack(
      id: number,
      fields: AudioTrackFields,
      file: { path: string; size: number; filename: string } | undefined,
      userId: number,
    ): Promise<AudioTrack> {
      const row = await findRow(id);
      assertOwnsStream(row);
      if (!file)
        throw new Validation(AdminMediaMessages.audioFileMissing, {
          file: [AdminMediaMessages.audioFileMissing],
        });
      if (row.status !== 'ready' || row.duration_seconds === null)
        throw new Conflict(AdminMediaMessages.audioNeedsStream);
      let durationSeconds: number;
      try {
        durationSeconds = (await probeAudio(tools, file.path)).durationSeconds;
      } catch (error) {
        if (!(error instanceof NotAudioError)) throw error;
        throw new Validation(AdminMediaMessages.notAudio, { file: [AdminMediaMessages.notAudio] });
      }
      if (!audioLengthMatches(durationSeconds, row.duration_seconds)) {
        const message = AdminMediaMessages.audioLengthMismatch(
          formatLength(durationSeconds),
          formatLength(row.duration_seconds),
        );
        throw new Validation(message, { file: [message] });
      }
      const language = normalizeLanguage(fields.language);
      await assertAudioLanguageFree(id, language, AdminMediaMessages.audioLanguageTaken);
      if ((await audioTracks.ofVideo(id)).length >= AudioLimits.maxTracks)
        throw new Conflict(AdminMediaMessages.audioTracksFull);

      const key = `${audioSourcesFolder(id)}/${randomBytes(12).toString('hex')}${safeExtension(file.filename)}`;
      await files.putFile(file.path, key);
      try {
        const actor = await auditActor(db, userId);
        const track = await db.transaction().execute(async (trx) => {
          const trxTracks = createAudioTracksRepository(trx);
          const created = await trxTracks.insert({
            video_id: id,
            language,
            label: fields.label,
            origin: 'upload',
            duration_seconds: Math.round(durationSeconds * 1000) / 1000,
            status: 'pending',
            source_path: key,
            created_at: Date.now(),
          });
          const job = await jobs.enqueue('media.audio-track', { trackId: created.id }, { within: trx });
          await trxTracks.setJob(created.id, job.id);
          await recordAudit(trx, {
            actor,
            action: 'audio-track.create',
            entityType: 'video',
            entityId: id,
            after: {
              audio_track_id: created.id,
              language,
              label: fields.label,
              bytes: file.size,
              duration_seconds: created.duration_seconds,
              job_id: job.id,
            },
          });
          return { ...created, job_id: job.id };
        });
        return toAudioTrack(track);
      } catch (error) {
        await files.delete(key);
        // Another upload in the same language got there first.
        if (isUniqueViolation(error)) throw new Conflict(AdminMediaMessages.audioLanguageTaken);
        throw error;
      }
    },

    /** Deletes an audio track: its job stops, the master stops listing it and its files go. */
    async deleteAudioTrack(id: number, trackId: number, userId: number): Promise<void> {
      const row = await findRow(id);
      const track = await audioTracks.find(id, trackId);
      if (!track) throw new NotFound(AdminMediaMessages.audioTrackNotFound);
      if (track.job_id !== null && (track.status === 'pending' || track.status === 'processing'))
        await jobs.cancel(track.job_id);
      const actor = await auditActor(db, userId);
      await db.transaction().execute(async (trx) => {
        await createAudioTracksRepository(trx).delete(trackId);
        await recordAudit(trx, {
          actor,
          action: 'audio-track.delete',
          entityType: 'video',
          entityId: id,
          before: {
            audio_track_id: track.id,
            language: track.language,
            label: track.label,
            origin: track.origin,
          },
        });
      });
      if (track.source_path) await files.delete(track.source_path);
      await publishCaptions(row);
    },

    /** Names the video's own audio, the default track of its master. */
    async setMainAudio(id: number, fields: AudioTrackFields, userId: number): Promise<VideoAudio> {
      const row = await findRow(id);
      assertOwnsStream(row);
      const language = normalizeLanguage(fields.language);
      const before = await audioTracks.mainAudio(id);
      if ((await audioTracks.ofVideo(id)).some((track) => track.language === language))
        throw new Conflict(AdminMediaMessages.mainAudioLanguageTaken);
      const actor = await auditActor(db, userId);
      await db.transaction().execute(async (trx) => {
        await createAudioTracksRepository(trx).setMainAudio(id, { language, label: fields.label });
        await recordAudit(trx, {
          actor,
          action: 'video.audio',
          entityType: 'video',
          entityId: id,
          before: { language: before.language, label: before.label },
          after: { language, label: fields.label },
        });
      });
      await publishCaptions(row);
      return videoAudio(id);
    },

    async deleteCaption(id: number, captionId: number, userId: number): Promise<void> {
      const row = await findRow(id);
      const caption = await repo.findCaption(id, captionId);
      if (!caption) throw new NotFound(AdminMediaMessages.captionNotFound);
      const actor = await auditActor(db, userId);
      await db.transaction().execute(async (trx) => {
        await createVideosRepository(trx).deleteCaption(captionId);
        await recordAudit(trx, {
          actor,
          action: 'caption.delete',
          entityType: 'video',
          entityId: id,
          before: { caption_id: caption.id, language: caption.language, label: caption.label },
        });
      });
      await publishCaptions(row);
    },
  };
}
export type AdminMediaService = ReturnType<typeof createAdminMediaService>;
