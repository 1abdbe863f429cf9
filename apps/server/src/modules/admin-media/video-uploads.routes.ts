import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AdminVideoUploadEndpoints, TUS_CHUNK_CONTENT_TYPE } from '@reeltime/contract';
import { registerEndpoints } from '../../lib/endpoints';
import type { VideoUploads } from './video-uploads';

/**
 * The tus endpoints of video uploads. tus owns the request stream: the body is never parsed here,
 * and tus answers on the raw response.
 */
export async function videoUploadRoutes(
  app: FastifyInstance,
  options: { uploads: VideoUploads },
): Promise<void> {
  const { uploads } = options;
  app.addContentTypeParser(TUS_CHUNK_CONTENT_TYPE, (_request, _payload, done) => done(null));

  const handOverToTus = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.hijack();
    try {
      await uploads.handle(request.raw, reply.raw, request.user!.id);
    } catch (error) {
      request.log.error({ err: error }, 'video upload request failed');
      if (!reply.raw.headersSent) reply.raw.writeHead(500).end();
      else reply.raw.destroy();
    }
    return reply;
  };

  registerEndpoints(app, AdminVideoUploadEndpoints, {
    create: handOverToTus,
    offset: handOverToTus,
    append: handOverToTus,
    abandon: handOverToTus,
  });
}
