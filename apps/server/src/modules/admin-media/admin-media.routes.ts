import type { FastifyInstance } from 'fastify';
import { AdminMediaEndpoints, AdminMediaMessages, MarkerMessages } from '@reeltime/contract';
import { ok } from '../../lib/envelope';
import { registerEndpoints } from '../../lib/endpoints';
import { createAdminMediaService } from './admin-media.service';
import { createVideoUploads } from './video-uploads';
import { videoUploadRoutes } from './video-uploads.routes';

/** The console's video uploads, transcoding and captions (admin scope). */
export async function adminMediaRoutes(app: FastifyInstance): Promise<void> {
  const media = createAdminMediaService(app.ctx);
  const uploads = createVideoUploads(app.ctx.config, app.ctx.uploads, media, app.log);

  await app.register(videoUploadRoutes, { uploads });

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
    markers: async (request) => ok(await media.markers(request.params.id)),
    replaceMarkers: async (request) =>
      ok(
        await media.replaceMarkers(request.params.id, request.body.markers, request.user!.id),
        MarkerMessages.saved,
      ),
    addAudioTrack: async (request) =>
      ok(
        await media.addAudioTrack(
          request.params.id,
          request.body,
          request.uploads.get('file'),
          request.user!.id,
        ),
        AdminMediaMessages.audioTrackAdded,
      ),
    deleteAudioTrack: async (request) => {
      await media.deleteAudioTrack(request.params.id, request.params.trackId, request.user!.id);
      return ok(null, AdminMediaMessages.audioTrackDeleted);
    },
    setMainAudio: async (request) =>
      ok(
        await media.setMainAudio(request.params.id, request.body, request.user!.id),
        AdminMediaMessages.mainAudioSaved,
      ),
    deleteCaption: async (request) => {
      await media.deleteCaption(request.params.id, request.params.captionId, request.user!.id);
      return ok(null, AdminMediaMessages.captionDeleted);
    },
  });
}
