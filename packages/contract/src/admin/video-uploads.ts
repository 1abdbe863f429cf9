import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { UploadResultSchema } from './media';

/** The content type of a tus chunk. */
export const TUS_CHUNK_CONTENT_TYPE = 'application/offset+octet-stream';

const tags = ['admin: video uploads'];
const tusResumable = { description: 'The tus protocol version: `1.0.0`.', required: true };
const UploadParamsSchema = z.object({
  uploadId: z.string().regex(/^[0-9a-f]{32}$/, { error: 'The upload id is not one this server gives.' }),
});

/** The errors every tus request about an existing upload can give. */
const existingUploadErrors = {
  403: 'The request comes from another site (its Origin is not this site).',
  404: 'No upload has this id (it was finished, abandoned or never existed).',
  410: 'The upload expired and was deleted.',
  412: 'Tus-Resumable is missing or names a version other than 1.0.0.',
} as const;

/**
 * Resumable video uploads over tus 1.0.0 (creation, core and termination). tus answers on the raw
 * response: its success answers carry headers, not the API's envelope; its refusals carry the
 * API's error envelope. The completed upload's last PATCH answers with the new video and its job.
 */
export const AdminVideoUploadEndpoints = {
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
        description: 'The size of the whole file in bytes; at most MAX_UPLOAD_MB.',
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
      headers: { Location: 'The upload URL.', 'Tus-Resumable': 'Always `1.0.0`.' },
    },
    errors: {
      400: 'Upload-Length is missing or not a number, or Upload-Metadata is malformed.',
      403: existingUploadErrors[403],
      404: 'The title or episode named in the metadata does not exist.',
      412: existingUploadErrors[412],
      413: 'Upload-Length is larger than MAX_UPLOAD_MB.',
      422: 'The metadata names no target or both, or the file is empty.',
      503: 'The upload lock service (Redis) cannot be reached; try again.',
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
    success: {
      status: 200,
      description: 'No body: the offset is in Upload-Offset.',
      headers: {
        'Upload-Offset': 'The bytes received so far.',
        'Upload-Length': 'The size of the whole file.',
        'Cache-Control': 'Always `no-store`.',
      },
    },
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
    headers: {
      'Tus-Resumable': tusResumable,
      'Upload-Offset': { description: 'Where these bytes start: the offset HEAD gave.', required: true },
    },
    rawBody: { contentType: TUS_CHUNK_CONTENT_TYPE, description: 'The next bytes of the file.' },
    success: [
      {
        status: 204,
        description: 'The bytes were stored; the file is not complete yet.',
        headers: { 'Upload-Offset': 'The bytes received so far.' },
      },
      {
        status: 200,
        description: 'The file is complete and is a video: it is queued for transcoding.',
        data: UploadResultSchema,
        headers: { 'Upload-Offset': 'The whole size of the file.' },
      },
    ],
    errors: {
      ...existingUploadErrors,
      409: 'Upload-Offset is not the offset the server has (HEAD gives the right one).',
      413: 'The bytes go past Upload-Length.',
      415: 'The body is not application/offset+octet-stream, or the completed file is not a video ffprobe can read.',
      503: 'The upload lock service (Redis) cannot be reached; try again.',
    },
  }),
  abandon: defineEndpoint({
    method: 'DELETE',
    path: '/admin/uploads/:uploadId',
    access: 'admin',
    tags,
    description: 'Abandons the upload and deletes its bytes (tus termination).',
    params: UploadParamsSchema,
    headers: { 'Tus-Resumable': tusResumable },
    success: { status: 204, description: 'The upload is gone.' },
    errors: existingUploadErrors,
  }),
};
