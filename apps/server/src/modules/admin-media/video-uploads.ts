import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { ERRORS, Server, type Upload } from '@tus/server';
import {
  AdminMediaMessages,
  AdminVideoUploadEndpoints,
  API_BASE,
  TUS_EXTENSIONS,
  TUS_METHOD_OVERRIDES,
  TUS_VERSION,
  UploadMetadataSchema,
  type UploadMetadata,
} from '@reeltime/contract';
import type { Config } from '../../config';
import { AppError } from '../../lib/errors';
import { ok } from '../../lib/envelope';
import type { AdminMediaService } from './admin-media.service';
import { StoreUnavailable } from '../../adapters/storage/file-store';
import { isS3Unavailable } from '../../adapters/storage/s3-unavailable';
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

/**
 * tus's refusals whose status the protocol gives otherwise than @tus/server does, or whose meaning
 * its status alone does not tell. tus answers 403 to a PATCH without Upload-Offset or without a
 * Content-Type; the protocol makes the first a bad request and the second 415. Bytes past the
 * declared Upload-Length stay 413, the status @tus/server (and tusd) give them (the protocol
 * names none), with a message of their own rather than the upload limit's.
 */
function protocolRefusal(error: unknown): TusError | undefined {
  if (error === ERRORS.MISSING_OFFSET) return tusError(400, AdminMediaMessages.offsetMissing);
  if (error === ERRORS.INVALID_CONTENT_TYPE) return tusError(415, AdminMediaMessages.chunkTypeMissing);
  if (error === ERRORS.ERR_SIZE_EXCEEDED || isBodyPastLength(error))
    return tusError(413, AdminMediaMessages.pastDeclaredLength);
  return undefined;
}

/**
 * The error tus's stream limiter raises when a body without Content-Length streams past the bytes
 * the upload has left (a body with one is refused as ERR_SIZE_EXCEEDED before it is read). It is
 * an Error carrying ERR_MAX_SIZE_EXCEEDED's status and body; the too-large refusal of a creation
 * is that plain object itself.
 */
const isBodyPastLength = (error: unknown) =>
  error instanceof Error &&
  isTusError(error) &&
  error.status_code === ERRORS.ERR_MAX_SIZE_EXCEEDED.status_code &&
  error.body === ERRORS.ERR_MAX_SIZE_EXCEEDED.body;

