/** The console's video uploads, transcoding and captions: schemas and endpoints. */
import { z } from 'zod';
import { IdSchema, PageQuerySchema } from '../common';
import { defineEndpoint } from '../endpoint';
import { MarkerMessages, VideoMarkersBodySchema, VideoMarkersSchema } from '../markers';

export const AdminMediaMessages = {
  targetMissing: 'Choose the title or the episode this video belongs to.',
  targetBoth: 'A video belongs to a title or to one of its episodes, not both.',
  titleNotFound: 'That title does not exist.',
  titleIsShow: 'A TV show plays its episodes: choose an episode.',
  episodeNotFound: 'That episode does not exist.',
  filenameMissing: 'The upload must name its file.',
  sizeRequired: 'The upload must say its size in advance.',
  emptyFile: 'The file is empty.',
  tooLarge: (limit: string) => `The file is larger than the upload limit of ${limit}.`,
  pastDeclaredLength: 'These bytes go past the length the upload declared (Upload-Length).',
  offsetMissing: 'Say where these bytes start with Upload-Offset.',
  chunkTypeMissing: 'Send the bytes as application/offset+octet-stream.',
  tusVersion: 'This server speaks tus 1.0.0: send Tus-Resumable: 1.0.0.',
  methodOverride: 'X-HTTP-Method-Override must name PATCH, HEAD or DELETE.',
  notAVideo: 'The file is not a video that can be played: no video stream or no duration was found in it.',
  durationOutOfRange: (hours: number) =>
    `The video's duration is not plausible (it must be between one second and ${hours} hours).`,
  uploadGone: 'This upload no longer exists; it may have expired. Start the upload again.',
  uploadFailed: 'The upload could not be stored. Try again.',
  storageUnavailable:
    'The media storage does not answer for the moment; the upload resumes by itself once it does.',
  videoNotFound: 'That video does not exist.',
  notRetryable: 'Only a failed or cancelled transcode can be retried.',
  notCancellable: 'Only a queued or running transcode can be cancelled.',
  sourceGone: 'The uploaded file of this video is gone; upload it again.',
  sharedStream: 'This video plays another video’s stream: retry, cancel or caption that video instead.',
  captionNotFound: 'Those captions do not exist.',
  captionFileMissing: 'Choose a WebVTT (.vtt) or SRT (.srt) file.',
  captionTooLarge: 'A caption file can be at most 2 MB.',
  captionNotText: 'The caption file must be UTF-8 text.',
  captionNotVttOrSrt:
    'The file is neither WebVTT nor SRT: no cue such as "00:00:01,000 --> 00:00:04,000" was found.',
  captionLanguage: 'The language must be a code such as en or pt-BR.',
  captionLabel: 'The label must be 1 to 40 characters, such as English or Français.',
  captionLabelTooLong: 'The label can be at most 40 characters.',
  filenameTooLong: 'The file name can be at most 255 characters.',
  captionLanguageTaken: 'This video already has captions in that language; delete them first.',
  captionsFull: 'A video can have at most 20 caption tracks.',
  audioTrackNotFound: 'That audio track does not exist.',
  audioFileMissing: 'Choose an audio file (MP3, M4A/AAC, WAV, FLAC, Ogg or Opus).',
  notAudio: 'The file is not audio that can be played: no audio stream or no duration was found in it.',
  audioLengthMismatch: (audio: string, video: string) =>
    `The audio is ${audio} long but the video is ${video}: an audio track must be as long as its video.`,
  audioLanguageTaken: 'This video already has audio in that language; delete that track first.',
  mainAudioLanguageTaken: 'An audio track of this video is in that language already; delete it first.',
  audioTracksFull: 'A video can have at most 8 audio tracks besides its own.',
  audioNeedsStream: 'The video must be transcoded and playable before it gets audio tracks.',
  audioTrackAdded: 'Audio track added: it plays once its rendition is made.',
  audioTrackDeleted: 'Audio track deleted.',
  mainAudioSaved: 'The video’s own audio is renamed.',
  uploaded: 'Upload complete: the video is checked and its transcode is queued.',
  retried: 'The transcode is queued again.',
  cancelled: 'The transcode is cancelled.',
  deleted: 'The video and its files are deleted.',
  captionAdded: 'Captions added.',
  captionDeleted: 'Captions deleted.',
} as const;

/** Limits the console checks before sending and the server enforces. */
export const CaptionLimits = { maxBytes: 2 * 1024 * 1024, maxTracks: 20 } as const;

/** Audio tracks besides the one muxed into the video's renditions (the file size is the upload limit). */
export const AudioLimits = { maxTracks: 8 } as const;

