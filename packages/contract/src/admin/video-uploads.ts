import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { UploadResultSchema } from './media';

/** The content type of a tus chunk. */
export const TUS_CHUNK_CONTENT_TYPE = 'application/offset+octet-stream';
/** The one tus version the server speaks. */
export const TUS_VERSION = '1.0.0';
/**
 * The tus extensions the server supports, as OPTIONS lists them. Not `creation-defer-length`: an
 * upload must say its size when it is created. Not `creation-with-upload`: the bytes come by PATCH.
 */
export const TUS_EXTENSIONS = ['creation', 'expiration', 'termination'] as const;
/** The methods a POST to an upload's URL may act as, named in X-HTTP-Method-Override. */
export const TUS_METHOD_OVERRIDES = ['PATCH', 'HEAD', 'DELETE'] as const;

const tags = ['admin: video uploads'];
const tusResumable = { description: 'The tus protocol version: `1.0.0`.', required: true };
const answerTusResumable = { 'Tus-Resumable': 'Always `1.0.0`.' } as const;
const UploadParamsSchema = z.object({
  uploadId: z.string().regex(/^[0-9a-f]{32}$/, { error: 'The upload id is not one this server gives.' }),
});

const wrongVersion =
  'Tus-Resumable is missing or names a version other than 1.0.0; the answer’s Tus-Version lists the versions this server speaks (`1.0.0`).';

/** The errors every tus request about an existing upload can give. */
const existingUploadErrors = {
  404: 'No upload has this id (it was finished, abandoned or never existed).',
  410: 'The upload expired and was deleted.',
  412: wrongVersion,
  503: 'The upload lock service (Redis) cannot be reached; try again.',
} as const;

const appendHeaders = {
  'Tus-Resumable': tusResumable,
  'Upload-Offset': { description: 'Where these bytes start: the offset HEAD gave.', required: true },
} as const;

const appendErrors = {
  ...existingUploadErrors,
  400: 'Upload-Offset is missing or not a whole number of bytes.',
  409: 'Upload-Offset is not the offset the server has (HEAD gives the right one).',
  413: 'The bytes go past the Upload-Length the upload declared.',
  415: 'The body is not application/offset+octet-stream (or has no Content-Type), or the completed file is not a video ffprobe can read.',
} as const;

const appendSuccesses = [
  {
    status: 204,
    description: 'The bytes were stored; the file is not complete yet.',
    headers: {
      ...answerTusResumable,
      'Upload-Offset': 'The bytes received so far.',
      'Upload-Expires': 'When the unfinished upload expires and is deleted.',
    },
  },
  {
    status: 200,
    description: 'The file is complete and is a video: it is queued for transcoding.',
    data: UploadResultSchema,
    headers: { ...answerTusResumable, 'Upload-Offset': 'The whole size of the file.' },
  },
] as const;

const offsetSuccess = {
  status: 200,
  description: 'No body: the offset is in Upload-Offset.',
  headers: {
    ...answerTusResumable,
    'Upload-Offset': 'The bytes received so far.',
    'Upload-Length': 'The size of the whole file.',
    'Upload-Metadata': 'The metadata the upload was created with.',
    'Cache-Control': 'Always `no-store`.',
  },
} as const;

const abandonSuccess = {
  status: 204,
  description: 'The upload is gone.',
  headers: answerTusResumable,
} as const;

/**
 * Resumable video uploads over tus 1.0.0 (core, creation, expiration and termination). tus answers
 * on the raw response: its success answers carry headers, not the API's envelope; its refusals
 * carry the API's error envelope. Every answer but OPTIONS's carries `Tus-Resumable: 1.0.0`. The
 * completed upload's last PATCH answers 200 with the new video and its job.
 */
