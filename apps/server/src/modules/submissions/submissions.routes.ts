import type { FastifyError, FastifyInstance, FastifyRequest, FastifySchemaValidationError } from 'fastify';
import { hasZodFastifySchemaValidationErrors, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApiPaths,
  FormLimits,
  Messages,
  MySubmissionSchema,
  ServerMessages,
  SubmissionFieldsSchema,
  SubmissionResultSchema,
  SuccessEnvelope,
} from '@reeltime/contract';
import { ok } from '../../lib/envelope';
import { AppError, PayloadTooLarge, Validation } from '../../lib/errors';
import { MINUTE_MS } from '../../lib/time';
import { FORM_OR_JSON } from '../../plugins/content-types';
import { missingFileErrors, type SubmissionUploads } from './submission-files';
import { createSubmissionsService } from './submissions.service';

/** Failed attempts count too, so the limit leaves room for a few corrections. */
const SUBMISSIONS_PER_HOUR = 10;
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

/** How many cast members the body as received (not yet valid) has, for naming their missing images. */
function castCountOf(body: unknown): number {
  const cast = (body as { cast?: unknown } | null | undefined)?.cast;
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

export async function submissionsRoutes(app: FastifyInstance): Promise<void> {
  const submissions = createSubmissionsService(app.ctx);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['submissions'];
  const security = [{ bearer: [] }];

  api.post(
    ApiPaths.submitMovie,
    {
      config: {
        rateLimit: {
          max: SUBMISSIONS_PER_HOUR,
          timeWindow: 60 * MINUTE_MS,
          keyGenerator: (request) => `submit:${request.user?.id}`,
        },
        fileFields: {
          thumnail: 'Required: a JPEG, PNG, WebP or GIF image of at most 5 MB (checked by its bytes).',
          'cast[i][image]':
            'Required for each cast member i: a JPEG, PNG, WebP or GIF image of at most 2 MB (400x400 recommended).',
        },
      },
      errorHandler: submissionFormError,
      schema: {
        tags,
        security,
        description:
          'A movie or show for review, with at least one and at most 20 cast members. Multipart for the files; 413 names the limit of a file that is too large, 415 refuses a file that is not an image.',
        consumes: FORM_OR_JSON,
        body: SubmissionFieldsSchema,
        response: { 201: SuccessEnvelope(SubmissionResultSchema) },
      },
    },
    async (request, reply) => {
      const uploads = submissionUploads(request, request.body.cast.length);
      const result = await submissions.submit(request.user!.id, request.body, uploads);
      return reply.status(201).send(ok(result, ServerMessages.submissionReceived));
    },
  );

  api.get(
    ApiPaths.mySubmissions,
    {
      schema: {
        tags,
        security,
        description: "The member's own submissions, newest first.",
        response: { 200: SuccessEnvelope(z.array(MySubmissionSchema)) },
      },
    },
    async (request) => ok(await submissions.listMine(request.user!.id)),
  );
}
