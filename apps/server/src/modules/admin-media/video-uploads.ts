import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { Server, type Upload } from '@tus/server';
import {
  AdminMediaMessages,
  AdminVideoUploadEndpoints,
  API_BASE,
  UploadMetadataSchema,
  type UploadMetadata,
} from '@reeltime/contract';
import type { Config } from '../../config';
import { AppError } from '../../lib/errors';
import { ok } from '../../lib/envelope';
import type { AdminMediaService } from './admin-media.service';
import { LOCK_SERVICE_UNAVAILABLE } from './redis-upload-locker';
import { sweepExpiredUploads, type UploadStorage } from './upload-storage';

/** tus answers errors as `{ status_code, body }`; ours carry the API's error envelope as the body. */
interface TusError {
  status_code: number;
  body: string;
}

const envelope = (message: string, errors?: Record<string, string[]>) =>
  JSON.stringify({ status: false, message, ...(errors ? { errors } : {}) });

const tusError = (status: number, message: string, errors?: Record<string, string[]>): TusError => ({
  status_code: status,
  body: envelope(message, errors),
});

function isEnvelope(text: string): boolean {
  try {
    const parsed = JSON.parse(text) as { status?: unknown; message?: unknown };
    return parsed.status === false && typeof parsed.message === 'string';
  } catch {
    return false;
  }
}

const isTusError = (value: unknown): value is TusError =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as TusError).status_code === 'number' &&
  typeof (value as TusError).body === 'string';

/** What tus's own refusals say, in the console's words where it has them. */
function messageFor(status: number, body: string, maxBytes: number): string {
  if (status === 413) return AdminMediaMessages.tooLarge(formatBytes(maxBytes));
  if (status === 404 || status === 410) return AdminMediaMessages.uploadGone;
  return body.trim() || AdminMediaMessages.uploadFailed;
}

export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${Number.isInteger(value) ? value : value.toFixed(1)} ${units[unit]}`;
}

/** The metadata of an upload, checked; a tus error naming the first problem otherwise. */
function checkedMetadata(metadata: Upload['metadata']): UploadMetadata {
  const values = Object.fromEntries(
    Object.entries(metadata ?? {}).filter(([, value]) => value !== null && value !== ''),
  );
  const parsed = UploadMetadataSchema.safeParse(values);
  if (parsed.success) return parsed.data;
  const errors: Record<string, string[]> = {};
  for (const issue of parsed.error.issues)
    (errors[issue.path.join('.') || 'metadata'] ??= []).push(issue.message);
  throw tusError(422, parsed.error.issues[0]?.message ?? AdminMediaMessages.targetMissing, errors);
}

/** What the body is read in: large writes cost the file store far less than the socket's 64 KB pieces. */
const BODY_PIECE_BYTES = 1024 * 1024;

/**
 * The request body as a web stream of pieces of about 1 MB, read straight from the socket and up
 * to four pieces ahead, so the socket is read while the disk writes. A client that goes away ends
 * the stream rather than failing it, so tus keeps the bytes that arrived and the next HEAD reports
 * them as the offset to resume from.
 */
function bodyOf(raw: IncomingMessage): ReadableStream<Uint8Array> {
  const chunks = raw[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const parts: Buffer[] = [];
        let size = 0;
        let ended = false;
        try {
          while (size < BODY_PIECE_BYTES) {
            const next = await chunks.next();
            if (next.done) {
              ended = true;
              break;
            }
            parts.push(next.value);
            size += next.value.length;
          }
        } catch {
          ended = true;
        }
        if (size > 0) controller.enqueue(parts.length === 1 ? parts[0]! : Buffer.concat(parts, size));
        if (ended) controller.close();
      },
      async cancel() {
        await chunks.return?.();
      },
    },
    { highWaterMark: 4 },
  );
}

/**
 * The Node request as a web Request for tus. tus would otherwise wrap the socket in a web stream
 * of 64 KB pieces and unwrap it again, which costs more than the disk write it feeds (see
 * docs/decisions/0015). The origin is fixed: tus answers with relative Locations.
 */
function webRequest(raw: IncomingMessage): Request {
  const headers = new Headers();
  for (let i = 0; i + 1 < raw.rawHeaders.length; i += 2)
    headers.append(raw.rawHeaders[i]!, raw.rawHeaders[i + 1]!);
  const method = raw.method ?? 'GET';
  const hasBody = method === 'PATCH' || method === 'POST';
  return new Request(`http://localhost${raw.url ?? '/'}`, {
    method,
    headers,
    ...(hasBody ? { body: bodyOf(raw), duplex: 'half' } : {}),
  } as RequestInit);
}

