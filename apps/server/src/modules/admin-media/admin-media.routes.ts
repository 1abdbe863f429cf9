import type { FastifyInstance } from 'fastify';
import { AdminMediaEndpoints, AdminMediaMessages, AdminMediaPaths } from '@reeltime/contract';
import { ok } from '../../lib/envelope';
import { registerEndpoints } from '../../lib/endpoints';
import { MINUTE_MS } from '../../lib/time';
import { createAdminMediaService } from './admin-media.service';
import { createVideoUploads } from './video-uploads';

const tags = ['admin'];
const security = [{ bearer: [] }];
const TUS_CONTENT_TYPE = 'application/offset+octet-stream';
const SWEEP_INTERVAL_MS = 60 * MINUTE_MS;

/** The console's video uploads, transcoding and captions (admin scope). */
export async function adminMediaRoutes(app: FastifyInstance): Promise<void> {
  const media = createAdminMediaService(app.ctx);
  const uploads = createVideoUploads(app.ctx.config, media, app.log, app.ctx.redis);

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

  // tus owns the request stream: the body is never parsed here, and tus answers on the raw response.
  await app.register(async (tus) => {
    tus.addContentTypeParser(TUS_CONTENT_TYPE, (_request, _payload, done) => done(null));
    const routes = [
      {
        url: AdminMediaPaths.uploads,
        method: ['POST'],
        description:
          "tus 1.0.0 creation: `Upload-Length` and `Upload-Metadata` (filename, and title_id or episode_id, base64) create an upload; the answer's Location is the upload URL.",
      },
      {
        url: `${AdminMediaPaths.uploads}/:uploadId`,
        method: ['HEAD', 'PATCH', 'DELETE'],
        description:
          'tus 1.0.0 upload: HEAD gives the offset to resume from, PATCH appends `application/offset+octet-stream` bytes at `Upload-Offset`, DELETE abandons it. The PATCH that completes the file answers 200 with `{ video_id, job_id }` once ffprobe has found a video in it, or 415 when it is not one.',
      },
    ] as const;
    for (const route of routes) {
      tus.route({
        method: [...route.method],
        url: route.url,
        schema: { tags, security, description: route.description, consumes: [TUS_CONTENT_TYPE] },
        handler: async (request, reply) => {
          reply.hijack();
          try {
            await uploads.handle(request.raw, reply.raw, request.user!.id);
          } catch (error) {
            request.log.error({ err: error }, 'video upload request failed');
            if (!reply.raw.headersSent) reply.raw.writeHead(500).end();
            else reply.raw.destroy();
          }
        },
      });
    }
  });

  registerEndpoints(app, AdminMediaEndpoints, {
    targets: async (request) => ok(await media.targets(request.query.q)),
    list: async (request) => ok(await media.list(request.query)),
    detail: async (request) => ok(await media.detail(request.params.id)),
    retry: async (request) =>
      ok(await media.retry(request.params.id, request.user!.id), AdminMediaMessages.retried),
    cancel: async (request) =>
      ok(await media.cancel(request.params.id, request.user!.id), AdminMediaMessages.cancelled),
    remove: async (request) => {
      await media.remove(request.params.id, request.user!.id);
      return ok(null, AdminMediaMessages.deleted);
    },
    addCaption: async (request) =>
      ok(
        await media.addCaption(
          request.params.id,
          request.body,
          request.uploads.get('file'),
          request.user!.id,
        ),
        AdminMediaMessages.captionAdded,
      ),
    deleteCaption: async (request) => {
      await media.deleteCaption(request.params.id, request.params.captionId, request.user!.id);
      return ok(null, AdminMediaMessages.captionDeleted);
    },
  });
}
