import type { FastifyError, FastifyInstance, FastifyRequest, FastifySchemaValidationError } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  FormLimits,
  Messages,
  ServerMessages,
  SubmissionEndpoints,
  SUBMISSIONS_PER_HOUR,
} from '@reeltime/contract';
import { registerEndpoints } from '../../lib/endpoints';
import { ok } from '../../lib/envelope';
import { AppError, PayloadTooLarge, Validation } from '../../lib/errors';
import { MINUTE_MS } from '../../lib/time';
import { missingFileErrors, type SubmissionUploads } from './submission-files';
import { createSubmissionsService } from './submissions.service';

const CAST_IMAGE_FIELD = /^cast\[(\d+)\]\[image\]$/;

/**
 * The files of the form by what they belong to. Cast images are matched to members by index, as
 * the form numbers them from 0; an image whose index has no member is reported, never dropped.
 */
function submissionUploads(request: FastifyRequest, castCount: number): SubmissionUploads {
  const castImages = Array.from({ length: castCount }, (_, index) =>
    request.uploads.get(`cast[${index}][image]`),
  );
  const strayCastIndices = [...request.uploads.keys()]
    .map((field) => CAST_IMAGE_FIELD.exec(field)?.[1])
    .filter((index): index is string => index !== undefined && Number(index) >= castCount)
    .map(Number);
  return { thumbnail: request.uploads.get('thumnail'), castImages, strayCastIndices };
}

/**
 * How many cast members the body as received (not yet valid) has, for naming their missing images:
 * the list itself, or the JSON list a single `cast` form field holds.
 */
function castCountOf(body: unknown): number {
  let cast = (body as { cast?: unknown } | null | undefined)?.cast;
  if (typeof cast === 'string') {
    try {
      cast = JSON.parse(cast) as unknown;
    } catch {
      return 0;
    }
  }
  return Array.isArray(cast) && cast.length <= FormLimits.maxListItems ? cast.length : 0;
}

/**
 * A form refused by its fields also names its missing files, so every problem shows at once.
 * The forms plugin refuses a file past MAX_UPLOAD_MB, and a list index past the longest list,
 * while the form is still arriving and before this route sees which field it was; this names the
 * submission's own limits instead.
 */
function submissionFormError(error: FastifyError, request: FastifyRequest): never {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const missing = missingFileErrors(submissionUploads(request, castCountOf(request.body)));
    const issues: FastifySchemaValidationError[] = error.validation;
    for (const [field, [message]] of Object.entries(missing)) {
      issues.push({
        keyword: 'file',
        instancePath: `/${field.replaceAll('.', '/')}`,
        schemaPath: '',
        params: {},
        message,
      });
    }
    throw error;
  }
  if (
    error.code === 'FST_REQ_FILE_TOO_LARGE' ||
    (error instanceof PayloadTooLarge && error.message === ServerMessages.tooLarge)
  ) {
    throw new PayloadTooLarge(ServerMessages.submissionFileTooLarge);
  }
  if (error instanceof AppError && error.statusCode === 422 && error.errors?.cast) {
    throw new Validation(Messages.castTooMany, { cast: [Messages.castTooMany] });
  }
  throw error;
}

/** Titles members send for review, and their own list of them. */
export async function submissionsRoutes(app: FastifyInstance): Promise<void> {
  const submissions = createSubmissionsService(app.ctx);

  registerEndpoints(app, SubmissionEndpoints, {
    submit: {
      options: {
        config: {
          rateLimit: {
            max: SUBMISSIONS_PER_HOUR,
            timeWindow: 60 * MINUTE_MS,
            keyGenerator: (request) => `submit:${request.user?.id}`,
          },
        },
        errorHandler: submissionFormError,
      },
      handler: async (request) => {
        const uploads = submissionUploads(request, request.body.cast.length);
        return ok(
          await submissions.submit(request.user!.id, request.body, uploads),
          ServerMessages.submissionReceived,
        );
      },
    },
    mine: async (request) => ok(await submissions.listMine(request.user!.id)),
  });
}