/**
 * The tus `Upload-Metadata` of a video upload: the file's name and its target, a title (a movie's
 * main video) or an episode. Values arrive as text.
 */
export const UploadMetadataSchema = z
  .object({
    filename: z
      .string({ error: AdminMediaMessages.filenameMissing })
      .trim()
      .min(1, { error: AdminMediaMessages.filenameMissing })
      .max(255, { error: AdminMediaMessages.filenameTooLong }),
    filetype: z.string().max(255).optional(),
    title_id: IdSchema.optional(),
    episode_id: IdSchema.optional(),
  })
  .superRefine((value, ctx) => {
    if (value.title_id === undefined && value.episode_id === undefined)
      ctx.addIssue({ code: 'custom', path: ['title_id'], message: AdminMediaMessages.targetMissing });
    if (value.title_id !== undefined && value.episode_id !== undefined)
      ctx.addIssue({ code: 'custom', path: ['episode_id'], message: AdminMediaMessages.targetBoth });
  });
export type UploadMetadata = z.infer<typeof UploadMetadataSchema>;

export const VideoStatusSchema = z.enum(['pending', 'processing', 'ready', 'failed']);
export const JobStateSchema = z.enum(['queued', 'running', 'done', 'failed', 'cancelled']);

/** What a video is for: a movie's main video, or an episode's. */
export const VideoTargetSchema = z.object({
  title_id: z.number().int(),
  title_name: z.string(),
  episode_id: z.number().int().nullable(),
  /** "S1 E3 · Name" for an episode; null for a movie. */
  episode_label: z.string().nullable(),
});

export const RenditionStateSchema = z.object({
  name: z.string(),
  height: z.number().int(),
  ready: z.boolean(),
});

export const CaptionSchema = z.object({
  id: z.number().int(),
  language: z.string(),
  label: z.string(),
  created_at: z.number().int(),
});
export type Caption = z.infer<typeof CaptionSchema>;

/**
 * An audio language of a video besides its own (muxed) audio: uploaded by an operator or taken
 * from the source's further audio streams. Members hear it once its rendition is `ready`.
 */
export const AudioTrackSchema = z.object({
  id: z.number().int(),
  language: z.string(),
  label: z.string(),
  origin: z.enum(['upload', 'source']),
  status: z.enum(['pending', 'processing', 'ready', 'failed']),
  duration_seconds: z.number(),
  last_error: z.string().nullable(),
  created_at: z.number().int(),
});
export type AudioTrack = z.infer<typeof AudioTrackSchema>;

/** The audio muxed into the renditions (the default track) and the video's other audio tracks. */
export const VideoAudioSchema = z.object({
  language: z.string(),
  label: z.string(),
  /** True while nobody named it (nor the source's tag): the site's default, English. */
  is_default: z.boolean(),
  tracks: z.array(AudioTrackSchema),
});
export type VideoAudio = z.infer<typeof VideoAudioSchema>;

export const AdminVideoSchema = z.object({
  id: z.number().int(),
  target: VideoTargetSchema,
  status: VideoStatusSchema,
  /** The transcode job's state; null when the video has no job (an imported link or a shared stream). */
  job: z
    .object({
      id: z.number().int(),
      state: JobStateSchema,
      /** 0–100. */
      progress: z.number(),
      attempts: z.number().int(),
      max_attempts: z.number().int(),
    })
    .nullable(),
  last_error: z.string().nullable(),
  duration_seconds: z.number().nullable(),
  /** Bytes of the stream's files in the file store (0 for a video sharing another's stream). */
  size_bytes: z.number(),
  /** The uploaded file, while it is kept (until the transcode has finished). */
  source: z
    .object({
      filename: z.string(),
      size_bytes: z.number(),
      width: z.number().int(),
      height: z.number().int(),
    })
    .nullable(),
  /** The ladder planned for the source, lowest first, and which rendition is playable already. */
  renditions: z.array(RenditionStateSchema),
  /** The id of the video whose stream this one plays (its own id when it owns it). */
  stream_owner_id: z.number().int().nullable(),
  captions: z.array(CaptionSchema),
  audio: VideoAudioSchema,
  created_at: z.number().int(),
});
export type AdminVideo = z.infer<typeof AdminVideoSchema>;

export const AdminVideoListQuerySchema = PageQuerySchema.extend({
  status: VideoStatusSchema.optional(),
  /** Matches the title's name. */
  q: z.string().trim().max(100).optional(),
});

export const AdminVideoListSchema = z.object({
  items: z.array(AdminVideoSchema),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
});
export type AdminVideoList = z.infer<typeof AdminVideoListSchema>;

export const MediaTargetsQuerySchema = z.object({ q: z.string().trim().max(100).default('') });