export const AdminVideoUploadEndpoints = {
  discover: defineEndpoint({
    method: 'OPTIONS',
    path: '/admin/uploads',
    // What it tells is the server's limits, nothing about any upload; a browser's CORS preflight
    // carries no token, and tus clients ask before they authenticate anything.
    access: 'public',
    tags,
    description:
      'What the server supports (tus discovery): the tus version, its extensions and the largest upload. Needs no token: it tells only limits. `Tus-Resumable` is ignored.',
    success: {
      status: 204,
      description: 'No body: the answers are in the headers.',
      headers: {
        ...answerTusResumable,
        'Tus-Version': 'The versions the server speaks: `1.0.0`.',
        'Tus-Extension': `The extensions it supports: \`${TUS_EXTENSIONS.join(',')}\`.`,
        'Tus-Max-Size': 'The largest upload in bytes (MEDIA_UPLOAD_MAX_BYTES).',
      },
    },
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/admin/uploads',
    access: 'admin',
    tags,
    description:
      'Creates an upload (tus creation). `Upload-Metadata` carries, base64-encoded, `filename` and either `title_id` (a movie) or `episode_id`.',
    headers: {
      'Tus-Resumable': tusResumable,
      'Upload-Length': {
        description: 'The size of the whole file in bytes; at most MEDIA_UPLOAD_MAX_BYTES (Tus-Max-Size).',
        required: true,
      },
      'Upload-Metadata': {
        description: 'Comma-separated `key base64(value)` pairs: `filename`, and `title_id` or `episode_id`.',
        required: true,
      },
    },
    success: {
      status: 201,
      description: 'The upload exists; send its bytes with PATCH to its Location.',
      headers: {
        ...answerTusResumable,
        Location: 'The upload URL.',
        'Upload-Expires': 'When the unfinished upload expires and is deleted.',
      },
    },
    errors: {
      400: 'Upload-Length is missing or not a number (or Upload-Defer-Length is sent instead), Upload-Metadata is malformed, or X-HTTP-Method-Override names a method other than PATCH, HEAD or DELETE.',
      404: 'The title or episode named in the metadata does not exist, or X-HTTP-Method-Override asks for PATCH, HEAD or DELETE, which need an upload’s URL.',
      412: wrongVersion,
      413: 'Upload-Length is larger than MEDIA_UPLOAD_MAX_BYTES (Tus-Max-Size).',
      422: 'The metadata names no target or both, or the file is empty.',
      503: existingUploadErrors[503],
    },
  }),
  offset: defineEndpoint({
    method: 'HEAD',
    path: '/admin/uploads/:uploadId',
    access: 'admin',
    tags,
    description: 'How many bytes the server has (tus core): the offset to resume the upload from.',
    params: UploadParamsSchema,
    headers: { 'Tus-Resumable': tusResumable },
    success: offsetSuccess,
    errors: existingUploadErrors,
  }),
  append: defineEndpoint({
    method: 'PATCH',
    path: '/admin/uploads/:uploadId',
    access: 'admin',
    tags,
    description:
      'Appends bytes at `Upload-Offset` (tus core). The PATCH that completes the file checks it with ffprobe and answers with the new video and its transcode job.',
    params: UploadParamsSchema,
    headers: appendHeaders,
    rawBody: { contentType: TUS_CHUNK_CONTENT_TYPE, description: 'The next bytes of the file.' },
    success: appendSuccesses,
    errors: appendErrors,
  }),
  abandon: defineEndpoint({
    method: 'DELETE',
    path: '/admin/uploads/:uploadId',
    access: 'admin',
    tags,
    description: 'Abandons the upload and deletes its bytes (tus termination).',
    params: UploadParamsSchema,
    headers: { 'Tus-Resumable': tusResumable },
    success: abandonSuccess,
    errors: existingUploadErrors,
  }),
  override: defineEndpoint({
    method: 'POST',
    path: '/admin/uploads/:uploadId',
    access: 'admin',
    tags,
    description:
      'A PATCH, HEAD or DELETE of the upload sent as a POST, for clients whose network does not let those methods through (tus `X-HTTP-Method-Override`): it acts and answers exactly as the method it names.',
    params: UploadParamsSchema,
    headers: {
      ...appendHeaders,
      'X-HTTP-Method-Override': {
        description: 'The method this request acts as: PATCH, HEAD or DELETE.',
        required: true,
      },
      'Upload-Offset': { description: 'For PATCH: where these bytes start.', required: false },
    },
    rawBody: { contentType: TUS_CHUNK_CONTENT_TYPE, description: 'For PATCH: the next bytes of the file.' },
    success: [
      {
        ...appendSuccesses[0],
        description: 'As PATCH: the bytes were stored. As DELETE: the upload is gone.',
      },
      {
        ...appendSuccesses[1],
        description:
          'As PATCH: the file is complete and is a video, queued for transcoding. As HEAD: no body, the offset is in Upload-Offset (with Upload-Length, Upload-Metadata and `Cache-Control: no-store`).',
      },
    ],
    errors: {
      ...appendErrors,
      400: `X-HTTP-Method-Override is missing or names a method other than PATCH, HEAD or DELETE. As PATCH: ${appendErrors[400]}`,
    },
  }),
};