/** The method a request acts as: the one X-HTTP-Method-Override names (tus core), if it names one. */
function methodOf(raw: IncomingMessage): string | { refused: string } {
  const override = raw.headers['x-http-method-override'];
  if (override === undefined) return raw.method ?? 'GET';
  const method = String(override).trim().toUpperCase();
  return (TUS_METHOD_OVERRIDES as readonly string[]).includes(method)
    ? method
    : { refused: AdminMediaMessages.methodOverride };
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

/** The bucket holding uploads did not answer (after the S3 client's own retries). */
const isUnavailable = (error: unknown) => error instanceof StoreUnavailable || isS3Unavailable(error);

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
function webRequest(raw: IncomingMessage, method: string): Request {
  const headers = new Headers();
  for (let i = 0; i + 1 < raw.rawHeaders.length; i += 2)
    headers.append(raw.rawHeaders[i]!, raw.rawHeaders[i + 1]!);
  const hasBody = (method === 'PATCH' || method === 'POST') && raw.method !== 'GET' && raw.method !== 'HEAD';
  return new Request(`http://localhost${raw.url ?? '/'}`, {
    method,
    headers,
    ...(hasBody ? { body: bodyOf(raw), duplex: 'half' } : {}),
  } as RequestInit);
}

export interface VideoUploads {
  /**
   * Answers one tus request, as the method X-HTTP-Method-Override names when it names one; the
   * admin who sent it is already known.
   */
  handle(request: IncomingMessage, response: ServerResponse, userId: number): Promise<void>;
  /** Answers an OPTIONS request: the tus version, extensions and largest upload (no admin needed). */
  discover(request: IncomingMessage, response: ServerResponse): Promise<void>;
  /** Deletes uploads (finished or not) started longer ago than the expiry; returns how many. */
  sweepExpired(now?: number): Promise<number>;
}

/** An upload id as its URL shows it: tus's default, 32 hex digits. */
const URL_ID = /^[0-9a-f]{32}$/;

/**
 * The tus server of the console's video uploads (docs/decisions/0015-resumable-video-uploads.md),
 * over the upload storage the composition root chose (DATA_DIR/uploads or the media bucket, and a
 * lock shared by every process when Redis is configured, decision 0022), at most MEDIA_UPLOAD_MAX_BYTES per upload.
 * Creating an upload checks its metadata and target; the last PATCH has the service probe and
 * accept the file (or refuse it, deleting it) before the client hears that it is done.
 */
export function createVideoUploads(
  config: Config,
  storage: UploadStorage,
  service: AdminMediaService,
  log: Pick<FastifyBaseLogger, 'error'>,
): VideoUploads {
  const { idPrefix } = storage;
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
    namingFunction: () => `${idPrefix}${randomBytes(16).toString('hex')}`,
    // Ids under a prefix (the bucket's `private/uploads/`) show only their own part in URLs.
    ...(idPrefix
      ? {
          generateUrl: (_request: Request, { path: base, id }: { path: string; id: string }) =>
            `${base}/${id.slice(idPrefix.length)}`,
          getFileIdFromRequest: (_request: Request, lastPath?: string) =>
            lastPath !== undefined && URL_ID.test(lastPath) ? `${idPrefix}${lastPath}` : undefined,
        }
      : {}),

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
      try {
        const result = await service.acceptUpload({
          id: upload.id,
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
        await storage.discard(upload.id).catch((cause: unknown) => {
          log.error({ err: cause, uploadId: upload.id }, 'could not delete a refused upload');
        });
        if (error instanceof AppError) throw tusError(error.statusCode, error.message, error.errors);
        if (isTusError(error)) throw error;
        if (isUnavailable(error)) throw tusError(503, AdminMediaMessages.storageUnavailable);
        log.error({ err: error, uploadId: upload.id }, 'could not accept an upload');
        throw tusError(500, AdminMediaMessages.uploadFailed);
      }
    },

    onResponseError(_request, error) {
      const refusal = protocolRefusal(error);
      if (refusal) return refusal;
      if (isUnavailable(error)) return tusError(503, AdminMediaMessages.storageUnavailable);
      if (isTusError(error) && error.body.startsWith('{')) return error;
      const status = isTusError(error) ? error.status_code : 500;
      if (status >= 500 && error !== LOCK_SERVICE_UNAVAILABLE)
        log.error({ err: error }, 'video upload failed');
      return tusError(status, messageFor(status, isTusError(error) ? error.body : '', maxBytes));
    },
  });

  /** Writes tus's answer; every refusal leaves as the API's JSON error envelope. */
  async function send(answer: Response, raw: IncomingMessage, method: string, response: ServerResponse) {
    if (response.destroyed) return;
    if (answer.status >= 400 && method !== 'HEAD') {
      // tus writes some refusals (a bad header, an unknown upload) as plain text.
      const text = await answer.text();
      const body = isEnvelope(text) ? text : envelope(messageFor(answer.status, text, maxBytes));
      const headers = Object.fromEntries(answer.headers);
      delete headers['content-length'];
      response.writeHead(answer.status, { ...headers, 'content-type': 'application/json; charset=utf-8' });
      response.end(body);
      return;
    }
    response.writeHead(answer.status, Object.fromEntries(answer.headers));
    // An answer to HEAD, or to a POST acting as HEAD, has no body.
    const hasBody = answer.body !== null && method !== 'HEAD' && raw.method !== 'HEAD';
    response.end(hasBody ? Buffer.from(await answer.arrayBuffer()) : undefined);
  }

  /** A refusal tus never gets to see: the protocol says the request is not processed at all. */
  function refuse(response: ServerResponse, status: number, message: string, method: string) {
    const headers: Record<string, string> = { 'Tus-Resumable': TUS_VERSION };
    if (status === 412) headers['Tus-Version'] = TUS_VERSION;
    if (method === 'HEAD') {
      response.writeHead(status, headers).end();
      return;
    }
    response.writeHead(status, { ...headers, 'Content-Type': 'application/json; charset=utf-8' });
    response.end(envelope(message));
  }

  return {
    async handle(raw, response, userId) {
      const method = methodOf(raw);
      if (typeof method !== 'string') return refuse(response, 400, method.refused, raw.method ?? 'POST');
      // tus answers a missing Tus-Resumable with 412 but a wrong one with 400, and neither with the
      // Tus-Version the protocol requires.
      if (raw.headers['tus-resumable'] !== TUS_VERSION)
        return refuse(response, 412, AdminMediaMessages.tusVersion, method);
      const request = webRequest(raw, method);
      senders.set(request, userId);
      await send(await server.handleWeb(request), raw, method, response);
    },

    async discover(raw, response) {
      const answer = await server.handleWeb(webRequest(raw, 'OPTIONS'));
      // The file store names every extension it could serve; these are the ones this server does.
      if (answer.status === 204) answer.headers.set('Tus-Extension', TUS_EXTENSIONS.join(','));
      await send(answer, raw, 'OPTIONS', response);
    },

    sweepExpired: (now) => sweepExpiredUploads(storage, now),
  };
}
