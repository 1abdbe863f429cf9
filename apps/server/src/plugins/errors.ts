import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ServerMessages } from '@reeltime/contract';
import { isDatabaseUnavailable } from '../lib/database-unavailable';
import { AppError, ServiceUnavailable, TooManyAttempts } from '../lib/errors';

type FieldErrors = Record<string, string[]>;

function addFieldError(errors: FieldErrors, field: string, message: string) {
  (errors[field] ??= []).push(message);
}

/** Fastify's own client errors, by code, mapped to a status and a safe message. */
const CLIENT_ERRORS: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: ServerMessages.malformed },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: ServerMessages.malformed },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: ServerMessages.unsupportedContentType },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: ServerMessages.malformed },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: 'The request body is too large.' },
  FST_REQ_FILE_TOO_LARGE: { status: 413, message: ServerMessages.tooLarge },
  FST_PARTS_LIMIT: { status: 413, message: 'The request has too many parts.' },
  FST_FILES_LIMIT: { status: 413, message: 'The request has too many files.' },
  FST_FIELDS_LIMIT: { status: 413, message: 'The request has too many fields.' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 400, message: ServerMessages.malformed },
  FST_PROTO_VIOLATION: { status: 400, message: ServerMessages.malformed },
  FST_ERR_VALIDATION: { status: 422, message: ServerMessages.validationFailed },
};

/** One error handler: typed errors and schema failures become the API envelope; 5xx stay generic. */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (hasZodFastifySchemaValidationErrors(error)) {
        const errors: FieldErrors = {};
        for (const issue of error.validation) {
          const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
          const unknownKeys = issue.keyword === 'unrecognized_keys' ? issue.params.keys : undefined;
          if (Array.isArray(unknownKeys)) {
            for (const key of unknownKeys) {
              const field = path ? `${path}.${String(key)}` : String(key);
              addFieldError(errors, field, ServerMessages.unknownField(field));
            }
            continue;
          }
          addFieldError(errors, path || 'request', issue.message ?? ServerMessages.validationFailed);
        }
        const first = Object.values(errors)[0]?.[0];
        return reply
          .status(422)
          .send({ status: false, message: first ?? ServerMessages.validationFailed, errors });
      }
      if (error instanceof ServiceUnavailable) {
        request.log.warn({ err: error.cause ?? error }, error.message);
        reply.header('retry-after', String(error.retryAfterSeconds));
      }
      if (error instanceof TooManyAttempts) reply.header('retry-after', String(error.retryAfterSeconds));
      if (error instanceof AppError) {
        return reply
          .status(error.statusCode)
          .send({ status: false, message: error.message, ...(error.errors ? { errors: error.errors } : {}) });
      }
      if (isResponseSerializationError(error)) {
        request.log.error({ err: error, cause: error.cause }, 'response did not match its schema');
        return reply.status(500).send({ status: false, message: ServerMessages.serverError });
      }
      const known = error.code ? CLIENT_ERRORS[error.code] : undefined;
      if (known) return reply.status(known.status).send({ status: false, message: known.message });
      if (error.statusCode === 429) {
        return reply.status(429).send({ status: false, message: ServerMessages.rateLimited });
      }
      if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
        return reply.status(error.statusCode).send({ status: false, message: ServerMessages.malformed });
      }
      if (isDatabaseUnavailable(error)) {
        request.log.warn({ err: error }, 'database unavailable');
        return reply
          .status(503)
          .header('retry-after', '5')
          .send({ status: false, message: ServerMessages.unavailable });
      }
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send({ status: false, message: ServerMessages.serverError });
    });
  },
  { name: 'errors' },
);
