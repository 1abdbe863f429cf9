import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminMediaMessages,
  AdminMediaPaths,
  AdminVideoListQuerySchema,
  AdminVideoListSchema,
  AdminVideoSchema,
  CaptionFieldsSchema,
  CaptionParamsSchema,
  CaptionSchema,
  MediaTargetSchema,
  MediaTargetsQuerySchema,
  SuccessEnvelope,
  VideoParamsSchema,
} from '@reeltime/contract';
import { ok } from '../../lib/envelope';
import { MINUTE_MS } from '../../lib/time';
import { createAdminMediaService } from './admin-media.service';
import { createVideoUploads } from './video-uploads';
import { videoUploadRoutes } from './video-uploads.routes';

const tags = ['admin'];
const security = [{ bearer: [] }];
const SWEEP_INTERVAL_MS = 60 * MINUTE_MS;

/** The console's video uploads, transcoding and captions (admin scope). */
export async function adminMediaRoutes(app: FastifyInstance): Promise<void> {
  const media = createAdminMediaService(app.ctx);
  const uploads = createVideoUploads(app.ctx.config, media, app.log, app.ctx.redis);
  const api = app.withTypeProvider<ZodTypeProvider>();

  // Abandoned uploads are deleted at start and every hour.
  let sweeping: Promise<void> = Promise.resolve();
  const sweep = () => {
    sweeping = sweeping.then(async () => {
      try {
        const removed = await uploads.sweepExpired();
        if (removed > 0) app.log.info({ removed }, 'deleted expired video uploads');
      } catch (error) {
        app.log.warn({ err: error }, 'could not sweep expired video uploads');
      }
    });
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', (done) => {
    sweep();
    timer = setInterval(sweep, SWEEP_INTERVAL_MS);
    timer.unref();
    done();
  });
  app.addHook('preClose', async () => {
    clearInterval(timer);
    await sweeping;
  });

  await app.register(videoUploadRoutes, { uploads });

  api.get(
    AdminMediaPaths.targets,
    {
      schema: {
        tags,
        security,
        description:
          'Titles (with their episodes) a video can be uploaded for, matching `q`, and the video each has.',
        querystring: MediaTargetsQuerySchema,
        response: { 200: SuccessEnvelope(z.array(MediaTargetSchema)) },
      },
    },
    async (request) => ok(await media.targets(request.query.q)),
  );

  api.get(
    AdminMediaPaths.videos,
    {
      schema: {
        tags,
        security,
        description:
          'Full videos of titles and episodes, newest first: state, transcode progress, renditions, storage size and captions.',
        querystring: AdminVideoListQuerySchema,
        response: { 200: SuccessEnvelope(AdminVideoListSchema) },
      },
    },
    async (request) => ok(await media.list(request.query)),
  );

  api.get(
    AdminMediaPaths.video,
    {
      schema: {
        tags,
        security,
        description: 'One video with its live transcode progress; poll it while the transcode runs.',
        params: VideoParamsSchema,
        response: { 200: SuccessEnvelope(AdminVideoSchema) },
      },
    },
    async (request) => ok(await media.detail(request.params.id)),
  );

  api.post(
    AdminMediaPaths.retry,
    {
      schema: {
        tags,
        security,
        description: 'Queues a failed or cancelled transcode again from the uploaded file (409 otherwise).',
        params: VideoParamsSchema,
        response: { 200: SuccessEnvelope(AdminVideoSchema) },
      },
    },
    async (request) => ok(await media.retry(request.params.id, request.user!.id), AdminMediaMessages.retried),
  );

  api.post(
    AdminMediaPaths.cancel,
    {
      schema: {
        tags,
        security,
        description:
          'Cancels a queued or running transcode (409 otherwise); renditions already published stay.',
        params: VideoParamsSchema,
        response: { 200: SuccessEnvelope(AdminVideoSchema) },
      },
    },
    async (request) =>
      ok(await media.cancel(request.params.id, request.user!.id), AdminMediaMessages.cancelled),
  );

  api.delete(
    AdminMediaPaths.video,
    {
      schema: {
        tags,
        security,
        description:
          'Deletes a video: its transcode is cancelled and its stream and uploaded file are deleted from storage, unless another video plays the same stream.',
        params: VideoParamsSchema,
        response: { 200: SuccessEnvelope(z.null()) },
      },
    },
    async (request) => {
      await media.remove(request.params.id, request.user!.id);
      return ok(null, AdminMediaMessages.deleted);
    },
  );

  api.post(
    AdminMediaPaths.captions,
    {
      schema: {
        tags,
        security,
        description:
          'Adds a caption track: multipart `file` (WebVTT, or SRT converted to WebVTT; at most 2 MB), `language` (en, pt-BR) and `label`. Members see it in the player.',
        consumes: ['multipart/form-data'],
        params: VideoParamsSchema,
        body: CaptionFieldsSchema,
        response: { 201: SuccessEnvelope(CaptionSchema) },
      },
    },
    async (request, reply) => {
      const caption = await media.addCaption(
        request.params.id,
        request.body,
        request.uploads.get('file'),
        request.user!.id,
      );
      return reply.status(201).send(ok(caption, AdminMediaMessages.captionAdded));
    },
  );

  api.delete(
    AdminMediaPaths.caption,
    {
      schema: {
        tags,
        security,
        description: 'Deletes a caption track from the video and its stream.',
        params: CaptionParamsSchema,
        response: { 200: SuccessEnvelope(z.null()) },
      },
    },
    async (request) => {
      await media.deleteCaption(request.params.id, request.params.captionId, request.user!.id);
      return ok(null, AdminMediaMessages.captionDeleted);
    },
  );
}
