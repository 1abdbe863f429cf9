import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import path from 'node:path';
import { FormLimits, ServerMessages } from '@reeltime/contract';
import { AppError, PayloadTooLarge } from '../lib/errors';
import { MINUTE_MS } from '../lib/time';
import { nestFormFields, parseFieldName } from './form-fields';
import { routeAccepts } from './content-types';
import { removeStaleUploads, UploadSpool, type UploadedFile } from './upload-spool';

/** A spooled file this old cannot belong to a request still in flight. */
const STALE_UPLOAD_MS = 60 * MINUTE_MS;

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Files of a multipart request, by field name: temporary local files, filled before
     * validation and deleted once the response has been sent.
     */
    uploads: Map<string, UploadedFile>;
  }
  interface FastifyContextConfig {
    /**
     * The route reads its multipart body itself with `request.parts()` (streaming each file where
     * it belongs, with its own limit); the forms plugin leaves the body alone. The parser still
     * cuts a file at MAX_UPLOAD_MB (`part.file.truncated`), so a route's own limit stays below it.
     */
    streamedUploads?: boolean;
  }
}

/** Whether the multipart parser or the spool refused a file for passing MAX_UPLOAD_MB. */
function isFileTooLarge(error: unknown): boolean {
  if (error instanceof PayloadTooLarge) return error.message === ServerMessages.tooLarge;
  return (error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE';
}

/** The 413 of a file past the upload limit names the file as its endpoint does, and the limit. */
function fileTooLarge(request: FastifyRequest, fieldName: string): AppError {
  const noun = request.routeOptions.config.endpoint?.files?.[fieldName]?.noun ?? 'file';
  return new PayloadTooLarge(ServerMessages.fileTooLarge(noun, request.server.ctx.config.maxUploadMb));
}

/** Errors of the multipart parser that already carry a status (size limits) keep it; the rest are malformed input. */
function asClientError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && code.startsWith('FST_')) return error;
  return new AppError(400, ServerMessages.malformed);
}

/** Multipart requests: fields become the body (nested by their brackets), files go to `request.uploads` on disk. */
export const formsPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(multipart, {
      limits: {
        fileSize: app.ctx.config.maxUploadBytes,
        files: FormLimits.maxFiles,
        fields: FormLimits.maxFields,
        parts: FormLimits.maxParts,
        fieldSize: FormLimits.maxFieldBytes,
        fieldNameSize: 100,
      },
      throwFileSizeLimit: true,
    });
    const uploadsDir = path.join(app.ctx.config.dataDir, 'tmp', 'uploads');
    app.addHook('onReady', async () => {
      // In the background: start never waits on it.
      removeStaleUploads(uploadsDir, STALE_UPLOAD_MS).catch((error: unknown) =>
        app.log.warn({ err: error }, 'could not remove stale uploads'),
      );
    });
    app.decorateRequest('uploads', {
      getter() {
        return ((this as FastifyRequest & { _uploads?: Map<string, UploadedFile> })._uploads ??= new Map());
      },
    });
    // A form refused while it is still arriving is never read to its end, so its connection cannot
    // carry another request: it closes once the answer is out, which also stops the upload.
    app.addHook('onSend', async (request, reply) => {
      if (request.raw.complete === false && request.isMultipart()) reply.header('connection', 'close');
    });
    // Only routes that declare multipart read a form: anywhere else the body is never parsed.
    app.addHook('preValidation', async (request, reply) => {
      if (!request.isMultipart() || !routeAccepts(request, 'multipart/form-data')) return;
      if (request.routeOptions.config.streamedUploads) return;
      const spool = new UploadSpool(uploadsDir);
      // 'close' comes after the response is sent, and also when the client goes away first.
      reply.raw.once('close', () => {
        spool
          .discard()
          .catch((error: unknown) => request.log.warn({ err: error }, 'could not delete uploads'));
      });
      const fields: [string, string][] = [];
      let fileField: string | undefined;
      try {
        for await (const part of request.parts()) {
          parseFieldName(part.fieldname);
          if (part.type === 'file') {
            fileField = part.fieldname;
            const upload = await spool.save(part);
            if (upload) request.uploads.set(part.fieldname, upload);
          } else if (part.valueTruncated) {
            throw new AppError(413, ServerMessages.fieldTooLong);
          } else if (typeof part.value === 'string') {
            fields.push([part.fieldname, part.value]);
          }
        }
      } catch (error) {
        if (fileField !== undefined && isFileTooLarge(error)) throw fileTooLarge(request, fileField);
        throw asClientError(error);
      }
      request.body = nestFormFields(fields);
    });
  },
  { name: 'forms', dependencies: ['context'] },
);