const TargetVideoSchema = z.object({ id: z.number().int(), status: VideoStatusSchema }).nullable();

/** A title an upload can go to, with its episodes for a show, and the video each has now. */
export const MediaTargetSchema = z.object({
  title_id: z.number().int(),
  name: z.string(),
  type: z.enum(['movie', 'tvshow']),
  is_published: z.boolean(),
  video: TargetVideoSchema,
  episodes: z.array(
    z.object({
      episode_id: z.number().int(),
      label: z.string(),
      video: TargetVideoSchema,
    }),
  ),
});
export type MediaTarget = z.infer<typeof MediaTargetSchema>;

export const VideoParamsSchema = z.object({ id: IdSchema });
export const CaptionParamsSchema = z.object({ id: IdSchema, captionId: IdSchema });
export const AudioTrackParamsSchema = z.object({ id: IdSchema, trackId: IdSchema });

/** BCP 47 language tag, short form: `en`, `pt-BR`, `zh-Hant`. */
export const CaptionLanguageSchema = z
  .string({ error: AdminMediaMessages.captionLanguage })
  .trim()
  .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})?$/, { error: AdminMediaMessages.captionLanguage });

/** The fields of a caption upload; the file travels as the multipart part `file`. */
export const CaptionFieldsSchema = z.strictObject({
  language: CaptionLanguageSchema,
  label: z
    .string({ error: AdminMediaMessages.captionLabel })
    .trim()
    .min(1, { error: AdminMediaMessages.captionLabel })
    .max(40, { error: AdminMediaMessages.captionLabelTooLong })
    .regex(/^[^"\r\n]+$/, { error: AdminMediaMessages.captionLabel }),
});
export type CaptionFields = z.infer<typeof CaptionFieldsSchema>;

/** The fields of an audio track upload (language and label, as for captions); the file is the part `file`. */
export const AudioTrackFieldsSchema = CaptionFieldsSchema;
export type AudioTrackFields = CaptionFields;

/** What the video's own (muxed) audio is called: its language and label. */
export const MainAudioBodySchema = CaptionFieldsSchema;
export type MainAudioBody = CaptionFields;

/** What the tus upload's last PATCH answers once the file is accepted. */
export const UploadResultSchema = z.object({ video_id: z.number().int(), job_id: z.number().int() });
export type UploadResult = z.infer<typeof UploadResultSchema>;

const tags = ['admin'];
const VIDEO_MISSING = 'The video does not exist.';
const SHARED_STREAM = 'the video plays another video’s stream (that video owns its transcode and captions)';

/** The console's videos: targets, transcodes and captions (uploads themselves speak tus). */
export const AdminMediaEndpoints = {
  targets: defineEndpoint({
    method: 'GET',
    path: '/admin/media/targets',
    access: 'admin',
    tags,
    description:
      'Titles (with their episodes) a video can be uploaded for, matching `q`, and the video each has.',
    query: MediaTargetsQuerySchema,
    success: { status: 200, data: z.array(MediaTargetSchema) },
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/admin/videos',
    access: 'admin',
    tags,
    description:
      'Full videos of titles and episodes, newest first: state, transcode progress, renditions, storage size and captions.',
    query: AdminVideoListQuerySchema,
    success: { status: 200, data: AdminVideoListSchema },
  }),
  detail: defineEndpoint({
    method: 'GET',
    path: '/admin/videos/:id',
    access: 'admin',
    tags,
    description: 'One video with its live transcode progress; poll it while the transcode runs.',
    params: VideoParamsSchema,
    success: { status: 200, data: AdminVideoSchema },
    errors: { 404: VIDEO_MISSING },
  }),
  retry: defineEndpoint({
    method: 'POST',
    path: '/admin/videos/:id/retry',
    access: 'admin',
    tags,
    description: 'Queues a failed or cancelled transcode again from the uploaded file.',
    params: VideoParamsSchema,
    success: { status: 200, data: AdminVideoSchema },
    errors: {
      404: VIDEO_MISSING,
      409: `The transcode is neither failed nor cancelled, the uploaded file is gone, or ${SHARED_STREAM}.`,
    },
  }),
  cancel: defineEndpoint({
    method: 'POST',
    path: '/admin/videos/:id/cancel',
    access: 'admin',
    tags,
    description: 'Cancels a queued or running transcode; renditions already published stay.',
    params: VideoParamsSchema,
    success: { status: 200, data: AdminVideoSchema },
    errors: { 404: VIDEO_MISSING, 409: `The transcode is not queued or running, or ${SHARED_STREAM}.` },
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/admin/videos/:id',
    access: 'admin',
    tags,
    description:
      'Deletes a video: its transcode is cancelled and its stream and uploaded file are deleted from storage, unless another video plays the same stream.',
    params: VideoParamsSchema,
    success: { status: 200, data: z.null() },
    errors: { 404: VIDEO_MISSING },
  }),
  addCaption: defineEndpoint({
    method: 'POST',
    path: '/admin/videos/:id/captions',
    access: 'admin',
    tags,
    description:
      'Adds a caption track: the file (WebVTT, or SRT converted to WebVTT), its `language` (en, pt-BR) and `label`. Members see it in the player.',
    params: VideoParamsSchema,
    encoding: 'form',
    body: CaptionFieldsSchema,
    files: {
      file: {
        description: `The captions: a WebVTT (.vtt) or SRT (.srt) file in UTF-8, at most ${CaptionLimits.maxBytes / 1024 / 1024} MB.`,
        required: true,
      },
    },
    success: { status: 201, data: CaptionSchema },
    errors: {
      404: VIDEO_MISSING,
      409: `The video has captions in that language already, or ${CaptionLimits.maxTracks} tracks, or ${SHARED_STREAM}.`,
      413: `The body is too large, or the caption file is larger than ${CaptionLimits.maxBytes / 1024 / 1024} MB.`,
    },
  }),
  markers: defineEndpoint({
    method: 'GET',
    path: '/admin/videos/:id/markers',
    access: 'admin',
    tags,
    description:
      "A video's intro, recap and credits markers (seconds, by start), with its duration and its signed seek-preview thumbnails for the editor.",
    params: VideoParamsSchema,
    success: { status: 200, data: VideoMarkersSchema },
    errors: { 404: VIDEO_MISSING },
  }),
  replaceMarkers: defineEndpoint({
    method: 'PUT',
    path: '/admin/videos/:id/markers',
    access: 'admin',
    tags,
    description:
      "Replaces a video's markers with the list sent (an empty list removes them). At most one of each type; each must end after it starts and within the video's duration, and no two may overlap (touching is fine). Every problem is a 422 naming its field (`markers.1.end`); nothing is stored unless all are right.",
    params: VideoParamsSchema,
    body: VideoMarkersBodySchema,
    success: { status: 200, data: VideoMarkersSchema },
    errors: { 404: VIDEO_MISSING, 409: MarkerMessages.durationUnknown },
  }),
  addAudioTrack: defineEndpoint({
    method: 'POST',
    path: '/admin/videos/:id/audio-tracks',
    access: 'admin',
    tags,
    description:
      'Adds an audio language: the file (any common audio format, checked by its bytes), its `language` (en, pt-BR) and `label`. Its length must be the video’s within 2 s (or 1 % of a long video). A job makes its rendition; members can pick it in the player once it is `ready`.',
    params: VideoParamsSchema,
    encoding: 'form',
    body: AudioTrackFieldsSchema,
    files: {
      file: {
        description: 'The audio: MP3, M4A/AAC, WAV, FLAC, Ogg or Opus, within the upload size limit.',
        required: true,
        noun: 'audio file',
      },
    },
    success: { status: 201, data: AudioTrackSchema },
    errors: {
      404: VIDEO_MISSING,
      409: `The video has audio in that language already, or ${AudioLimits.maxTracks} tracks, or is not playable yet, or ${SHARED_STREAM}.`,
      413: 'The audio file is larger than the upload limit.',
      422: 'The file has no audio, its length is not the video’s, or the language or label is not valid.',
    },
  }),
  deleteAudioTrack: defineEndpoint({
    method: 'DELETE',
    path: '/admin/videos/:id/audio-tracks/:trackId',
    access: 'admin',
    tags,
    description: 'Deletes an audio track: its files go and the stream no longer lists it.',
    params: AudioTrackParamsSchema,
    success: { status: 200, data: z.null() },
    errors: { 404: 'The video or that audio track does not exist.' },
  }),
  setMainAudio: defineEndpoint({
    method: 'PUT',
    path: '/admin/videos/:id/audio',
    access: 'admin',
    tags,
    description:
      'Names the video’s own audio (the one in its renditions, the default track): its `language` and `label`.',
    params: VideoParamsSchema,
    body: MainAudioBodySchema,
    success: { status: 200, data: VideoAudioSchema },
    errors: {
      404: VIDEO_MISSING,
      409: `An audio track of the video is in that language, or ${SHARED_STREAM}.`,
    },
  }),
  deleteCaption: defineEndpoint({
    method: 'DELETE',
    path: '/admin/videos/:id/captions/:captionId',
    access: 'admin',
    tags,
    description: 'Deletes a caption track from the video and its stream.',
    params: CaptionParamsSchema,
    success: { status: 200, data: z.null() },
    errors: { 404: 'The video or those captions do not exist.' },
  }),
};