export interface VideoUploads {
  /** Answers one tus request; the admin who sent it is already known. */
  handle(
    request: IncomingMessage,
    response: import('node:http').ServerResponse,
    userId: number,
  ): Promise<void>;
  /** Deletes uploads (finished or not) started longer ago than the expiry; returns how many. */
  sweepExpired(now?: number): Promise<number>;
  directory: string;
}

/**
 * The tus server of the console's video uploads (docs/decisions/0015-resumable-video-uploads.md),
 * over the upload storage the composition root chose (DATA_DIR/uploads, and a lock shared by every
 * process when Redis is configured, decision 0022), at most MEDIA_UPLOAD_MAX_BYTES per upload.
 * Creating an upload checks its metadata and target; the last PATCH has the service probe and
 * accept the file (or refuse it, deleting it) before the client hears that it is done.
 */
export function createVideoUploads(
  config: Config,
  storage: UploadStorage,
  service: AdminMediaService,
  log: Pick<FastifyBaseLogger, 'error'>,
): VideoUploads {
  const { directory } = storage;
  const maxBytes = config.media.uploadMaxBytes;
  const senders = new WeakMap<Request, number>();

  const senderOf = (request: Request): number => {
    const userId = senders.get(request);
    if (userId === undefined) throw new Error('a tus request arrived without its admin');
    return userId;
  };

  const server = new Server({
    path: `${API_BASE}${AdminVideoUploadEndpoints.create.path}`,
    datastore: storage.store,
    locker: storage.locker,
    maxSize: maxBytes,
    relativeLocation: true,
    respectForwardedHeaders: config.trustProxy,
    // The console is served from the same origin; no other site may drive an upload.
    allowedOrigins: [new URL(config.publicUrl).origin],
    namingFunction: () => randomBytes(16).toString('hex'),

    async onUploadCreate(request, upload) {
      if (upload.sizeIsDeferred || upload.size === undefined)
        throw tusError(400, AdminMediaMessages.sizeRequired);
      if (upload.size === 0) throw tusError(422, AdminMediaMessages.emptyFile);
      const metadata = checkedMetadata(upload.metadata);
      try {
        await service.checkUploadTarget(metadata);
      } catch (error) {
        if (error instanceof AppError) throw tusError(error.statusCode, error.message, error.errors);
        throw error;
      }
      return { metadata: { ...upload.metadata, uploaded_by: String(senderOf(request)) } };
    },

    async onUploadFinish(request, upload) {
      const file = path.join(directory, upload.id);
      try {
        const result = await service.acceptUpload({
          id: upload.id,
          file,
          size: upload.size ?? upload.offset,
          metadata: checkedMetadata(upload.metadata),
          userId: senderOf(request),
        });
        return {
          status_code: 200,
          headers: { 'Content-Type': 'application/json; charset=utf-8' },
          body: JSON.stringify(ok(result, AdminMediaMessages.uploaded)),
        };
      } catch (error) {
        // A refused file is not kept: the operator uploads another one.
        await rm(file, { force: true });
        await rm(`${file}.json`, { force: true });
        if (error instanceof AppError) throw tusError(error.statusCode, error.message, error.errors);
        if (isTusError(error)) throw error;
        log.error({ err: error, uploadId: upload.id }, 'could not accept an upload');
        throw tusError(500, AdminMediaMessages.uploadFailed);
      } finally {
        // Accepted: the file moved to the sources folder, so the upload's record goes too.
        await rm(`${file}.json`, { force: true });
      }
    },

    onResponseError(_request, error) {
      if (isTusError(error) && error.body.startsWith('{')) return error;
      const status = isTusError(error) ? error.status_code : 500;
      if (status >= 500 && error !== LOCK_SERVICE_UNAVAILABLE)
        log.error({ err: error }, 'video upload failed');
      return tusError(status, messageFor(status, isTusError(error) ? error.body : '', maxBytes));
    },
  });

  return {
    directory,
    async handle(raw, response, userId) {
      const request = webRequest(raw);
      senders.set(request, userId);
      const answer = await server.handleWeb(request);
      if (response.destroyed) return;
      if (answer.status >= 400 && raw.method !== 'HEAD') {
        // tus writes some refusals (a bad header, an unknown upload) as plain text: every refusal
        // leaves as the API's JSON error envelope.
        const text = await answer.text();
        const body = isEnvelope(text) ? text : envelope(messageFor(answer.status, text, maxBytes));
        const headers = Object.fromEntries(answer.headers);
        delete headers['content-length'];
        response.writeHead(answer.status, { ...headers, 'content-type': 'application/json; charset=utf-8' });
        response.end(body);
        return;
      }
      response.writeHead(answer.status, Object.fromEntries(answer.headers));
      response.end(answer.body ? Buffer.from(await answer.arrayBuffer()) : undefined);
    },

    sweepExpired: (now) => sweepExpiredUploads(storage, now),
  };
}
