import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { FormLimits, ServerMessages } from '@reeltime/contract';
import { AppError } from '../lib/errors';
import { nestFormFields, parseFieldName } from './form-fields';
import { routeAccepts } from './content-types';

/** Errors of the multipart parser that already carry a status (size limits) keep it; the rest are malformed input. */
function asClientError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && code.startsWith('FST_')) return error;
  return new AppError(400, ServerMessages.malformed);
}

/** Multipart requests: fields become the body (nested by their brackets), files go to `request.uploads`. */
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
    app.decorateRequest('uploads', {
      getter() {
        return ((this as FastifyRequest & { _uploads?: Map<string, Buffer> })._uploads ??= new Map());
      },
    });
    // Only routes that declare multipart read a form: anywhere else the body is never parsed.
    app.addHook('preValidation', async (request) => {
      if (!request.isMultipart() || !routeAccepts(request, 'multipart/form-data')) return;
      const fields: [string, string][] = [];
      try {
        for await (const part of request.parts()) {
          parseFieldName(part.fieldname);
          if (part.type === 'file') {
            const bytes = await part.toBuffer();
            if (bytes.length > 0) request.uploads.set(part.fieldname, bytes);
          } else if (part.valueTruncated) {
            throw new AppError(413, ServerMessages.fieldTooLong);
          } else if (typeof part.value === 'string') {
            fields.push([part.fieldname, part.value]);
          }
        }
      } catch (error) {
        throw asClientError(error);
      }
      request.body = nestFormFields(fields);
    });
  },
  { name: 'forms', dependencies: ['context'] },
);
