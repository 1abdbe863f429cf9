import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AdminVideoUploadEndpoints, TUS_CHUNK_CONTENT_TYPE, TUS_VERSION } from '@reeltime/contract';
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
  // The protocol wants Tus-Resumable on every answer, also those given before tus sees the
  // request (no token, not an admin, an invalid upload id, a body of another type).
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('Tus-Resumable', TUS_VERSION);
  });

  const answerBy =
    (answer: (request: FastifyRequest, reply: FastifyReply) => Promise<void>) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      reply.hijack();
      try {
        await answer(request, reply);
      } catch (error) {
        request.log.error({ err: error }, 'video upload request failed');
        if (!reply.raw.headersSent) reply.raw.writeHead(500, { 'Tus-Resumable': TUS_VERSION }).end();
        else reply.raw.destroy();
      }
      return reply;
    };
  const handOverToTus = answerBy((request, reply) =>
    uploads.handle(request.raw, reply.raw, request.user!.id),
  );

  registerEndpoints(app, AdminVideoUploadEndpoints, {
    discover: answerBy((request, reply) => uploads.discover(request.raw, reply.raw)),
    create: handOverToTus,
    offset: handOverToTus,
    append: handOverToTus,
    abandon: handOverToTus,
    override: handOverToTus,
  });
}
